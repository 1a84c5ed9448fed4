// Every relative link and image in README.md, CHANGELOG.md and docs/ resolves inside the repository:
// the file (or folder) exists, it does not lie outside the repository, and a #fragment names a heading
// of the Markdown file it points to (GitHub's heading ids). Links to other sites (http:, https:,
// mailto:) are not followed. Code (fenced blocks and `inline`) is not read as links.
//
//   node scripts/check-links.mjs [files...]     (no files: README.md, CHANGELOG.md and docs/**/*.md)
//
// Prints one line per broken link (file:line: target: reason) and exits 1 if there is any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

function defaultFiles() {
  const top = ['README.md', 'CHANGELOG.md'].map((name) => path.join(root, name)).filter((file) => existsSync(file));
  const docs = path.join(root, 'docs');
  return [...top, ...(existsSync(docs) ? markdownFiles(docs) : [])];
}

/** The text with code blocks and inline code blanked (same length and lines, so line numbers hold). */
export function withoutCode(text) {
  const blank = (match) => match.replace(/[^\n]/g, ' ');
  return text
    .replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?(^\1\2[^\n]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)[^`\n]*?\1/g, blank);
}

/** GitHub's id of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
export function headingIds(markdown) {
  const ids = new Set();
  const seen = new Map();
  for (const line of withoutCode(markdown).split('\n')) {
    const match = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const text = match[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*_~]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  // Explicit anchors (<a id="…"> or name="…").
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(match[1]);
  return ids;
}

/** Every link and image target of the text with its line: inline, reference definitions and <img src>. */
export function linkTargets(markdown) {
  const text = withoutCode(markdown);
  const targets = [];
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push({ target: match[1], line: lineOf(match.index) });
  }
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) {
    targets.push({ target: match[1], line: lineOf(match.index) });
  }
  for (const match of text.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)) {
    targets.push({ target: match[1], line: lineOf(match.index) });
  }
  return targets;
}

/** Why `target`, written in `file`, does not resolve inside the repository; undefined when it does. */
export function problemOf(file, target) {
  if (target === '') return 'empty link';
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // another site, mailto:, and the like
  if (target.startsWith('//')) return 'a protocol-relative link leaves the repository';
  const [rawPath, fragment] = target.split('#', 2);
  const pathPart = decodeURIComponent(rawPath.split('?')[0]);
  const resolved =
    pathPart === ''
      ? file
      : path.resolve(pathPart.startsWith('/') ? root : path.dirname(file), '.' + path.sep + pathPart);
  const relative = path.relative(root, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return 'points outside the repository';
  if (!existsSync(resolved)) return 'no such file';
  if (fragment !== undefined && fragment !== '') {
    if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) return undefined;
    if (!headingIds(readFileSync(resolved, 'utf8')).has(decodeURIComponent(fragment).toLowerCase())) {
      return `no heading #${fragment} in ${path.relative(root, resolved)}`;
    }
  }
  return undefined;
}

function main() {
  const given = process.argv.slice(2).map((file) => path.resolve(file));
  const files = given.length > 0 ? given : defaultFiles();
  let broken = 0;
  let checked = 0;
  for (const file of files) {
    for (const { target, line } of linkTargets(readFileSync(file, 'utf8'))) {
      checked += 1;
      const problem = problemOf(file, target);
      if (problem === undefined) continue;
      broken += 1;
      console.error(`${path.relative(root, file)}:${line}: ${target}: ${problem}`);
    }
  }
  console.log(`links: ${checked} checked in ${files.length} files, ${broken} broken`);
  process.exit(broken === 0 ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
