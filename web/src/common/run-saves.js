// Keeps a view's run in its list of saved runs while it trains (the Train view's run-checkpoints.js, the Generate
// view's run-keeper.js): a run is one entry, saved again in place at each new moment its view names (a few seconds
// of training, a pause, a held-out measurement, its end), so that a reload, a crash or a killed tab loses at most
// what came since. One save at a time, in order; a save waiting its turn when a newer one is asked for is dropped,
// since each reads the run as it stands when it is made.

export class RunSaves {
  /**
   * @param {{ list: { save: (entry: object) => Promise<number | null> }, entry: (run: object) => Promise<object | null>,
   *           onError: (error: Error) => void }} kind  list: the saved runs (its save resolves to the entry's id, or
   *   null after saying why it could not); entry: the run's entry with its `files`, read now (from its worker), or
   *   null when the run is no longer to be saved (a continued run's carries the `id` of the entry it continues);
   *   onError: a failure to read the run
   */
  constructor({ list, entry, onError }) {
    this.list = list;
    this.entry = entry;
    this.onError = onError;
    this.saving = Promise.resolve();
  }

  #moments = new WeakMap(); // run → the moment last saved at
  #requests = new WeakMap(); // run → how many saves were asked for
  #ids = new WeakMap(); // run → its entry's id, once saved

  /** Saves `run` at `moment` (any string; null: not a moment to save), unless it was saved at that moment already. */
  at(run, moment) {
    if (moment === null || this.#moments.get(run) === moment) return;
    this.#moments.set(run, moment);
    const request = (this.#requests.get(run) ?? 0) + 1;
    this.#requests.set(run, request);
    this.saving = this.saving.then(() => (this.#requests.get(run) === request ? this.#save(run) : undefined));
  }

  /** Resolves once every save asked for so far is done (or has failed, said in the list or to onError). */
  settled() {
    return this.saving;
  }

  async #save(run) {
    try {
      const entry = await this.entry(run);
      if (!entry) return;
      const id = this.#ids.get(run) ?? entry.id;
      const saved = await this.list.save({ ...entry, ...(id === undefined ? {} : { id }) });
      if (saved !== null) this.#ids.set(run, saved); // null: not saved (said in the list); the next save tries again
    } catch (error) {
      this.onError(error);
    }
  }
}
