// The elements' bundle reading a locale's file (web/elements/bundled-locales.js): trees in the order of English's
// keys; a file of another build, or one that cannot be fetched, refused with its URL named.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { bundledLocaleSection } from '../../../web/elements/bundled-locales.js';
import { englishMessages } from '../../../web/src/i18n/english-messages.js';
import { elementsLocaleFile } from '../../../scripts/locale-messages.mjs';

const locales = new URL('../../../web/src/i18n/locales/', import.meta.url);
const asDataUrl = (file) => new URL(`data:application/json,${encodeURIComponent(JSON.stringify(file))}`);
const spanish = () => elementsLocaleFile(new URL('es.json', locales).pathname, new URL('en.json', locales).pathname);

describe("the elements' locale files", () => {
  it('give each section its messages under English’s keys', async () => {
    const file = spanish();
    const elements = await bundledLocaleSection(asDataUrl(file), 'elements');
    expect(Object.keys(elements)).toEqual(Object.keys(englishMessages).filter((key) => key.startsWith('elements.')));
    expect(elements['elements.map.caption']).toEqual([{ type: 0, value: 'pesos de atención' }]);
    const lessons = await bundledLocaleSection(asDataUrl(file), 'lessons');
    expect(Object.keys(lessons)).toHaveLength(file.lessons.messages.length);
  });

  it('refuse a file written for another build, and say an unreachable one', async () => {
    const file = spanish();
    const fewer = structuredClone(file);
    fewer.heads.messages.pop(); // a version with one message fewer
    const renamed = structuredClone(file);
    renamed.heads.keys = '00000000'; // a version whose keys differ, as many as this one's
    for (const other of [fewer, renamed])
      await expect(bundledLocaleSection(asDataUrl(other), 'heads')).rejects.toThrow(
        /is not this bundle's: its "heads" messages are another version's/,
      );
    const server = createServer((request, response) => response.writeHead(404).end()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const missing = new URL(`http://127.0.0.1:${server.address().port}/locales/es.json`);
      await expect(bundledLocaleSection(missing, 'app')).rejects.toThrow(
        `could not load the elements' messages from ${missing.href} (HTTP 404)`,
      );
    } finally {
      server.close();
    }
  });
});
