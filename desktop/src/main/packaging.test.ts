/**
 * The installers' configuration, checked through electron-builder's own loader and schema, and real
 * electron-builder runs, offline, against a stand-in Electron folder (the Electron zip, fpm and the
 * AppImage tools cannot be downloaded in CI): `--linux dir`, whose app.asar is read back and whose
 * executable's fuses are read; and every configured Linux target (AppImage, deb), built up to the
 * tools electron-builder would download, which are stand-ins here (CUSTOM_FPM_PATH,
 * APPIMAGE_TOOLS_PATH) that record what they were given. A deb without a homepage stopped there.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import type { Configuration } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforePack, checkUpdateFeed, describeSigning } from '../../scripts/package-checks.mjs';

const desktopDir = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

// electron-builder's own config loader and validator (app-builder-lib is its engine, installed with it).
const builderConfig = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, options: null): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

let config: Configuration;
beforeAll(async () => {
  config = await builderConfig.getConfig(desktopDir, path.join(desktopDir, 'electron-builder.yml'), null);
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
    await expect(builderConfig.validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
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

  it('publishes updates to the generic server named at package time, checked before packing', () => {
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.NPO_UPDATE_URL}' });
    expect(config.beforePack).toBe('./scripts/package-checks.mjs');
  });

  it('pins the Electron version installed in the workspace (npm hoists electron out of desktop/)', () => {
    const installed = (
      JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }
    ).version;
    expect(config.electronVersion).toBe(installed);
  });

  it('names every artifact without spaces, and the deb with a maintainer e-mail', () => {
    const names = [config.artifactName, config.deb?.artifactName, config.nsis?.artifactName];
    for (const name of names) expect(name).toMatch(/^gnn-console[^ ]*\$\{ext\}$/);
    expect(config.linux?.maintainer).toMatch(/^[^<>]+ <[^\s@<>]+@[^\s@<>]+\.[a-z]+>$/);
    expect(config.deb?.packageName).toBe('gnn-console');
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
    author: unknown;
    homepage: string;
    desktopName: string;
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it('starts Electron from the built main process', () => {
    expect(pkg.main).toBe('./out/main/index.js');
  });

  it('names an author with an e-mail, a homepage (the deb needs one) and the desktop file Electron looks for on Linux', () => {
    expect(pkg.author).toEqual({ name: expect.any(String), email: expect.stringMatching(/^[^\s@]+@[^\s@]+\.[a-z]+$/) });
    expect(pkg.homepage).toMatch(/^https:\/\/[^/\s]+/);
    expect(pkg.desktopName).toBe('gnn-console.desktop');
  });

  it('keeps electron a dev dependency (electron-builder requires it) with the scripts docs/desktop.md names', () => {
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

describe('the package step (scripts/package-checks.mjs)', () => {
  it('accepts an https update feed only', () => {
    expect(checkUpdateFeed('https://updates.example.org/console/')).toBe('https://updates.example.org/console/');
    for (const feed of [undefined, '', 'http://updates.example.org/', 'ftp://x.org/', 'updates.example.org']) {
      expect(() => checkUpdateFeed(feed), String(feed)).toThrow(/NPO_UPDATE_URL/);
    }
    expect(() => checkUpdateFeed('https://user:pw@updates.example.org/')).toThrow(/plain https/);
    expect(() => checkUpdateFeed('https://updates.example.org/?channel=beta')).toThrow(/plain https/);
  });

  it('says why signing and notarization are skipped when their variables are unset', () => {
    expect(describeSigning('win32', {})).toEqual([expect.stringMatching(/^skipped Windows signing: WIN_CSC_LINK/)]);
    expect(describeSigning('win32', { WIN_CSC_LINK: 'cert.p12' })).toEqual([expect.stringMatching(/^signing/)]);
    const mac = describeSigning('darwin', {});
    expect(mac).toEqual([
      expect.stringMatching(/^skipped macOS signing/),
      expect.stringMatching(/^skipped macOS notarization: set APPLE_API_KEY/),
    ]);
    const signed = describeSigning('darwin', {
      CSC_LINK: 'id.p12',
      APPLE_ID: 'a@b.org',
      APPLE_APP_SPECIFIC_PASSWORD: 'x',
      APPLE_TEAM_ID: 'T',
    });
    expect(signed).toEqual([expect.stringMatching(/^signing/), expect.stringMatching(/^notarizing/)]);
    expect(describeSigning('linux', {})).toEqual([expect.stringMatching(/^skipped signing/)]);
  });

  it('refuses to pack when the feed is not https', async () => {
    const saved = process.env.NPO_UPDATE_URL;
    process.env.NPO_UPDATE_URL = 'http://updates.example.org/';
    try {
      await expect(beforePack({ electronPlatformName: 'linux' })).rejects.toThrow(/https/);
    } finally {
      if (saved === undefined) delete process.env.NPO_UPDATE_URL;
      else process.env.NPO_UPDATE_URL = saved;
    }
  });
});

/** Electron's fuse wire marker (@electron/fuses looks for it in the executable). */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/**
 * The stand-in's fuses, in FuseV1Options order, set the way Electron ships them (run as node on,
 * cookie encryption off, …): each one the configuration names must then be flipped by the build.
 */
