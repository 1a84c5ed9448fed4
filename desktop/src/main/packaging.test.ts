/**
 * The installers cannot be built here (electron-builder downloads the Electron zip and, for deb and
 * AppImage, fpm and the AppImage tools), so their configuration is checked for structure: through
 * electron-builder's own loader and schema, plus the choices this project relies on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration } from 'electron-builder';
import { beforeAll, describe, expect, it } from 'vitest';

const desktopDir = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

// electron-builder's own config loader and validator (app-builder-lib is its engine, installed with it).
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, options: null): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

let config: Configuration;
beforeAll(async () => {
  config = await getConfig(desktopDir, path.join(desktopDir, 'electron-builder.yml'), null);
});

function targets(platform: 'linux' | 'win' | 'mac'): unknown {
  return (config[platform] as { target?: unknown } | null | undefined)?.target;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's schema", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('names the app', () => {
    expect(config.appId).toBe('org.globalnutrition.console');
    expect(config.productName).toBe('Global Nutrition Network Console');
  });

  it('packages the build output only, into release/', () => {
    expect(config.directories?.output).toBe('release');
    // The loader normalises `files` into file sets.
    const patterns = (config.files as { filter: string[] }[]).flatMap((set) => set.filter);
    expect(patterns).toEqual(expect.arrayContaining(['out/**', '!node_modules/**']));
  });

  it('builds AppImage and deb on Linux, NSIS on Windows, dmg on macOS', () => {
    expect(targets('linux')).toEqual(['AppImage', 'deb']);
    expect(targets('win')).toEqual(['nsis']);
    expect(targets('mac')).toEqual(['dmg']);
  });

  it('publishes updates to the generic server named at package time', () => {
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.NPO_UPDATE_URL}' });
  });

  it('turns off the fuses a packaged console never needs', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
    });
  });

  it('has a 512×512 PNG icon for every platform', () => {
    for (const platform of ['linux', 'win', 'mac'] as const) {
      const icon = (config[platform] as { icon?: string }).icon!;
      expect(pngSize(path.join(desktopDir, icon)), platform).toEqual({ width: 512, height: 512 });
    }
  });
});

describe('desktop/package.json', () => {
  const pkg = JSON.parse(readFileSync(path.join(desktopDir, 'package.json'), 'utf8')) as {
    main: string;
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it('starts Electron from the built main process', () => {
    expect(pkg.main).toBe('./out/main/index.js');
  });

  it('keeps electron a dev dependency (electron-builder requires it) with the scripts of the README', () => {
    expect(pkg.devDependencies.electron).toBeDefined();
    expect(pkg.dependencies.electron).toBeUndefined();
    expect(pkg.scripts['dev:electron']).toBe('electron-vite dev');
    expect(pkg.scripts.package).toBe('electron-vite build && electron-builder');
    expect(pkg.scripts.build).toMatch(/electron-vite build$/);
  });

  it('installs Electron without a download step, so `npm ci` works offline', () => {
    const electronPackage = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    expect(electronPackage.scripts?.postinstall).toBeUndefined();
    expect(electronPackage.scripts?.install).toBeUndefined();
  });
});
