/**
 * Blueprint icons named by string (`icon="trash"`) come from the console's own list, one small chunk
 * per size loaded on first use, instead of Blueprint's default chunk of every icon's paths (about
 * 100 kB gzip per size). An icon missing from the list still shows: it falls back to that default.
 * Blueprint's components draw their own icons (caret, close button...) from static imports.
 */
import { Icons, IconSize, type IconName } from '@blueprintjs/icons';

/** The icons of the signed-out screens, in a chunk of their own (./icon-paths-signed-out.ts). */
const SIGNED_OUT = new Set<IconName>(['envelope', 'error', 'eye-off', 'eye-open', 'flash', 'moon', 'tick-circle']);
const loadSignedOutPaths = () => import('./icon-paths-signed-out').then((module) => module.PATHS);

const LISTS = {
  [IconSize.STANDARD]: () => import('./icon-paths-16').then((module) => module.PATHS),
  [IconSize.LARGE]: () => import('./icon-paths-20').then((module) => module.PATHS),
};

async function loadIconPaths(name: IconName, size: IconSize): Promise<string[]> {
  const standard = size < IconSize.LARGE;
  const few = standard && SIGNED_OUT.has(name) ? (await loadSignedOutPaths())[name] : undefined;
  if (few) return few;
  const paths = (await LISTS[standard ? IconSize.STANDARD : IconSize.LARGE]())[name];
  if (paths) return paths;
  if (import.meta.env.DEV) console.warn(`Icon "${name}" is not in ui/icon-paths-*.ts: loading every icon instead`);
  await Icons.load(name, size, { loader: 'split-by-size' });
  return Icons.getPaths(name, size) ?? [];
}

export function loadIconsOnDemand(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
