/**
 * Every icon the console names is in its own icon lists (./icon-paths-16.ts, ./icon-paths-20.ts):
 * a name missing from them falls back to Blueprint's chunk of every icon's paths (./icons.ts). The
 * test reads the renderer's sources and collects each string literal used as an icon: the value of
 * a JSX attribute or object property whose name ends in "icon" (`icon`, `endIcon`, `rightIcon`...),
 * including both sides of a condition, and any literal inside a declaration typed with `IconName`
 * (a `Record<…, IconName>` table, a function returning `IconName`).
 */
import { IconNames } from '@blueprintjs/icons';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PATHS as PATHS_16 } from './icon-paths-16';
import { PATHS as PATHS_20 } from './icon-paths-20';
import { PATHS as PATHS_SIGNED_OUT } from './icon-paths-signed-out';

/** The renderer's sources (not its tests nor the icon lists), read as text by Vite's glob. */
const SOURCES = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./icon-paths-*.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
const BLUEPRINT_ICONS = new Set<string>(Object.values(IconNames));
const ICON_KEY = /icon$/i;

function keyName(name: ts.Node | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

/** Whether the literal is an icon: under an `…icon` attribute/property or a declaration typed `IconName`. */
function namesAnIcon(literal: ts.Node): boolean {
  for (let node = literal.parent; node; node = node.parent) {
    if (ts.isJsxAttribute(node)) return ICON_KEY.test(node.name.getText());
    if (ts.isPropertyAssignment(node) && ICON_KEY.test(keyName(node.name) ?? '')) return true;
    if (
      (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node)) &&
      node.type?.getText().includes('IconName')
    )
      return true;
    if (ts.isFunctionLike(node) && node.type?.getText().includes('IconName')) return true;
    // A call's arguments or a JSX child are not the value of the enclosing attribute/property.
    if (ts.isCallExpression(node) || ts.isJsxElement(node) || ts.isBlock(node) || ts.isSourceFile(node)) return false;
  }
  return false;
}

function iconsUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const [path, text] of SOURCES) {
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && BLUEPRINT_ICONS.has(node.text)) {
        if (namesAnIcon(node) && !used.has(node.text)) used.set(node.text, path);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

describe("the console's icon lists", () => {
  const used = iconsUsed();

  it('find the icons the renderer names (the scan itself works)', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    // Names from a JSX attribute, a condition, an object property and an `IconName` table.
    for (const name of ['trash', 'sort-asc', 'sort-desc', 'unlock', 'people', 'trending-up']) {
      expect(used.has(name), name).toBe(true);
    }
  });

  it.each([
    ['16 px', PATHS_16],
    ['20 px', PATHS_20],
  ])('hold every icon the renderer names, at %s', (_size, paths) => {
    const missing = [...used]
      .filter(([name]) => !paths[name as keyof typeof paths])
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('hold only icons the renderer names, each with its paths', () => {
    for (const paths of [PATHS_16, PATHS_20, PATHS_SIGNED_OUT]) {
      for (const [name, drawn] of Object.entries(paths)) {
        expect(used.has(name), `${name} is listed but never named`).toBe(true);
        expect(drawn?.length, name).toBeGreaterThan(0);
      }
    }
  });
});
