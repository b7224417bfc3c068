import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Shoppers before the back office (issue 25, docs/decisions/140 and 143). A job — a receipt, a hand-off to the
 * printer, the print shop's drawing — takes the cores from the checkouts while it runs: on PGlite every statement
 * runs on the server's one thread (about 25 ms of it per order's jobs); on PostgreSQL the job's JavaScript, its
 * statements and the print shop's render processes share the machine's cores with the checkouts (decision 143 has
 * the figures). Before each job, a worker waits for a pause in the requests — none being answered and none come in
 * for `pauseMs` — at most its queue's bound (`maxWaitMs`, or a longer one the queue asks for): a shop with a visitor
 * now and then runs its jobs at once, a rush of checkouts has them done after it, and a rush that never ends still
 * gets one job per worker each bound.
 *
 * A count of requests being answered alone does not show a rush: on PGlite a request usually runs from its first
 * hook to its answer without giving the thread away, so between two tasks the count is 0 or 1 while twenty
 * shoppers wait in the socket buffers. A request coming in within the last `pauseMs` does show it.
 */
export class RequestsFirst {
  #answering = 0;
  #lastArrival = -Infinity;
  /** Jobs that waited for a pause, and how long in all (for /metrics). */
  waits = 0;
  waitedMs = 0;

  constructor(
    readonly maxWaitMs = 1_000,
    readonly pauseMs = 50,
  ) {}

  /**
   * Notes every request from its first hook until its response closes — answered, its client gone, or a hijacked or
   * streamed answer ended: Node emits `close` once for each of them (and light-my-request for app.inject).
   */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (_request, reply) => {
      this.#answering++;
      this.#lastArrival = performance.now();
      reply.raw.once('close', () => this.#answering--);
    });
  }

  /** Requests being answered now. */
  get answering(): number {
    return this.#answering;
  }

  /** Resolves at the first pause in the requests, or after `maxWaitMs` (the constructor's unless given). */
  async whenQuiet(maxWaitMs = this.maxWaitMs): Promise<void> {
    const started = performance.now();
    let waited = false;
    for (;;) {
      // A job's statements resolve without giving the thread away: let the requests that came in meanwhile be read.
      await new Promise((resolve) => setImmediate(resolve));
      const now = performance.now();
      const quietFor = now - this.#lastArrival;
      const left = maxWaitMs - (now - started);
      if ((this.#answering === 0 && quietFor >= this.pauseMs) || left <= 0) break;
      waited = true;
      await sleep(Math.max(1, Math.min(left, this.#answering === 0 ? this.pauseMs - quietFor : this.pauseMs)));
    }
    if (waited) {
      this.waits++;
      this.waitedMs += performance.now() - started;
    }
  }
}
