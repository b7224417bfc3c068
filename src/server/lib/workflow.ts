import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/server/db/client';

/**
 * Named workflows (docs/decisions/108, docs/order-pipeline.md): every flow that moves money or goods is one list of
 * steps, read top to bottom, each step with its undo beside it — Medusa's createStep(invoke, compensate), without
 * its engine.
 *
 *   export const placeOrder = workflow<PlaceOrderInput, ShopDeps>('placeOrder')
 *     .step('price the cart', async ({ input, deps }) => ({ priced: await price(deps, input) }))
 *     .step('write the order', async (s) => ({ order: await write(s) }), async (s) => abandon(s))
 *     .step('open the payment', async (s) => ({ session: await open(s) }))
 *     .returns((s) => answer(s));
 *
 * How it runs:
 *  - A step receives everything the earlier steps returned (merged into one state object) and returns what it adds.
 *  - A step may end the workflow early with `stop(result)` (an idempotent replay, nothing to do).
 *  - When a step throws, the undos of the steps that completed run newest first, then the error goes to the caller.
 *    An undo that fails is logged and does not hide the step's error.
 *  - `workflow(name, { transaction: true })` runs every step inside one database transaction on `state.tx`: the
 *    steps are written in order, and their undo is the rollback. Such a workflow never calls a provider.
 *
 * What makes a flow crash-safe is not this runner (it keeps nothing on disk) but what its steps write: each
 * provider call carries an idempotency key, each effect is enqueued as a job in the transaction that causes it, and
 * a job or the reconciliation finishes what a crash interrupted. The decision record weighs a durable-workflow
 * library against this; its checkpoint per step would cost more statements than an order may spend (issue 25).
 */

/** What every workflow is given besides its own dependencies: the database and a logger. */
export interface BaseDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/** What every workflow step sees: the caller's input, the dependencies, and (transactional) the transaction. */
export interface WorkflowBase<I, D> {
  input: I;
  deps: D & BaseDeps;
  log: FastifyBaseLogger;
}

export interface TxBase {
  tx: Db;
}

const STOP = Symbol('workflow.stop');

export interface Stop<R> {
  readonly [STOP]: true;
  readonly result: R;
}

/** Ends the workflow now with this result: the later steps do not run (and nothing is undone). */
export function stop<R>(result: R): Stop<R> {
  return { [STOP]: true, result };
}

function isStop(v: unknown): v is Stop<unknown> {
  return typeof v === 'object' && v !== null && STOP in v;
}

type StepFn<S, O> = (state: S) => Promise<O | Stop<unknown>> | O | Stop<unknown>;
type UndoFn<S> = (state: S, error: unknown) => Promise<void> | void;

interface StepDef {
  name: string;
  run: StepFn<Record<string, unknown>, object | void>;
  undo?: UndoFn<Record<string, unknown>> | undefined;
}

export interface WorkflowRun<I, D, R> {
  readonly name: string;
  /** The step names, in order (docs, tests, logs). */
  readonly steps: readonly string[];
  run(deps: D & BaseDeps, input: I): Promise<R>;
  /**
   * A transactional workflow run inside a transaction the caller already holds (a zero-total order is paid in the
   * transaction that writes it): its steps commit or roll back with the caller's.
   */
  within(tx: Db, deps: D & BaseDeps, input: I): Promise<R>;
}

export class WorkflowBuilder<I, D, S> {
  readonly #steps: StepDef[];

  constructor(
    readonly name: string,
    readonly opts: { transaction: boolean },
    steps: StepDef[] = [],
  ) {
    this.#steps = steps;
  }

  /**
   * A step: `run` returns what it adds to the state (or nothing, or `stop(result)`); `undo` puts back what it did,
   * when a later step fails. A transactional workflow's steps have no undo of their own: the rollback is theirs.
   */
  step<O extends object | void>(name: string, run: StepFn<S, O>, undo?: UndoFn<S & (O extends object ? O : object)>): WorkflowBuilder<I, D, S & (O extends object ? O : object)> {
    if (undo && this.opts.transaction) throw new Error(`${this.name}: step "${name}" runs in the workflow's transaction; its undo is the rollback`);
    return new WorkflowBuilder(this.name, this.opts, [
      ...this.#steps,
      { name, run: run as StepDef['run'], undo: undo as StepDef['undo'] },
    ]);
  }

  /** Finishes the definition: what the workflow answers from its final state. */
  returns<R>(result: (state: S) => R): WorkflowRun<I, D, R> {
    const { name, opts } = this;
    const steps = this.#steps;
    const runSteps = async (state: Record<string, unknown>, log: FastifyBaseLogger): Promise<R> => {
      const done: StepDef[] = [];
      for (const s of steps) {
        const started = performance.now();
        let out: unknown;
        try {
          out = await s.run(state);
        } catch (err) {
          log.debug({ workflow: name, step: s.name, ms: Math.round(performance.now() - started) }, 'workflow step failed');
          await undoAll(name, done, state, err, log);
          throw err;
        }
        log.trace({ workflow: name, step: s.name, ms: Math.round(performance.now() - started) }, 'workflow step done');
        if (isStop(out)) return out.result as R;
        if (out && typeof out === 'object') Object.assign(state, out);
        done.push(s);
      }
      return result(state as S);
    };
    return {
      name,
      steps: steps.map((s) => s.name),
      async run(deps, input) {
        const base = { input, deps, log: deps.log } as Record<string, unknown>;
        if (!opts.transaction) return runSteps(base, deps.log);
        return deps.db.transaction(async (tx) => runSteps({ ...base, tx }, deps.log));
      },
      async within(tx, deps, input) {
        if (!opts.transaction) throw new Error(`${name} is not a transactional workflow`);
        return runSteps({ input, deps, log: deps.log, tx }, deps.log);
      },
    };
  }
}

async function undoAll(name: string, done: StepDef[], state: Record<string, unknown>, error: unknown, log: FastifyBaseLogger) {
  for (const s of [...done].reverse()) {
    if (!s.undo) continue;
    try {
      await s.undo(state, error);
      log.info({ workflow: name, step: s.name }, 'workflow step undone');
    } catch (undoError) {
      // The step's own error is what the caller needs; the failed undo is left for the reconciliation to find.
      log.error({ err: undoError, workflow: name, step: s.name }, 'undoing a workflow step failed');
    }
  }
}

/** Starts a workflow definition (see the file comment). */
export function workflow<I, D>(name: string): WorkflowBuilder<I, D, WorkflowBase<I, D>>;
export function workflow<I, D>(name: string, opts: { transaction: true }): WorkflowBuilder<I, D, WorkflowBase<I, D> & TxBase>;
export function workflow<I, D>(name: string, opts: { transaction?: boolean } = {}) {
  return new WorkflowBuilder<I, D, WorkflowBase<I, D>>(name, { transaction: opts.transaction ?? false });
}