const SHIPPED_FUSES = '10110001';
const FEED = 'https://updates.example.org/console/';

const CONFIGURED_FUSES: [keyof NonNullable<Configuration['electronFuses']>, FuseV1Options][] = [
  ['runAsNode', FuseV1Options.RunAsNode],
  ['enableCookieEncryption', FuseV1Options.EnableCookieEncryption],
  ['enableNodeOptionsEnvironmentVariable', FuseV1Options.EnableNodeOptionsEnvironmentVariable],
  ['enableNodeCliInspectArguments', FuseV1Options.EnableNodeCliInspectArguments],
  ['enableEmbeddedAsarIntegrityValidation', FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
  ['onlyLoadAppFromAsar', FuseV1Options.OnlyLoadAppFromAsar],
  ['grantFileProtocolExtraPrivileges', FuseV1Options.GrantFileProtocolExtraPrivileges],
];

const run = promisify(execFile);

/**
 * A stand-in Electron folder electron-builder packs offline: an executable holding the fuse sentinel,
 * a version byte, the fuse count and the fuses; an empty resources/ folder; the version file.
 */
function standInElectron(folder: string): void {
  mkdirSync(path.join(folder, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'ascii'),
    Buffer.from([1, SHIPPED_FUSES.length]),
    Buffer.from(SHIPPED_FUSES, 'ascii'),
  ]);
  writeFileSync(path.join(folder, 'electron'), wire, { mode: 0o755 });
  writeFileSync(path.join(folder, 'version'), config.electronVersion!);
}

