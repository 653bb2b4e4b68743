// Draws the app icons (web/public/icons/*.png) from the favicon's design: a 2×2 heatmap in viridis colours on
// viridis's darkest purple. Plain pixels written as PNG with node:zlib, so no image tool is needed. Run it after
// changing the design: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const background = [0x44, 0x01, 0x54];
const cells = [
  [
    [0xfd, 0xe7, 0x25],
    [0x21, 0x91, 0x8c],
  ],
  [
    [0x3b, 0x52, 0x8b],
    [0x5e, 0xc9, 0x62],
  ],
];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A size×size RGB PNG; `inset` is the share of each side left as background around the cells (maskable: 0.2). */
function icon(size, inset) {
  const rows = [];
  const cellSize = (size * (1 - 2 * inset)) / 2.5,
    gap = cellSize / 2,
    start = size * inset;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      let colour = background;
      const cx = Math.floor((x - start) / (cellSize + gap)),
        cy = Math.floor((y - start) / (cellSize + gap));
      const inCell =
        cx >= 0 &&
        cx < 2 &&
        cy >= 0 &&
        cy < 2 &&
        x - start - cx * (cellSize + gap) < cellSize &&
        y - start - cy * (cellSize + gap) < cellSize;
      if (inCell) colour = cells[cy][cx];
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const folder = new URL('../web/public/icons/', import.meta.url);
mkdirSync(folder, { recursive: true });
writeFileSync(new URL('icon-192.png', folder), icon(192, 3 / 16));
writeFileSync(new URL('icon-512.png', folder), icon(512, 3 / 16));
writeFileSync(new URL('icon-maskable-512.png', folder), icon(512, 0.22)); // inside the maskable safe zone (80%)
