// How the views and lessons name attention heads when key/value heads are shared (multi-query and grouped-query
// attention), in the page's language: the `heads` section's messages. Query head h reads key/value head
// ⌊h·kvHeads/heads⌋, so heads come in groups that read the same keys and values; every label is 1-based, as the
// page shows heads.
import { t } from '../i18n/messages.js';

/** The query heads that read key/value head `kv`, 1-based: "3" or "3-4". */
function groupOf(kv, heads, kvHeads) {
  const size = heads / kvHeads;
  const first = kv * size + 1;
  return size === 1 ? `${first}` : `${first}-${first + size - 1}`;
}

/** A key/value head count as a select offers it: "2: one per 2 query heads (grouped-query)". */
export function kvHeadsOptionText(kvHeads, heads) {
  if (kvHeads === heads) return t('heads.option.own', { kvHeads });
  if (kvHeads === 1) return t('heads.option.shared');
  return t('heads.option.grouped', { kvHeads, group: heads / kvHeads });
}

/** "head 3", or with shared key/value heads "head 3 · K/V 2 (heads 3-4)". */
export function headName(head, { heads, kvHeads = heads }) {
  if (kvHeads === heads) return t('heads.name.own', { head: head + 1 });
  const kv = Math.floor((head * kvHeads) / heads);
  return t('heads.name.shared', { head: head + 1, kv: kv + 1, group: groupOf(kv, heads, kvHeads) });
}

/** How a model's query heads share key/value heads, in a sentence, or '' when each has its own. */
export function headSharingText({ heads, kvHeads = heads }) {
  if (kvHeads === heads) return '';
  if (kvHeads === 1) return t('heads.sharing.multiQuery', { heads });
  const groups = Array.from({ length: kvHeads }, (_, kv) =>
    t('heads.sharing.group', { group: groupOf(kv, heads, kvHeads) }),
  );
  // A list's separator is the language's (Chinese writes 、): Intl.ListFormat's would add "and" or none at all.
  return t('heads.sharing.grouped', { heads, kvHeads, groups: groups.join(t('heads.list.separator')) });
}
