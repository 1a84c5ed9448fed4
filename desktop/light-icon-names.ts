/**
 * A build step that replaces Blueprint's icon-name tables (`@blueprintjs/icons`' iconNames.js) with
 * a check of the name's shape. Blueprint's icon loader imports those tables only to validate names,
 * yet they hold every one of its ~600 icons (about 64 kB of code in the console's entry chunk) and
 * spend start-up time converting each name to two more spellings. The console names icons from its
 * own lists (src/renderer/ui/icon-paths-*.ts); a name the loader cannot find still loads nothing and
 * draws an empty icon, as before. Nothing in the console reads `IconNames` itself.
 */
import type { Plugin } from 'vite';

const ICON_NAMES = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;
const VIRTUAL = '\0npo-light-icon-names';

const SOURCE = `
export const IconNames = {};
const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const IconNamesSet = { has: (name) => typeof name === 'string' && ICON_NAME.test(name) };
`;

export function lightIconNames(): Plugin {
  return {
    name: 'npo-light-icon-names',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/iconNames/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ICON_NAMES.test(resolved.id) ? VIRTUAL : null;
    },
    load(id) {
      return id === VIRTUAL ? SOURCE : null;
    },
  };
}
