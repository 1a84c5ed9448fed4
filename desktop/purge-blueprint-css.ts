/**
 * A build step that drops the rules of Blueprint's style sheet for components the console never
 * renders (about 480 kB of CSS, most of it for components the console does not use), and keeps in
 * the login screen's first load only the rules of the code that load brings (see purgeBlueprintCss).
 *
 * A `.bp6-*` class counts as used when the bundled code can produce it:
 * - a constant of Blueprint's `Classes` (common/classes.js) referenced by name in a bundled module;
 * - the class written out (`"bp6-button"`), or a suffix appended in a template (`${Classes.X}-suffix`);
 * - a class built at run time: intents, elevations, icons, positions, and the transition classes
 *   react-transition-group appends (`-enter`, `-exit-active`...): kept whole, whatever the rest.
 * A selector is kept when all its classes are used (a class inside `:not()` does not count); a rule
 * when one of its selectors is. The icon font's glyphs (`.bp6-icon-add:before{content:"…"}`) go: the
 * console draws every icon as SVG, whose span the glyph never shows in. At-rules other than @media/@supports/@container/@layer stay as they are.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin, Rollup } from 'vite';

const NS = 'bp6';
const CLASSES_MODULE = /[\\/]@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]common[\\/]classes\.js$/;
/** Classes built from a value at run time (Classes.intentClass() and the like). */
const DYNAMIC = /^(intent|elevation|icon|position)-|-(enter|exit|appear)(-active|-done)?$/;
/** Returned by Classes.sizeClass/variantClass/alignmentClass, which reference them inside classes.js. */
const ALWAYS = ['small', 'large', 'minimal', 'outlined', 'align-left', 'align-right'];
const SCRIPT = /\.[cm]?[jt]sx?$/;
const ICON_GLYPH = new RegExp(`^\\.${NS}-icon-[\\w-]+:{1,2}before\\{content:("[^"]*"|'[^']*');?\\}$`);

/** NAME → class suffix (`BUTTON_GROUP` → `button-group`) of every constant in Blueprint's classes.js. */
let classConstants: Map<string, string> | undefined;
function blueprintClassConstants(): Map<string, string> {
  return (classConstants ??= readClassConstants());
}

