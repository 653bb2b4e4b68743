// What a page says when the browser's storage for the site cannot be used (blocked, private browsing, full): one
// error type for every store the views keep (the Train view's models, the Generate view's language models), whose
// message says what failed and what still works.

/** Storage that cannot be used here (blocked, private mode, quota): the message says which and what still works. */
export class StorageError extends Error {
  /** @param {string} message @param {{ kind: string, cause?: unknown }} details  cause: the browser's own error */
  constructor(message, { kind, cause }) {
    super(message, { cause });
    this.name = 'StorageError';
    this.kind = kind; // 'blocked' | 'quota' | 'failed'
  }
}

export function storageError(error, doing) {
  if (error instanceof StorageError) return error;
  if (error?.name === 'QuotaExceededError') {
    return new StorageError(
      `Could not ${doing}: this browser’s storage for the site is full. Delete a saved model, or download this one instead.`,
      { kind: 'quota', cause: error },
    );
  }
  if (error?.name === 'SecurityError' || error?.name === 'InvalidStateError' || error?.name === 'NotAllowedError') {
    return new StorageError(
      `Could not ${doing}: this browser does not let the site store data (private browsing, or storage turned off). Download the model to keep it.`,
      { kind: 'blocked', cause: error },
    );
  }
  return new StorageError(`Could not ${doing}: ${error?.message ?? String(error)}. Download the model to keep it.`, {
    kind: 'failed',
    cause: error,
  });
}
