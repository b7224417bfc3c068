import { afterEach, describe, expect, it } from 'vitest';
import { renderSharePng } from './certificate-renderer';
import { isPng, pngSize } from './raster';
import { RenderBusyError, RenderFailedError, RenderPool, type CertificateRenderTask, type RenderPoolOptions } from './render-pool';
import { sampleCertificate } from './test-support';

// Real render processes (the TypeScript worker entry under tsx): each test starts its own small pool, without the
// warm-up drawing unless the test is about it (the first one: what a served render process does).
const pools: RenderPool[] = [];
function pool(options: Partial<RenderPoolOptions> = {}): RenderPool {
  const p = new RenderPool({ workers: 1, queueMax: 0, timeoutMs: 60_000, memoryMb: 2048, warmUp: false, ...options });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const print = (name = 'Dana Whitfield'): CertificateRenderTask => ({ kind: 'print-png', data: sampleCertificate({ nomineeName: name }), template: 'gold-foil' });
const share = (name = 'Dana Whitfield'): CertificateRenderTask => ({ kind: 'share-png', data: sampleCertificate({ nomineeName: name }), template: 'retro' });

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

// Starting render processes under tsx takes seconds on a busy 2-core machine.
describe('RenderPool', { timeout: 120_000 }, () => {
  it('draws in another process: the same bytes as drawing here, from a process that is not this one', async () => {
    const p = pool({ warmUp: true });
    const [fromPool, here] = await Promise.all([p.run(share()), renderSharePng(share().data, 'retro')]);
    expect(fromPool.equals(here)).toBe(true);
    expect(p.pids).toHaveLength(1);
    expect(p.pids).not.toContain(process.pid);
    const printed = await p.run(print());
    expect(isPng(printed)).toBe(true);
    expect(pngSize(printed)).toEqual({ width: 3508, height: 2480 });
  });

  it('prestart(): starts its processes before any render and replaces one that exits at once', async () => {
    const p = pool({ workers: 1 });
    p.prestart();
    expect(p.pids).toHaveLength(1);
    const [first] = p.pids;
    process.kill(first!, 'SIGKILL');
    await until(() => p.pids.length === 1 && p.pids[0] !== first);
    expect(p.stats).toMatchObject({ started: 2, running: 0, queued: 0 });
    expect(isPng(await p.run(share()))).toBe(true);
    expect(p.stats.started).toBe(2);
  });

  it('takes at most workers + queueMax renders; the next is refused at once with a retry delay', async () => {
    const p = pool({ workers: 1, queueMax: 1 });
    // Share images: the small drawing is enough to fill the slots (the print's size is not the point here).
    const first = p.run(share('One'));
    const second = p.run(share('Two'));
    const third = p.run(share('Three'));
    const refused = await third.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RenderBusyError);
    expect((refused as RenderBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(p.stats.running + p.stats.queued).toBe(2); // both wait while the process starts
    expect(p.stats.refused).toBe(1);
    const done = await Promise.all([first, second]);
    expect(done.every(isPng)).toBe(true);
    // Capacity comes back once they are done.
    expect(isPng(await p.run(share('Four')))).toBe(true);
  });

  it('kills a render over its time budget; the pool replaces the process and the next render works', async () => {
    const p = pool();
    await expect(p.run(share('Slow'), { timeoutMs: 1 })).rejects.toMatchObject({ name: 'RenderFailedError', reason: 'timeout' });
    expect(isPng(await p.run(share('Next')))).toBe(true);
    expect(p.stats).toMatchObject({ started: 2, completed: 1, failed: 1 });
  });

  it('a render process that aborts mid-render (as resvg does on a panic) fails that render only', async () => {
    const p = pool();
    const running = p.run(print('Crash'));
    await until(() => p.stats.running === 1);
    const [pid] = p.pids;
    process.kill(pid!, 'SIGABRT');
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderFailedError);
    expect(error).toMatchObject({ reason: 'crashed' });
    // This process lives on, and so does the pool.
    expect(isPng(await p.run(share('After')))).toBe(true);
    expect(p.pids).not.toContain(pid);
  });

  it.runIf(process.platform === 'linux')('kills a render over its memory budget', async () => {
    // A print render needs well over 160 MiB resident (a 3508×2480 RGBA canvas alone is 35 MB).
    const p = pool({ memoryMb: 160 });
    await expect(p.run(print('Big'))).rejects.toMatchObject({ name: 'RenderFailedError', reason: 'memory' });
  });

  it('collects garbage after a render only once the memory left passes half its budget (decision 139)', async () => {
    // 2 GiB: a process holds a few hundred MB after a print render — no full collection, the same process goes on.
    const roomy = pool();
    for (const name of ['A', 'B', 'C']) expect(isPng(await roomy.run(print(name)))).toBe(true);
    await until(() => roomy.stats.running === 0);
    expect(roomy.stats).toMatchObject({ completed: 3, collections: 0, started: 1 });
    // 240 MiB: past 120 MiB after a print render it collects (and past 144 MiB the process is replaced).
    const tight = pool({ memoryMb: 240 });
    await tight.run(share('D'));
    await tight.run(print('E')).catch(() => undefined);
    await until(() => tight.stats.collections > 0);
    expect(tight.stats.collections).toBeGreaterThan(0);
  });

  it('close() ends every render process and fails what is waiting', async () => {
    const p = pool({ workers: 1, queueMax: 1 });
    const running = p.run(print('A')).catch((e: unknown) => e);
    const waiting = p.run(share('B')).catch((e: unknown) => e);
    await until(() => p.stats.running === 1);
    const pids = p.pids;
    await p.close();
    expect(await running).toMatchObject({ reason: 'closed' });
    expect(await waiting).toMatchObject({ reason: 'closed' });
    expect(pids.some(alive)).toBe(false);
    await expect(p.run(share('C'))).rejects.toMatchObject({ reason: 'closed' });
  });
});
