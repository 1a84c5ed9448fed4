/**
 * No import cycle in the server, the shared package, the site and the console, type-only imports included: layers import one
 * way (DESIGN: routes → service → repository → db), and a cycle is where that breaks first. Imports are
 * read by TypeScript's own pre-processor, so `import type` and `export … from` count like any import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ROOTS = ['api/src', 'shared/src', 'site', 'desktop/src'];
/** Folders of built or installed code, not sources. */
const SKIPPED = new Set(['node_modules', 'dist', 'out']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The file a relative specifier names (NodeNext: `./x.js` is `./x.ts`); packages are left out. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(from), specifier);
  const stem = target.replace(/\.(js|jsx|ts|tsx)$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')];
  return candidates.find(isFile);
}

function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map(({ fileName }) => resolveImport(file, fileName));
      return [file, targets.filter((target): target is string => target !== undefined)];
    }),
  );
}

/** Every cycle met by a depth-first walk, each as the files along it (the first one repeated at the end). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    if (done.has(file)) return;
    const at = onPath.indexOf(file);
    if (at >= 0) {
      cycles.push([...onPath.slice(at), file]);
      return;
    }
    onPath.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    onPath.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

describe('imports', () => {
  it('form no cycle in api, shared, site and desktop', () => {
    const graph = importGraph(ROOTS.flatMap((root) => sourceFiles(path.join(REPO, root))));
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => path.relative(REPO, file)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
