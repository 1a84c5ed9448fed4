// Writes .br and .gz siblings of the client build's text files, so the server sends them compressed
// without spending CPU per request (server/static-files.ts picks the best one the browser accepts).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/vike/client');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

let count = 0;
for await (const file of files(root)) {
  const source = await readFile(file);
  const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(source, { level: 9 });
  // A tiny file can grow when compressed: then the plain file is the one to send.
  if (brotli.length < source.length) await writeFile(`${file}.br`, brotli);
  if (gzip.length < source.length) await writeFile(`${file}.gz`, gzip);
  count += 1;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root) || '.'}`);
