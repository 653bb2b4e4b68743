// GPT-2's four files picked out of what the learner dropped or chose (a folder, or the files themselves), by name:
// model.safetensors, config.json, vocab.json, merges.txt. A folder from Hugging Face may hold others (a README, the
// PyTorch and TensorFlow weights, tokenizer.json): those are named as left aside, not refused. Its own file because
// matching names is one job, tested in Node. The names are web/lib's (a folder's URL holds the four under them too).
import { gpt2FileNames } from '../../lib/index.js';

/**
 * `files` (File objects, or anything with a name and a webkitRelativePath) sorted out: { files: { weights, config,
 * vocab, merges } (only those found), missing: the names not found, extra: the names of the others, twice: the
 * names found more than once (the first one kept) }.
 * @param {Iterable<{ name: string }>} files
 */
export function matchGpt2Files(files) {
  /** @type {Map<string, string>} */
  const byName = new Map(Object.entries(gpt2FileNames).map(([role, name]) => [name, role]));
  const found = {};
  const extra = [];
  const twice = [];
  for (const file of files) {
    const role = byName.get(file.name);
    if (role === undefined) extra.push(file.name);
    else if (role in found) twice.push(file.name);
    else found[role] = file;
  }
  const missing = Object.entries(gpt2FileNames)
    .filter(([role]) => !(role in found))
    .map(([, name]) => name);
  return { files: found, missing, extra, twice };
}