/** electron-builder for Linux, offline: no download may happen, an unreachable proxy fails any attempt. */
function electronBuilder(linux: string[], dirs: { electronDist: string; output: string }, env: Record<string, string>) {
  return run(
    process.execPath,
    [
      require.resolve('electron-builder/cli.js'),
      '--linux',
      ...linux,
      '--publish',
      'never',
      `-c.electronDist=${dirs.electronDist}`,
      `-c.directories.output=${dirs.output}`,
    ],
    {
      cwd: desktopDir,
      env: { ...process.env, CI: 'true', HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', ...env },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

describe('electron-builder --linux dir, offline, against a stand-in Electron', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'npo-package-'));
  const electronDist = path.join(work, 'electron');
  const output = path.join(work, 'release');
  const appDir = path.join(output, 'linux-unpacked');
  const builder = (feed: string) => electronBuilder(['dir'], { electronDist, output }, { NPO_UPDATE_URL: feed });

  beforeAll(async () => {
    // `npm test` builds first; the packaging checks are about that build's output.
    expect(existsSync(path.join(desktopDir, 'out', 'main', 'index.js')), 'run `npm run build` first').toBe(true);
    standInElectron(electronDist);
    await builder(FEED);
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('packs the built bundles and package.json only: no sources, source maps, tests or node_modules', () => {
    const entries = listPackage(path.join(appDir, 'resources', 'app.asar'), { isPack: false }).map((entry) =>
      entry.replaceAll('\\', '/'),
    );
    const files = entries.filter((entry) => path.posix.extname(entry) !== '');
    expect(files).toEqual(
      expect.arrayContaining([
        '/package.json',
        '/out/main/index.js',
        '/out/preload/index.cjs',
        '/out/renderer/index.html',
      ]),
    );
    for (const entry of entries)
      expect(entry === '/package.json' || entry === '/out' || entry.startsWith('/out/'), entry).toBe(true);
    for (const file of files) {
      expect(file, file).not.toMatch(/\.map$|\.test\.|\.tsx?$|node_modules|test-support/);
    }
  });

  it('flips every fuse as electron-builder.yml configures', async () => {
    const wire = await getCurrentFuseWire(path.join(appDir, 'gnn-console'));
    for (const [name, fuse] of CONFIGURED_FUSES) {
      const wanted = config.electronFuses![name];
      expect(typeof wanted, name).toBe('boolean');
      expect(String.fromCharCode(wire[fuse]!), name).toBe(wanted ? '1' : '0');
      expect(wire[fuse], `${name} was flipped`).not.toBe(SHIPPED_FUSES.charCodeAt(fuse));
    }
  });

  it('writes the https feed into app-update.yml for electron-updater', () => {
    const feed = readFileSync(path.join(appDir, 'resources', 'app-update.yml'), 'utf8');
    expect(feed).toContain('provider: generic');
    expect(feed).toContain(`url: ${FEED}`);
  });

  it('refuses to package with an http update feed', async () => {
    const failure = (await builder('http://updates.example.org/console/').then(
      () => null,
      (error: unknown) => error,
    )) as { code?: number; stdout: string; stderr: string } | null;
    expect(failure, 'the build must fail').not.toBeNull();
    expect(failure?.code).not.toBe(0);
    expect(`${failure?.stdout}${failure?.stderr}`).toMatch(/NPO_UPDATE_URL must start with https/);
  }, 120_000);
});

/** A tool electron-builder would download, replaced by a script that records its arguments (and what `record` adds). */
function standInTool(file: string, record: string): void {
  writeFileSync(
    file,
    `#!/usr/bin/env node
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
${record}
`,
    { mode: 0o755 },
  );
}

describe('every configured Linux target, offline, up to the tools electron-builder downloads', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'npo-targets-'));
  const electronDist = path.join(work, 'electron');
  const output = path.join(work, 'release');
  const tools = path.join(work, 'appimage-tools');
  const fpm = path.join(work, 'fpm');
  const record = (name: string) =>
    JSON.parse(readFileSync(path.join(work, `${name}.json`), 'utf8')) as Record<string, unknown>;
  let failure: unknown = null;

  beforeAll(async () => {
    expect(existsSync(path.join(desktopDir, 'out', 'main', 'index.js')), 'run `npm run build` first').toBe(true);
    standInElectron(electronDist);
    // fpm: records its arguments and the desktop entry it was handed, and makes the --package file.
    standInTool(
      fpm,
      `const desktop = args.find((arg) => arg.endsWith('.desktop=/usr/share/applications/gnn-console.desktop'));
fs.writeFileSync(${JSON.stringify(path.join(work, 'fpm.json'))}, JSON.stringify({ args, desktop: fs.readFileSync(desktop.split('=')[0], 'utf8') }));
fs.writeFileSync(args[args.indexOf('--package') + 1], 'deb');`,
    );
    // The AppImage tools (electron-builder's FUSE 2 layout): mksquashfs records the staged folder.
    mkdirSync(path.join(tools, 'linux-x64'), { recursive: true });
    mkdirSync(path.join(tools, 'lib', 'x64'), { recursive: true });
    writeFileSync(path.join(tools, 'runtime-x64'), 'runtime');
    standInTool(
      path.join(tools, 'linux-x64', 'mksquashfs'),
      `const [stage, image] = args;
fs.writeFileSync(${JSON.stringify(path.join(work, 'mksquashfs.json'))}, JSON.stringify({
  args, files: fs.readdirSync(stage), desktop: fs.readFileSync(path.join(stage, 'gnn-console.desktop'), 'utf8'),
}));
fs.writeFileSync(image, 'squashfs');`,
    );
    standInTool(path.join(tools, 'linux-x64', 'desktop-file-validate'), '');
    // No target named: electron-builder builds the configured ones.
    failure = await electronBuilder(
      ['--x64'],
      { electronDist, output },
      { NPO_UPDATE_URL: FEED, CUSTOM_FPM_PATH: fpm, APPIMAGE_TOOLS_PATH: tools },
    ).then(
      () => null,
      (error: unknown) => error,
    );
  }, 180_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('builds both without a configuration error or a download', () => {
    const { stdout = '', stderr = '' } = (failure ?? {}) as { stdout?: string; stderr?: string };
    expect(failure, `${stdout}${stderr}`.slice(-2000)).toBeNull();
    expect(existsSync(path.join(output, 'gnn-console_1.0.0_amd64.deb'))).toBe(true);
    expect(existsSync(path.join(output, 'gnn-console-1.0.0-x86_64.AppImage'))).toBe(true);
  });

  it('gives fpm the deb its metadata: name, version, maintainer, homepage, the keychain library, the menu entry', () => {
    const { args, desktop } = record('fpm') as { args: string[]; desktop: string };
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(value('-t')).toBe('deb');
    expect(value('--name')).toBe('gnn-console');
    expect(value('--version')).toBe('1.0.0');
    expect(value('--maintainer')).toBe(config.linux?.maintainer);
    expect(value('--url')).toBe('https://globalnutrition.org');
    // safeStorage keeps the outbox and the token with the desktop's keyring through libsecret.
    expect(args).toContain('libsecret-1-0');
    expect(args.some((arg) => arg.endsWith('=/usr/share/icons/hicolor/512x512/apps/gnn-console.png'))).toBe(true);
    expect(desktop).toContain('Name=Global Nutrition Network Console');
    expect(desktop).toMatch(/^Exec="?\/opt\/Global Nutrition Network Console\/gnn-console"? %U$/m);
    expect(desktop).toContain('Categories=Office;');
  });

  it('stages the AppImage with its launcher, desktop entry and icon, and lists it in the update feed', () => {
    const { files, desktop } = record('mksquashfs') as { files: string[]; desktop: string };
    expect(files).toEqual(
      expect.arrayContaining(['AppRun', 'gnn-console', 'gnn-console.desktop', 'gnn-console.png', 'resources']),
    );
    expect(desktop).toContain('Name=Global Nutrition Network Console');
    expect(desktop).toMatch(/^Exec=AppRun/m);
    expect(readFileSync(path.join(output, 'latest-linux.yml'), 'utf8')).toContain('gnn-console-1.0.0-x86_64.AppImage');
  });
});