function readClassConstants(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@blueprintjs/core/lib/esm/common/classes.js');
  const values = new Map<string, string>([['NS', NS]]);
  for (const [, name, base, rest] of readFileSync(file, 'utf8').matchAll(
    /export const (\w+) = `\$\{(\w+)\}([^`$]*)`;/g,
  )) {
    const prefix = values.get(base!);
    if (prefix !== undefined) values.set(name!, prefix + rest!);
  }
  values.delete('NS');
  return new Map([...values].map(([name, value]) => [name, value.slice(NS.length + 1)]));
}

/** The top-level blocks of a (minified) style sheet: `prelude{body}` or a statement ending in `;`. */
function blocks(css: string): { prelude: string; body: string | null }[] {
  const result: { prelude: string; body: string | null }[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  let quote: string | null = null;
  for (let index = 0; index < css.length; index += 1) {
    const char = css[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '/' && css[index + 1] === '*') index = css.indexOf('*/', index + 2) + 1 || css.length;
    else if (char === '{') {
      if (depth === 0) open = index;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        result.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, index) });
        start = index + 1;
      }
    } else if (char === ';' && depth === 0) {
      result.push({ prelude: css.slice(start, index + 1).trim(), body: null });
      start = index + 1;
    }
  }
  if (css.slice(start).trim()) result.push({ prelude: css.slice(start).trim(), body: null });
  return result;
}

/** Splits a selector list on its top-level commas. */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

export function purgeCss(css: string, isUsed: (suffix: string) => boolean): string {
  const classPattern = new RegExp(`\\.${NS}-([\\w-]+)`, 'g');
  const keepSelector = (selector: string) => {
    let positive = selector;
    // :not(.bp6-x) matches whether or not .bp6-x exists: its classes decide nothing.
    while (/:not\([^()]*\)/.test(positive)) positive = positive.replace(/:not\([^()]*\)/g, '');
    return [...positive.matchAll(classPattern)].every(([, suffix]) => isUsed(suffix!));
  };
  let out = '';
  for (const { prelude, body } of blocks(css)) {
    if (body === null) out += prelude;
    else if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = purgeCss(body, isUsed);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) out += `${prelude}{${body}}`;
    else if (ICON_GLYPH.test(`${prelude}{${body}}`)) continue;
    else {
      const kept = selectors(prelude).filter(keepSelector);
      if (kept.length) out += `${kept.join(',')}{${body}}`;
    }
  }
  return out;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 8);
type Bundle = Rollup.OutputBundle;
type Chunk = Rollup.OutputChunk;
/** Vite's note of the style sheets a chunk needs, from which it writes the preload lists afterwards. */
const importedCss = (file: Bundle[string]) =>
  (file as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
const chunks = (bundle: Bundle) => Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
const textOf = (file: Rollup.OutputAsset) =>
  typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);

/** Which `.bp6-*` class suffixes the given code can produce (see the header). */
function classesUsedBy(code: string): (suffix: string) => boolean {
  const used = new Set(ALWAYS);
  const identifiers = new Set(code.match(/\b[A-Z][A-Z0-9_]*\b/g));
  for (const [name, suffix] of blueprintClassConstants()) if (identifiers.has(name)) used.add(suffix);
  for (const [, suffix] of code.matchAll(new RegExp(`\\b${NS}-([a-z0-9-]*[a-z0-9])`, 'g'))) used.add(suffix!);
  const appended = new Set([...code.matchAll(/\}-([a-z0-9-]*[a-z0-9])/g)].map(([, suffix]) => suffix!));
  return (suffix: string) =>
    used.has(suffix) ||
    DYNAMIC.test(suffix) ||
    suffix.split('-').some((_part, index, parts) => index > 0 && appended.has(parts.slice(index).join('-')));
}

/** The chunks given and every chunk they import statically, by file name. */
function staticClosure(bundle: Bundle, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  [...roots].forEach(visit);
  return seen;
}

/** The chunks the page loads up front: the entries, what index.html preloads, and their static imports. */
function firstLoadChunks(bundle: Bundle): Set<string> {
  const roots = chunks(bundle)
    .filter((chunk) => chunk.isEntry)
    .map((chunk) => chunk.fileName);
  for (const file of Object.values(bundle))
    if (file.type === 'asset' && file.fileName.endsWith('.html'))
      for (const chunk of chunks(bundle)) if (textOf(file).includes(chunk.fileName)) roots.push(chunk.fileName);
  return staticClosure(bundle, roots);
}

/**
 * Purges each style sheet for the classes the bundled code can produce, and splits the start sheet:
 * the first screen (the login) needs a small part of Blueprint's rules, so the sheet it loads keeps
 * only those of the code it loads up front. A chunk loaded later whose code needs more (the signed-in
 * console, the other signed-out screens) lists, before its own sheets, the start sheet purged for all
 * the code; Vite loads a chunk's sheets before running it. Coming later in the document, that copy
 * overrides the first one rule for rule, so those screens see the same cascade (normalize, Blueprint,
 * app, brand, then their own) as with one sheet.
 */
export function purgeBlueprintCss(): Plugin {
  const moduleCode = new Map<string, string>();
  const codeOf = (ids: Iterable<string>) => [...ids].map((id) => moduleCode.get(id) ?? '').join('\n');
  return {
    name: 'npo-purge-blueprint-css',
    apply: 'build',
    // After Vite has written the style sheets and index.html, which the renaming updates.
    enforce: 'post',
    transform(code, id) {
      if (SCRIPT.test(id.split('?')[0]!) && !CLASSES_MODULE.test(id)) moduleCode.set(id, code);
      return null;
    },
    generateBundle(_options, bundle) {
      const modulesOf = (fileNames: Iterable<string>) =>
        [...fileNames].flatMap((fileName) => (bundle[fileName] as Chunk).moduleIds);
      const usedByAll = classesUsedBy(codeOf(chunks(bundle).flatMap((chunk) => chunk.moduleIds)));
      const firstLoad = firstLoadChunks(bundle);
      const usedFirst = classesUsedBy(codeOf(modulesOf(firstLoad)));
      const startSheets = new Set([...firstLoad].flatMap((fileName) => [...(importedCss(bundle[fileName]!) ?? [])]));

      const sources = new Map<string, string>();
      for (const file of Object.values(bundle))
        if (file.type === 'asset' && file.fileName.endsWith('.css')) sources.set(file.fileName, textOf(file));
      const fullSheets: { fileName: string; css: string }[] = [];
      for (const [fileName, css] of sources) {
        if (!css.includes(`.${NS}-`)) continue;
        const isStart = startSheets.has(fileName);
        sources.set(fileName, purgeCss(css, isStart ? usedFirst : usedByAll));
        if (!isStart) continue;
        const full = purgeCss(css, usedByAll);
        fullSheets.push({ fileName: fileName.replace(/(-[\w-]{8})?\.css$/, `-full-${hashOf(full)}.css`), css: full });
      }
      for (const full of fullSheets) {
        this.emitFile({ type: 'asset', fileName: full.fileName, source: full.css });
        const firstOnly = purgeCss(full.css, usedFirst);
        for (const chunk of chunks(bundle)) {
          const sheets = importedCss(chunk);
          if (!sheets || firstLoad.has(chunk.fileName)) continue;
          const usedHere = classesUsedBy(codeOf(modulesOf(staticClosure(bundle, [chunk.fileName]))));
          if (purgeCss(full.css, (suffix) => usedFirst(suffix) || usedHere(suffix)) === firstOnly) continue;
          // First in the list, so that the chunk's own sheets come after it in the document.
          const own = [...sheets];
          sheets.clear();
          [full.fileName, ...own].forEach((sheet) => sheets.add(sheet));
        }
      }
      const renamed = renameChanged(bundle, sources, (asset) => this.emitFile(asset));
      updateReferences(bundle, renamed);
    },
  };
}

/**
 * Writes each changed style sheet under a new name: the name's hash was taken before, and a
 * purged sheet must not keep the name a browser may have cached. Same length, so no source map moves.
 */
function renameChanged(
  bundle: Bundle,
  sources: Map<string, string>,
  emit: (asset: Rollup.EmittedAsset) => void,
): Map<string, string> {
  const renamed = new Map<string, string>();
  for (const [fileName, source] of sources) {
    const asset = bundle[fileName] as Rollup.OutputAsset;
    if (asset.source === source) continue;
    asset.source = source;
    const newName = fileName.replace(/-[\w-]{8}\.css$/, `-${hashOf(source)}.css`);
    if (newName === fileName) continue;
    renamed.set(fileName, newName);
    delete bundle[fileName];
    emit({ type: 'asset', fileName: newName, source });
  }
  return renamed;
}

/** Points the chunks, index.html and Vite's style sheet lists at the renamed sheets. */
function updateReferences(bundle: Bundle, renamed: Map<string, string>): void {
  const rename = (text: string) => {
    for (const [from, to] of renamed) text = text.replaceAll(from.replace(/^.*\//, ''), to.replace(/^.*\//, ''));
    return text;
  };
  for (const file of Object.values(bundle)) {
    const sheets = importedCss(file);
    for (const [from, to] of renamed) if (sheets?.delete(from)) sheets.add(to);
    if (file.type === 'chunk') file.code = rename(file.code);
    else if (typeof file.source === 'string') file.source = rename(file.source);
    else if (/\.(html|js|json)$/.test(file.fileName)) file.source = rename(new TextDecoder().decode(file.source));
  }
}
