import { describe, expect, it, vi } from 'vitest';
import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('runs overlapping calls with one key once and gives each caller the outcome; another key or a later call runs anew', async () => {
    const flights = new SingleFlight<number>();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const call = async () => {
      runs++;
      await gate;
      return runs;
    };
    const first = flights.run('a', call);
    const second = flights.run('a', call);
    const other = flights.run('b', call);
    expect(flights.size).toBe(2);
    release();
    expect(await Promise.all([first, second, other])).toEqual([2, 2, 2]);
    expect(runs).toBe(2);
    expect(flights.size).toBe(0);
    expect(await flights.run('a', call)).toBe(3);
  });

  it('shares a failure with the callers that joined, and forgets it: the next call runs again', async () => {
    const flights = new SingleFlight<string>();
    let runs = 0;
    const failing = async () => {
      runs++;
      await Promise.resolve();
      throw new Error(`failed ${runs}`);
    };
    const results = await Promise.allSettled([flights.run('k', failing), flights.run('k', failing)]);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'))).toEqual(['failed 1', 'failed 1']);
    await expect(flights.run('k', async () => 'fine')).resolves.toBe('fine');
  });

  it('keeps a success for keepSucceededMs: a call in that time gets it without running; after it, or after a failure, a call runs', async () => {
    vi.useFakeTimers();
    try {
      const flights = new SingleFlight<number>(5_000);
      let runs = 0;
      const call = async () => ++runs;
      expect(await flights.run('a', call)).toBe(1);
      // Answered already, and asked again a moment later (a second click read after the first's answer).
      expect(await flights.run('a', call)).toBe(1);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(await flights.run('a', call)).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(flights.size).toBe(0);
      expect(await flights.run('a', call)).toBe(2);

      const failing = async () => {
        runs++;
        throw new Error('no');
      };
      await expect(flights.run('b', failing)).rejects.toThrow('no');
      expect(await flights.run('b', call)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
