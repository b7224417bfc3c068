import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseOnThisMachine, loadConfig } from './config';

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
    [{ SERVER_PROCESSES: '0' }, 'SERVER_PROCESSES'],
    [{ SERVER_PROCESSES: 'many' }, 'SERVER_PROCESSES'],
    [{ SERVER_PROCESSES: '1.5' }, 'SERVER_PROCESSES'],
  ])('stops with a message naming the bad variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toContain(`${name}:`);
    }
  });

  it('serves with one process per core on PostgreSQL (less one for a database on this machine), SERVER_PROCESSES when set, and always one on the embedded database', () => {
    const url = 'postgres://x@db.internal/db';
    const here = 'postgres://x@127.0.0.1/db';
    expect(loadConfig({ DATABASE_URL: url }).processes).toEqual({ count: availableParallelism(), asked: null, databaseHere: false });
    expect(loadConfig({ DATABASE_URL: here }).processes).toEqual({ count: Math.max(1, availableParallelism() - 1), asked: null, databaseHere: true });
    expect(loadConfig({ DATABASE_URL: here, SERVER_PROCESSES: '3' }).processes).toEqual({ count: 3, asked: 3, databaseHere: true });
    expect(loadConfig({ DATABASE_URL: url, SERVER_PROCESSES: '3' }).processes).toMatchObject({ count: 3, asked: 3 });
    expect(loadConfig({ SERVER_PROCESSES: '3' }).processes).toMatchObject({ count: 1, asked: 3 });
    expect(loadConfig({}).processes).toMatchObject({ count: 1, asked: null });
    // Several processes draw certificates in a pool each: one render process apiece unless RENDER_WORKERS says.
    expect(loadConfig({ DATABASE_URL: url, SERVER_PROCESSES: '2' }).render.workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: url, SERVER_PROCESSES: '2', RENDER_WORKERS: '3' }).render.workers).toBe(3);
    expect(() => loadConfig({ SERVER_PROCESSES: 'all' })).toThrow(/SERVER_PROCESSES: must be a whole number/);
  });

  it.each([
    ['postgres://x@127.0.0.1:5432/db', true],
    ['postgres://x@127.0.4.2/db', true],
    ['postgresql://x@localhost/db', true],
    ['postgres://x@[::1]:5432/db', true],
    ['postgres://x@localhost/db?host=/var/run/postgresql', true],
    ['postgres://x@/db?host=%2Frun%2Fpostgresql', true],
    ['postgres://x@%2Fvar%2Frun%2Fpostgresql/db', true],
    ['postgres://x@db.internal:5432/db', false],
    ['postgres://x@10.0.0.5/db', false],
    ['postgres://x@localhost/db?host=db.internal', false],
  ])('tells a database on this machine (%s) from one elsewhere', (url, here) => {
    expect(databaseOnThisMachine(url)).toBe(here);
  });

  it('bounds certificate rendering by default, and takes other bounds', () => {
    const { render } = loadConfig({});
    expect(render.workers).toBeGreaterThanOrEqual(1);
    expect(render.workers).toBeLessThanOrEqual(2);
    expect(render).toMatchObject({ queueMax: 16, timeoutMs: 20_000, memoryMb: 768, cacheMaxMb: 512 });
    expect(loadConfig({ RENDER_WORKERS: '4', RENDER_QUEUE_MAX: '0', RENDER_CACHE_MAX_MB: '64' }).render).toMatchObject({ workers: 4, queueMax: 0, cacheMaxMb: 64 });
  });

  it('takes US sales tax from Stripe Tax only with a Stripe key (docs/decisions/133)', () => {
    expect(loadConfig({}).usSalesTax).toBeNull();
    expect(() => loadConfig({ US_SALES_TAX: 'stripe' })).toThrow(/US_SALES_TAX: stripe needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ US_SALES_TAX: 'avalara' })).toThrow(/US_SALES_TAX: must be off or stripe/);
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig({ ...keys }).usSalesTax).toBeNull();
    expect(loadConfig({ ...keys, US_SALES_TAX: 'stripe' }).usSalesTax).toEqual({ secretKey: 'sk_test_abc', apiUrl: undefined });
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  describe('file storage (S3_*)', () => {
    it('keeps files on local disk unless S3_BUCKET is set', () => {
      expect(loadConfig({}).s3).toBeNull();
    });

    it('takes a full S3 setting', () => {
      const { s3 } = loadConfig({
        S3_BUCKET: 'certifiable-files',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://files.certifiable.example/',
      });
      expect(s3).toEqual({
        bucket: 'certifiable-files',
        region: 'auto',
        endpoint: 'https://account.r2.cloudflarestorage.com',
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
        forcePathStyle: true,
        publicUrl: 'https://files.certifiable.example',
      });
    });

    it('defaults to us-east-1, virtual-hosted style and the default credential chain', () => {
      expect(loadConfig({ S3_BUCKET: 'certifiable-files' }).s3).toEqual({
        bucket: 'certifiable-files',
        region: 'us-east-1',
        endpoint: undefined,
        credentials: null,
        forcePathStyle: false,
        publicUrl: undefined,
      });
    });

    it.each([
      [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
      [{ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
      [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
      [{ S3_BUCKET: 'files', S3_PUBLIC_URL: 'files.example' }, 'S3_PUBLIC_URL'],
      [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' }, 'S3_SECRET_ACCESS_KEY'],
      [{ S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
      [{ S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_BUCKET'],
    ])('refuses a half or wrong S3 setting, naming the variable: %o', (env, name) => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
    });
  });
});
