/**
 * Calls with the same key made while one is running share its outcome instead of running again (decision 137): the
 * second request of a double click waits for the first's answer. A success may also be kept a few moments after it
 * settles (`keepSucceededMs`, decision 146): a second click read only after the first was answered — on the embedded
 * database a whole checkout fits in one turn of the event loop — gets the same answer instead of running again. A
 * failure is never kept: the next call runs anew. Bounded by what runs and what succeeded in the last moments.
 */
export class SingleFlight<T> {
  readonly #running = new Map<string, Promise<T>>();

  constructor(private readonly keepSucceededMs = 0) {}

  run(key: string, call: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key);
    if (running) return running;
    const outcome = call();
    this.#running.set(key, outcome);
    const forget = () => {
      if (this.#running.get(key) === outcome) this.#running.delete(key);
    };
    outcome.then(
      () => {
        if (this.keepSucceededMs > 0) setTimeout(forget, this.keepSucceededMs).unref();
        else forget();
      },
      forget,
    );
    return outcome;
  }

  /** How many calls are running or kept: nothing is kept once a call has failed, or its success's moment passed. */
  get size(): number {
    return this.#running.size;
  }
}
