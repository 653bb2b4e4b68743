// The registry's two sides agree: the JavaScript table the page reads (web/lib/language-pairs.js, written at build
// time by scripts/language-pairs.mjs) is the module's own (registryJson, from cpp/src/data/registry.cpp), and every
// committed generated file is what the generator writes from the module's table now, so a registry entry changed
// without `npm run build` fails here. The models it names are the files there are and the files the package ships.
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleFor } from '../../../web/lib/load-module.js';
import {
  languagePairNames,
  languagePairs,
  packagedModelUrls,
  sequenceTaskNames,
  sequenceTasks,
} from '../../../web/lib/language-pairs.js';
import { trainerDefaults } from '../../../web/lib/index.js';
import { shippedModelNames } from '../../../web/lib/translator.js';
import { siteModelUrls } from '../../../web/src/app/site-models.js';
import { renderLanguagePairs } from '../../../scripts/language-pairs.mjs';

const repo = new URL('../../../', import.meta.url);
const moduleTable = async () => JSON.parse((await moduleFor('wasm-simd128')).registryJson());

describe('the registry', () => {
  it("the JavaScript table is the module's", async () => {
    const table = await moduleTable();
    // The first three's places are their training streams' (corpus::Language): a new pair goes after them.
    expect(table.languagePairs.map((pair) => pair.id).slice(0, 3)).toEqual(['en-es', 'en-ja', 'en-mr']);
    expect(languagePairs).toEqual(table.languagePairs);
    expect(sequenceTasks).toEqual(table.sequenceTasks);
    expect(languagePairNames).toEqual(table.languagePairs.map((pair) => pair.id));
    expect(sequenceTaskNames).toEqual(table.sequenceTasks.map((task) => task.id));
  });

  it('every generated file is what the generator writes from the module now (run `npm run build` if not)', async () => {
    const files = await renderLanguagePairs(await moduleTable());
    expect(Object.keys(files)).toHaveLength(3);
    for (const [path, text] of Object.entries(files))
      expect(readFileSync(new URL(path, repo), 'utf8'), path).toBe(text);
  });

  it('names model files there are, the package shipping exactly those it says it does', () => {
    const withModel = languagePairs.filter((pair) => pair.model !== null);
    for (const pair of withModel) expect(existsSync(new URL(`web/lib/models/${pair.model}`, repo)), pair.id).toBe(true);
    const packaged = withModel.filter((pair) => pair.modelInPackage);
    expect(Object.keys(packagedModelUrls)).toEqual(packaged.map((pair) => pair.id));
    expect(shippedModelNames).toEqual(withModel.map((pair) => pair.id)); // every shipped model opens by name; the package has some
    expect(Object.keys(siteModelUrls)).toEqual(withModel.filter((pair) => !pair.modelInPackage).map((pair) => pair.id));
    for (const [id, url] of [...Object.entries(packagedModelUrls), ...Object.entries(siteModelUrls)])
      expect(url.pathname.endsWith(`/web/lib/models/${languagePairs.find((pair) => pair.id === id).model}`)).toBe(true);
    const files = JSON.parse(readFileSync(new URL('package.json', repo), 'utf8')).files;
    expect(files.filter((file) => file.startsWith('web/lib/models/'))).toEqual(
      packaged.map((pair) => `web/lib/models/${pair.model}`),
    );
    expect(trainerDefaults.task).toBe(languagePairs[0].id);
  });
});
