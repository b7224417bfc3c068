import { expect, it } from 'vitest';

/**
 * The order path's statements section of `npm run bench` still runs (see in-process-sections.test.ts), on the
 * PostgreSQL server of the database suite, which is on this machine (its backends' CPU is read from /proc). 400 runs
 * a step: enough CPU ticks (10 ms each) for a figure above zero.
 */
process.env.BENCH_STATEMENT_RUNS = '400';
process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL;

it('the order path statements section runs each step and prints PostgreSQL’s CPU for it', async () => {
  const { orderStatements } = await import('./order-statements');
  const result = await orderStatements();
  expect(result.failed).toBe(false);
  const text = result.lines.join('\n');
  expect(text).toMatch(/the minimal order write .*: \d+\.\d{3} ms/);
  expect(text).toMatch(/the payment: BEGIN, lock, paid, confirmed, hand-off, COMMIT: \d+\.\d{3} ms/);
}, 120_000);
