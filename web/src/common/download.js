// Saving bytes the page made (a weight file) to the learner's disk: a link to a Blob, clicked at once. Used by the
// Train view and the Generate view.
import { element } from './controls.js';

/** A download of `bytes` as `fileName`, started at once. */
export function downloadBytes(bytes, fileName) {
  const link = element('a', {
    href: URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' })),
    download: fileName,
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
