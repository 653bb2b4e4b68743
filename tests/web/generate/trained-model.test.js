// The language model the site ships (web/corpora/pride-and-prejudice-language-model.bin, made by
// scripts/train-model.sh) is what the Generate view says it is (web/src/generate/shipped-files.js): its shape, and its
// bits per character on the novel's held-out tenth, which it never trained on.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { trainedModel } from '../../../web/src/generate/shipped-files.js';

const corpora = new URL('../../../web/corpora/', import.meta.url);

describe('the trained language model the site ships', () => {
  it('has the recipe’s shape and scores what the page says on the held-out tenth', async () => {
    const lm = await loadLanguageModel({
      weights: readFileSync(new URL('pride-and-prejudice-language-model.bin', corpora)),
    });
    try {
      expect(lm.config).toMatchObject({
        layers: 2,
        dModel: 64,
        heads: 4,
        kvHeads: 4,
        context: 64,
        parameters: 133_120,
      });
      expect(lm.tokenizer.kind).toBe('characters');
      // The trainer holds out the text's last tenth by bytes (cpp/src/model/language_model_trainer.cpp), ASCII here at
      // the cut; the native tool scored its first 20,000 tokens, a character each.
      const novel = readFileSync(new URL('pride-and-prejudice.txt', corpora));
      const heldOut = novel
        .subarray(Math.floor(novel.length * 0.9))
        .toString('utf8')
        .slice(0, 20_000);
      const { bitsPerCharacter } = lm.evaluate({ text: heldOut });
      expect(bitsPerCharacter).toBeCloseTo(trainedModel.heldOutBitsPerCharacter, 1);
      expect(Math.abs(bitsPerCharacter - trainedModel.heldOutBitsPerCharacter)).toBeLessThan(0.03);
    } finally {
      lm.dispose();
    }
  });
});
