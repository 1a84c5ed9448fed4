/**
 * A build step that drops the rules of Blueprint's style sheet for components the console never
 * renders (about 480 kB of CSS, most of it for components the console does not use), so the login
 * screen's first load carries only the styles the console can need.
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
import type { Plugin } from 'vite';

const NS = 'bp6';
const CLASSES_MODULE = /[\\/]@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]common[\\/]classes\.js$/;
/** Classes built from a value at run time (Classes.intentClass() and the like). */
const DYNAMIC = /^(intent|elevation|icon|position)-|-(enter|exit|appear)(-active|-done)?$/;
/** Returned by Classes.sizeClass/variantClass/alignmentClass, which reference them inside classes.js. */
const ALWAYS = ['small', 'large', 'minimal', 'outlined', 'align-left', 'align-right'];
const SCRIPT = /\.[cm]?[jt]sx?$/;
const ICON_GLYPH = new RegExp(`^\\.${NS}-icon-[\\w-]+:{1,2}before\\{content:("[^"]*"|'[^']*');?\\}$`);

/** NAME → class suffix (`BUTTON_GROUP` → `button-group`) of every constant in Blueprint's classes.js. */
function blueprintClassConstants(): Map<string, string> {
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

export function purgeBlueprintCss(): Plugin {
  const moduleCode = new Map<string, string>();
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
      const included = new Set<string>();
      for (const file of Object.values(bundle))
        if (file.type === 'chunk') file.moduleIds.forEach((id) => included.add(id));
      const text = [...included].map((id) => moduleCode.get(id) ?? '').join('\n');

      const used = new Set(ALWAYS);
      const identifiers = new Set(text.match(/\b[A-Z][A-Z0-9_]*\b/g));
      for (const [name, suffix] of blueprintClassConstants()) if (identifiers.has(name)) used.add(suffix);
      for (const [, suffix] of text.matchAll(new RegExp(`\\b${NS}-([a-z0-9-]*[a-z0-9])`, 'g'))) used.add(suffix!);
      const appended = new Set([...text.matchAll(/\}-([a-z0-9-]*[a-z0-9])/g)].map(([, suffix]) => suffix!));
      const isUsed = (suffix: string) =>
        used.has(suffix) ||
        DYNAMIC.test(suffix) ||
        suffix.split('-').some((_part, index, parts) => index > 0 && appended.has(parts.slice(index).join('-')));

      const renamed = new Map<string, string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const css = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
        if (!css.includes(`.${NS}-`)) continue;
        file.source = purgeCss(css, isUsed);
        // The name's hash was taken before: the same style sheet purged for other code must not keep
        // the name a browser may have cached. Same length, so no source map moves.
        const hash = createHash('sha256').update(file.source).digest('base64url').slice(0, 8);
        const fileName = file.fileName.replace(/-[\w-]{8}\.css$/, `-${hash}.css`);
        if (fileName === file.fileName) continue;
        renamed.set(file.fileName, fileName);
        delete bundle[file.fileName];
        this.emitFile({ type: 'asset', fileName, source: file.source });
      }
      const rename = (text: string) => {
        for (const [from, to] of renamed) text = text.replaceAll(from.replace(/^.*\//, ''), to.replace(/^.*\//, ''));
        return text;
      };
      for (const file of Object.values(bundle)) {
        // Vite lists each chunk's style sheets here and writes its preload lists from them afterwards.
        const importedCss = (file as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
        for (const [from, to] of renamed) if (importedCss?.delete(from)) importedCss.add(to);
        if (file.type === 'chunk') file.code = rename(file.code);
        else if (typeof file.source === 'string') file.source = rename(file.source);
        else if (/\.(html|js|json)$/.test(file.fileName)) file.source = rename(new TextDecoder().decode(file.source));
      }
    },
  };
}
