// What the npm package leaves out, asked for by name: en-ja's and en-mr's weight files and the language model's builds. A folder
// holding only what package.json's "files" lists (setAssetBase() pointed at it, in a process where nothing has
// loaded yet: each test file runs in its own) must give typed errors that name the missing file and how to pass it,
// not a bare ENOENT.
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  loadLanguageModel,
  loadTranslator,
  ModelFileError,
  ModuleLoadError,
  setAssetBase,
} from '../../../web/lib/index.js';

const lib = new URL('../../../web/lib/', import.meta.url);
const packaged = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'))
  .files.filter((file) => /^web\/lib\/(wasm|models)\/[^*]+$/.test(file))
  .map((file) => file.slice('web/lib/'.length));

describe('files the npm package leaves out', () => {
  it('en-ja and en-mr by name, and the language model, fail with typed errors that say what to pass', async () => {
    expect(packaged).toContain('models/en-es.bin');
    expect(packaged).not.toContain('models/en-ja.bin');
    expect(packaged).not.toContain('models/en-mr.bin');
    const folder = mkdtempSync(join(tmpdir(), 'package-files-'));
    for (const file of packaged) {
      mkdirSync(join(folder, file, '..'), { recursive: true });
      cpSync(new URL(file, lib), join(folder, file));
    }
    setAssetBase(pathToFileURL(`${folder}/`));

    const backend = 'wasm-simd128';
    expect((await loadTranslator({ weights: 'en-es', backend })).task).toBe('en-es'); // what the package has opens
    await expect(loadTranslator({ weights: 'en-ja', backend })).rejects.toThrow(
      /the en-ja model’s file models\/en-ja.bin could not be read \(no such file\): the npm package leaves the en-ja model out/,
    );
    const marathi = loadTranslator({ weights: 'en-mr', backend });
    await expect(marathi).rejects.toThrow(ModelFileError);
    await expect(marathi).rejects.toMatchObject({
      kind: 'model-file',
      file: pathToFileURL(join(folder, 'models/en-mr.bin')).href,
    });
    await expect(marathi).rejects.toThrow(
      /^loadTranslator: the en-mr model’s file models\/en-mr.bin could not be read \(no such file\): the npm package leaves the en-mr model out .*loadTranslator\(\{ weights: bytes or URL \}\)/,
    );

    const weights = readFileSync(
      new URL('../../../web/corpora/pride-and-prejudice-language-model.bin', import.meta.url),
    );
    const languageModel = loadLanguageModel({ weights, backend });
    await expect(languageModel).rejects.toThrow(ModuleLoadError);
    await expect(languageModel).rejects.toThrow(
      /the npm package leaves the language model's builds out: serve web\/lib\/wasm\/attention-language-model.wasm/,
    );
    setAssetBase(null);
  });

  it('a name that is no shipped model is read as a URL, and its absence names it and the names that open', async () => {
    const missing = loadTranslator({ weights: 'en-fr', backend: 'wasm-simd128' });
    await expect(missing).rejects.toThrow(ModelFileError);
    await expect(missing).rejects.toThrow(
      /^loadTranslator: the weight file file:.*\/web\/lib\/en-fr could not be read \(no such file\) \(the models that open by name are en-es, en-ja, en-mr\)$/,
    );
    const url = loadLanguageModel({ weights: new URL('./nowhere.bin', lib) });
    await expect(url).rejects.toThrow(ModelFileError);
    await expect(url).rejects.toThrow(
      /^loadLanguageModel: the weight file file:.*\/web\/lib\/nowhere.bin could not be read/,
    );
  });
});
