// What makes the site installable and findable, checked on the files themselves: the web app manifest (fields
// browsers require for "Add to home screen", icons that exist with the sizes it claims), robots.txt, and the
// page's own meta description and manifest link.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const publicFile = (path) => new URL(`../../../web/public/${path}`, import.meta.url);
const manifest = JSON.parse(readFileSync(publicFile('manifest.webmanifest'), 'utf8'));

/** Width and height from a PNG's IHDR chunk (and that it is a PNG at all). */
function pngSize(bytes) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installable', () => {
  it('the manifest has what an installable app needs', () => {
    expect(manifest).toMatchObject({
      name: 'Attention playground',
      short_name: expect.any(String),
      display: 'standalone',
      start_url: expect.stringMatching(/^\.\//),
      scope: './',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('every icon it names exists, with the size it claims', () => {
    for (const icon of manifest.icons) {
      const bytes = readFileSync(publicFile(icon.src));
      if (icon.type === 'image/png') expect(pngSize(bytes)).toBe(icon.sizes);
      else expect(bytes.toString('utf8')).toMatch(/^<svg /);
    }
  });

  it('robots.txt allows crawling; the pages link the manifest and describe themselves', () => {
    expect(readFileSync(publicFile('robots.txt'), 'utf8')).toMatch(/^User-agent: \*\nAllow: \/\n$/);
    const index = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
    expect(index).toMatch(/<link rel="manifest" href="\.\/manifest\.webmanifest" \/>/);
    expect(index).toMatch(/<meta\s+name="description"\s+content="[^"]{50,160}"\s*\/>/);
    expect(readFileSync(new URL('../../../web/embed.html', import.meta.url), 'utf8')).toMatch(
      /<meta\s+name="description"\s+content="[^"]{50,160}"\s*\/>/,
    );
  });
});
