// loadLanguageModel's weightBits: 8 reads every linear map of the blocks and the unembedding from an int8 copy of the
// weights, a scale per output (C++: attn/quantized_weights.h), made once when the model is opened: a generated token
// reads a quarter of the bytes. 32 (the default) the float32 weights. The float32 weights stay beside the copy (the
// embeddings, LayerNorms, biases and copying scores read them).
import { unwrap, withOperation } from './errors.js';
import * as validate from './validate.js';

/** options.weightBits checked: 8 or 32 (the default). */
export function weightBits(options, operation) {
  return withOperation(operation, () => {
    const bits = validate.optionalNumber(options.weightBits, 'options.weightBits', 32);
    if (bits !== 8 && bits !== 32) throw new RangeError(`options.weightBits must be 8 or 32, got ${bits}`);
    return bits;
  });
}

/** Switches the model `id` of `module` to `bits`-bit weights (a no-op at 32, the loaded state). */
export function useWeightBits(module, id, bits, operation) {
  if (bits !== 32) unwrap(module.languageModelUseWeightBits(id, bits), operation);
}
