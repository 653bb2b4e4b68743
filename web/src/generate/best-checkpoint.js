// Early stopping for the Generate view's run: the worker keeps the run as it stood at its best held-out measurement
// (the lowest bits per character so far, the earliest of equals), as a checkpoint with Adam's moments and the
// schedule's place (so that continuing from it takes exactly the steps the run took from there) and a weight file.
// Taken at every new best, whether or not the learner asked to keep it, so that the choice can be made at any time.

export class BestCheckpoint {
  /** @type {{ step: number, bitsPerCharacter: number, checkpoint: Uint8Array, weights: Uint8Array } | null} */
  kept = null;

  /**
   * Keeps `trainer` as it stands at `step` if its held-out `bitsPerCharacter` is below every earlier one.
   * @param {{ checkpoint: () => Uint8Array, save: () => Uint8Array }} trainer
   */
  offer(trainer, step, bitsPerCharacter) {
    if (this.kept !== null && !(bitsPerCharacter < this.kept.bitsPerCharacter)) return;
    this.kept = { step, bitsPerCharacter, checkpoint: trainer.checkpoint(), weights: trainer.save() };
  }

  /** A copy of the kept files, to hand over (the kept ones stay for the next save): { step, checkpoint, weights }. */
  copy() {
    const { step, checkpoint, weights } = this.kept;
    return { step, checkpoint: checkpoint.slice(), weights: weights.slice() };
  }
}
