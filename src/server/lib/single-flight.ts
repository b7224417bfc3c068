/**
 * Calls with the same key made while one is running share its outcome instead of running again (decision 137): the
 * second request of a double click waits for the first's answer. Only calls that overlap are shared; the next call
 * after the first settles runs anew. Bounded by what is running: an entry lives as long as its call.
 */
export class SingleFlight<T> {
  readonly #running = new Map<string, Promise<T>>();

  run(key: string, call: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key);
    if (running) return running;
    const settled = call().finally(() => this.#running.delete(key));
    this.#running.set(key, settled);
    return settled;
  }

  /** How many calls are running: nothing is kept once a call has settled. */
  get size(): number {
    return this.#running.size;
  }
}
