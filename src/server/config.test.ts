import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has offline defaults for everything', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/data$/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RENDER_WORKERS: '0' }, 'RENDER_WORKERS'],
    [{ RENDER_QUEUE_MAX: '-1' }, 'RENDER_QUEUE_MAX'],
    [{ RENDER_TIMEOUT_MS: 'soon' }, 'RENDER_TIMEOUT_MS'],
    [{ RENDER_MEMORY_MB: '64' }, 'RENDER_MEMORY_MB'],
    [{ RENDER_CACHE_MAX_MB: '0' }, 'RENDER_CACHE_MAX_MB'],
  ])('stops with a message naming the bad variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toContain(`${name}:`);
    }
  });

  it('bounds certificate rendering by default, and takes other bounds', () => {
    const { render } = loadConfig({});
    expect(render.workers).toBeGreaterThanOrEqual(1);
    expect(render.workers).toBeLessThanOrEqual(2);
    expect(render).toMatchObject({ queueMax: 16, timeoutMs: 20_000, memoryMb: 512, cacheMaxMb: 512 });
    expect(loadConfig({ RENDER_WORKERS: '4', RENDER_QUEUE_MAX: '0', RENDER_CACHE_MAX_MB: '64' }).render).toMatchObject({ workers: 4, queueMax: 0, cacheMaxMb: 64 });
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });
});
