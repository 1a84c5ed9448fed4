/**
 * A build step that purges Blueprint's style sheet (about 560 kB, most of it for components the console
 * never draws) with PurgeCSS, and keeps in the login screen's first load only the rules of the code that
 * load brings. Only `.bp6-*` classes are purged: the console's own style sheets, normalize's rules,
 * elements and attributes all stay.
 *
 * Blueprint builds its class names from constants (`Classes.TOAST_CONTAINER` is `${NS}-toast-container`),
 * so the bundled code rarely spells a class out, and it appends suffixes at run time
 * (`${Classes.TOAST_CONTAINER}-${position}`, `-in-portal`, the transition classes `-enter`, `-exit-active`).
 * A class therefore counts as used when the code spells it out (PurgeCSS's own extraction), or when its
 * family is used: the code names the constant of `bp6-toast-container` (or of `bp6-toast`), and every
 * `bp6-toast-container-*` class is kept with it. Overlays, toasts, popovers, dialogs and portals are kept
 * whole in the signed-in console's sheet: they render outside the app (a missing one put every toast below
 * the window, issue 55).
 * The icon font's glyphs (`.bp6-icon-add::before`) go: the console draws every icon as SVG.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { PurgeCSS } from 'purgecss';
import type { Plugin, Rollup } from 'vite';

const NS = 'bp6';
const CLASSES_MODULE = /[\\/]@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]common[\\/]classes\.js$/;
const SCRIPT = /\.[cm]?[jt]sx?$/;
/** Drawn outside the app's tree, often only after an action: kept whole whatever the code shows. */
const OVERLAYS = ['overlay', 'toast', 'popover', 'dialog', 'portal', 'transition-container', 'tooltip', 'drawer'];
/** Built from a value at run time (Classes.intentClass(), sizeClass() and the like). */
const RUN_TIME = ['intent-', 'elevation-', 'position-', 'small$', 'large$', 'minimal$', 'outlined$', 'align-'];

/** NAME → class (`TOAST_CONTAINER` → `bp6-toast-container`) of every string constant of Blueprint's Classes. */
let classConstants: Map<string, string> | undefined;
function blueprintClassConstants(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const classes = require('@blueprintjs/core/lib/cjs/common/classes.js') as Record<string, unknown>;
  classConstants ??= new Map(
    Object.entries(classes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return classConstants;
}

/** The Blueprint classes the code names: by their constant (`TOAST_CONTAINER`) or spelled out. */
function classesNamedBy(code: string): Set<string> {
  const identifiers = new Set(code.match(/\b[A-Z][A-Z0-9_]*\b/g));
  const named = [...blueprintClassConstants()].filter(([name]) => identifiers.has(name)).map(([, value]) => value);
  return new Set([...named, ...(code.match(new RegExp(`\\b${NS}-[a-z0-9-]*[a-z0-9]`, 'g')) ?? [])]);
}

/**
 * The `.bp6-*` classes the given code can produce beyond those it spells out, as one pattern; with
 * `overlays`, every overlay family too (the login's first load has none, and any code that shows one
 * names its constants, so it brings the full sheet).
 */
function familiesUsedBy(code: string, overlays: boolean): RegExp {
  const families = [...classesNamedBy(code)]
    .map((value) => value.slice(NS.length + 1).replace(/[^\w-]/g, ''))
    // The icon family is its glyphs: keep the constants (bp6-icon, bp6-icon-large...), not the family.
    .map((suffix) => (suffix === 'icon' ? 'icon$' : `${suffix}(-|$)`));
  const alternatives = [...(overlays ? OVERLAYS.map((name) => `${name}(-|$)`) : []), ...RUN_TIME, ...families];
  return new RegExp(`^${NS}-(${alternatives.join('|')})`);
}

async function purge(css: string, code: string, { overlays }: { overlays: boolean }): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: code, extension: 'js' }],
    css: [{ raw: css }],
    // Everything but Blueprint's classes stays (elements, attributes, the console's own classes).
    safelist: { standard: [new RegExp(`^(?!${NS}-)`), familiesUsedBy(code, overlays)] },
  });
  return result!.css;
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
 * Purges each style sheet for the code that loads it, and splits the start sheet: the first screen
 * (the login) needs a small part of Blueprint's rules, so the sheet it loads keeps only those of the
 * code it loads up front. Every chunk loaded later (the signed-in console, the other signed-out screens)
 * lists, before its own sheets, the start sheet purged for all the code; Vite loads a chunk's sheets
 * before running it. Coming later in the document, that copy overrides the first one rule for rule, so
 * those screens see the same cascade (normalize, Blueprint, app, brand, then their own) as with one sheet.
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
      // The code before minifying, where Blueprint's components still name the constants they use.
      if (SCRIPT.test(id.split('?')[0]!) && !CLASSES_MODULE.test(id)) moduleCode.set(id, code);
      return null;
    },
    async generateBundle(_options, bundle) {
      const modulesOf = (fileNames: Iterable<string>) =>
        [...fileNames].flatMap((fileName) => (bundle[fileName] as Chunk).moduleIds);
      const allCode = codeOf(chunks(bundle).flatMap((chunk) => chunk.moduleIds));
      const firstLoad = firstLoadChunks(bundle);
      const firstCode = codeOf(modulesOf(firstLoad));
      const startSheets = new Set([...firstLoad].flatMap((fileName) => [...(importedCss(bundle[fileName]!) ?? [])]));

      const sources = new Map<string, string>();
      for (const file of Object.values(bundle))
        if (file.type === 'asset' && file.fileName.endsWith('.css')) sources.set(file.fileName, textOf(file));
      const fullSheets: string[] = [];
      for (const [fileName, css] of sources) {
        if (!css.includes(`.${NS}-`)) continue;
        if (!startSheets.has(fileName)) {
          sources.set(fileName, await purge(css, allCode, { overlays: true }));
          continue;
        }
        sources.set(fileName, await purge(css, firstCode, { overlays: false }));
        const full = await purge(css, allCode, { overlays: true });
        const fullName = fileName.replace(/(-[\w-]{8})?\.css$/, `-full-${hashOf(full)}.css`);
        this.emitFile({ type: 'asset', fileName: fullName, source: full });
        fullSheets.push(fullName);
      }
      // A chunk loaded later whose code names classes the first load does not brings the full sheet, first
      // in its list so that its own sheets come after it in the document.
      const namedFirst = classesNamedBy(firstCode);
      for (const chunk of chunks(bundle)) {
        const sheets = importedCss(chunk);
        if (!sheets || firstLoad.has(chunk.fileName) || fullSheets.length === 0) continue;
        const named = classesNamedBy(codeOf(modulesOf(staticClosure(bundle, [chunk.fileName]))));
        if ([...named].every((name) => namedFirst.has(name))) continue;
        const own = [...sheets];
        sheets.clear();
        [...fullSheets, ...own].forEach((sheet) => sheets.add(sheet));
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
