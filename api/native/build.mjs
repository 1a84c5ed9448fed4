// Builds thread-slice.node (api/native/thread-slice.c, README "The event loop's slice") into
// api/dist/native with the machine's C compiler and Node-API's headers (the node-api-headers package:
// the addon uses Node-API alone, so one build loads in every Node from 18 on, 22 and 24 among them).
// Linux only. Best effort: where there is no compiler or no headers it says so and the build goes on;
// the server then runs with the kernel's default slice (api/src/lib/thread-slice.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const output = path.join(here, '../dist/native/thread-slice.node');

function skip(reason) {
  rmSync(output, { force: true }); // a build of an older source must not stay behind
  console.log(`thread-slice addon not built (${reason}): the server keeps the kernel's default slice`);
}

/** Node-API's headers, from the devDependency (absent after `npm ci --omit=dev`). */
async function headerDir() {
  try {
    return (await import('node-api-headers')).default.include_dir;
  } catch {
    return undefined;
  }
}

const headers = await headerDir();
if (process.platform !== 'linux') skip(`not needed on ${process.platform}`);
else if (!headers || !existsSync(path.join(headers, 'node_api.h'))) skip('no node-api-headers: npm ci first');
else {
  mkdirSync(path.dirname(output), { recursive: true });
  const compiler = process.env.CC || 'cc';
  try {
    execFileSync(
      compiler,
      ['-shared', '-fPIC', '-O2', '-Wall', '-Wextra', '-I', headers, '-o', output, path.join(here, 'thread-slice.c')],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  } catch (error) {
    skip(`${compiler}: ${error.code === 'ENOENT' ? 'no C compiler' : 'failed'}`);
  }
}
