// Draws the console's 512×512 application icon (desktop/build/icon.png, read by electron-builder for
// every platform) with zlib alone, so no image tool is needed: a green disc, the favicon's colour,
// with a white leaf. Run `node desktop/scripts/make-icon.mjs` after changing the drawing.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // per axis: 16 samples per pixel smooth the edges
const GREEN = [0x23, 0x85, 0x51];
const WHITE = [0xff, 0xff, 0xff];

/** Which colour covers a point (coordinates in 0..1), or null for transparent. */
function colourAt(x, y) {
  const dx = x - 0.5;
  const dy = y - 0.5;
  if (dx * dx + dy * dy > 0.47 * 0.47) return null;
  // The leaf: the lens shared by two discs, pointing to the upper right, with a vein and a stem.
  const u = (dx - dy) / Math.SQRT2; // along the leaf
  const v = (dx + dy) / Math.SQRT2; // across it
  const inLens = (v - 0.2) ** 2 + u * u <= 0.32 ** 2 && (v + 0.2) ** 2 + u * u <= 0.32 ** 2;
  const inLeaf = inLens && u > -0.25;
  const onStem = Math.abs(v) < 0.016 && u <= -0.2 && u > -0.34;
  const onVein = Math.abs(v) < 0.01 && u > -0.2 && u < 0.17;
  if (onStem) return WHITE;
  return inLeaf && !onVein ? WHITE : GREEN;
}

const rows = [];
for (let py = 0; py < SIZE; py += 1) {
  const row = Buffer.alloc(1 + SIZE * 4); // filter byte 0, then RGBA
  for (let px = 0; px < SIZE; px += 1) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy += 1) {
      for (let sx = 0; sx < SAMPLES; sx += 1) {
        const colour = colourAt((px + (sx + 0.5) / SAMPLES) / SIZE, (py + (sy + 0.5) / SAMPLES) / SIZE);
        if (!colour) continue;
        for (let i = 0; i < 3; i += 1) sum[i] += colour[i];
        sum[3] += 255;
      }
    }
    const covered = sum[3] / 255;
    const offset = 1 + px * 4;
    for (let i = 0; i < 3; i += 1) row[offset + i] = covered ? Math.round(sum[i] / covered) : 0;
    row[offset + 3] = Math.round(sum[3] / (SAMPLES * SAMPLES));
  }
  rows.push(row);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = new URL('../build/icon.png', import.meta.url);
writeFileSync(target, png);
console.log(`wrote ${target.pathname} (${png.length} bytes)`);
