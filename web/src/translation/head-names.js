// What the page calls attention heads when key/value heads are shared (multi-query and grouped-query
// attention): query head h reads key/value head ⌊h·kvHeads/heads⌋, so heads come in groups that read the
// same keys and values. Every label is 1-based, as the page shows heads.

/** The query heads that read key/value head `kv`, 1-based: "3" or "3-4". */
function groupOf(kv, heads, kvHeads) {
  const size = heads / kvHeads;
  const first = kv * size + 1;
  return size === 1 ? `${first}` : `${first}-${first + size - 1}`;
}

/** A key/value head count as the Train view offers it. */
export function kvHeadsOptionText(kvHeads, heads) {
  if (kvHeads === heads) return `${kvHeads}: one per query head`;
  if (kvHeads === 1) return '1: shared by all (multi-query)';
  return `${kvHeads}: one per ${heads / kvHeads} query heads (grouped-query)`;
}

/** "head 3", or with shared key/value heads "head 3 · K/V 2 (heads 3-4)". */
export function headName(head, { heads, kvHeads = heads }) {
  if (kvHeads === heads) return `head ${head + 1}`;
  const kv = Math.floor((head * kvHeads) / heads);
  return `head ${head + 1} · K/V ${kv + 1} (heads ${groupOf(kv, heads, kvHeads)})`;
}

/** How a model's query heads share key/value heads, in a sentence, or '' when each has its own. */
export function headSharingText({ heads, kvHeads = heads }) {
  if (kvHeads === heads) return '';
  if (kvHeads === 1) return `All ${heads} heads read one set of keys and values (multi-query attention).`;
  const groups = Array.from({ length: kvHeads }, (_, kv) => `heads ${groupOf(kv, heads, kvHeads)}`);
  return `${heads} query heads share ${kvHeads} key/value heads (grouped-query attention): ${groups.join(', ')} each read one.`;
}
