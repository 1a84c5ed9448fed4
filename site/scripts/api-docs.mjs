// Puts the API reference (/api/docs) into dist/api-docs: the page, its stylesheet and start script
// from api-docs/, and Redoc's standalone bundle with its licence notices from node_modules. Served
// by the site server (server/web-app.ts), under its own policy (server/security-headers.ts).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(site, 'dist', 'api-docs');
const redocBundles = path.join(path.dirname(createRequire(import.meta.url).resolve('redoc/package.json')), 'bundles');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const file of readdirSync(path.join(site, 'api-docs'))) {
  copyFileSync(path.join(site, 'api-docs', file), path.join(out, file));
}
copyFileSync(
  path.join(redocBundles, 'redoc.standalone.js.LICENSE.txt'),
  path.join(out, 'redoc.standalone.js.LICENSE.txt'),
);

// The one resource Redoc would fetch from elsewhere: the Redocly logo beside "API docs by Redocly",
// from their CDN. An empty data: image instead fails to decode, and Redoc then leaves the logo out
// (the link stays). Stop the build if a new Redoc no longer has it, so this is looked at again.
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const bundle = readFileSync(path.join(redocBundles, 'redoc.standalone.js'), 'utf8');
if (bundle.split(CDN_LOGO).length !== 2) throw new Error(`redoc.standalone.js: expected ${CDN_LOGO} once`);
writeFileSync(path.join(out, 'redoc.standalone.js'), bundle.replace(CDN_LOGO, 'data:,'));
console.log(`API reference page in ${path.relative(process.cwd(), out)}`);
