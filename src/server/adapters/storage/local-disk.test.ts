import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { createObjectStorage } from './index';
import { LocalDiskStorage } from './local-disk';
import { InvalidObjectKeyError, readAll } from './object-storage';
import { describeObjectStorage } from './storage-behaviour';
import { DiskFullError, isDiskFull } from '@/server/lib/disk-full';

let dataDir: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'certifiable-storage-'));
  storage = new LocalDiskStorage({ dataDir });
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describeObjectStorage('local disk', () => storage);

describe('local disk: files under DATA_DIR', () => {
  it('is the store when S3_BUCKET is not set', async () => {
    const s = await createObjectStorage(loadConfig({ DATA_DIR: '/tmp/certifiable-x' }));
    expect(s.kind).toBe('local');
  });

  it('keeps an object at storage/{bucket}/{key} with a sidecar, and no temp files', async () => {
    await storage.put('award-images', 'awards/seal.png', Buffer.from('png bytes'), { contentType: 'image/png', upsert: true });
    const file = path.join(dataDir, 'storage', 'award-images', 'awards', 'seal.png');
    expect(await readFile(file, 'utf8')).toBe('png bytes');
    expect(JSON.parse(await readFile(`${file}.meta.json`, 'utf8'))).toMatchObject({ contentType: 'image/png', size: 9 });
    expect(await readdir(path.join(dataDir, 'storage', '.tmp'))).toEqual([]);
  });

  it('cleans temp files after a refused create too', async () => {
    await storage.put('bug-attachments', 'once.txt', Buffer.from('1'), { contentType: 'text/plain' });
    await expect(storage.put('bug-attachments', 'once.txt', Buffer.from('2'), { contentType: 'text/plain' })).rejects.toThrow(/exists/);
    expect(await readdir(path.join(dataDir, 'storage', '.tmp'))).toEqual([]);
  });

  it('removes the emptied folders of a deleted key, never the bucket', async () => {
    await storage.put('bug-attachments', 'videos/2026/11/clip.webm', Buffer.from('v'), { contentType: 'video/webm' });
    await storage.delete('bug-attachments', 'videos/2026/11/clip.webm');
    expect(existsSync(path.join(dataDir, 'storage', 'bug-attachments', 'videos'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'storage', 'bug-attachments'))).toBe(true);
  });

  it('refuses a key whose path clashes with another object, as a key error', async () => {
    await storage.put('bug-attachments', 'clash', Buffer.from('file'), { contentType: 'text/plain' });
    await expect(storage.put('bug-attachments', 'clash/inner', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await storage.put('bug-attachments', 'folder/inner', Buffer.from('x'), { contentType: 'text/plain' });
    await expect(storage.put('bug-attachments', 'folder', Buffer.from('x'), { contentType: 'text/plain', upsert: true })).rejects.toBeInstanceOf(InvalidObjectKeyError);
    // A folder of other keys is not an object.
    expect(await storage.head('bug-attachments', 'folder')).toBeNull();
    expect(await storage.get('bug-attachments', 'folder')).toBeNull();
  });

  it('still serves bytes whose sidecar is lost, as application/octet-stream', async () => {
    await storage.put('bug-attachments', 'lost-meta.bin', Buffer.from('abc'), { contentType: 'image/png' });
    const file = path.join(dataDir, 'storage', 'bug-attachments', 'lost-meta.bin');
    await writeFile(`${file}.meta.json`, 'not json');
    const got = await storage.get('bug-attachments', 'lost-meta.bin');
    expect(got).toMatchObject({ contentType: 'application/octet-stream', size: 3, etag: expect.stringMatching(/^"[0-9a-f]+-[0-9a-f]+"$/) });
    expect((await readAll(got!.body)).toString()).toBe('abc');
  });

  it('gives a reader that opened the file the old bytes while an upsert replaces it', async () => {
    await storage.put('award-images', 'swap.png', Buffer.from('old old old'), { contentType: 'image/png', upsert: true });
    const reading = await storage.get('award-images', 'swap.png');
    await storage.put('award-images', 'swap.png', Buffer.from('new'), { contentType: 'image/png', upsert: true });
    expect((await readAll(reading!.body)).toString()).toBe('old old old');
    expect((await readAll((await storage.get('award-images', 'swap.png'))!.body)).toString()).toBe('new');
  });

  it('publishes award images under /files/award-images', () => {
    expect(storage.publicUrl('award-images', 'awards/seal.png')).toBe('/files/award-images/awards/seal.png');
  });

  it('refuses an upload that would take the disk below its floor (507), stores nothing, and never evicts what is there', async () => {
    let free = 1000;
    const guarded = new LocalDiskStorage({ dataDir, minFreeBytes: 600, freeSpace: async () => free });
    await guarded.put('bug-attachments', 'floor/kept.png', Buffer.alloc(300), { contentType: 'image/png' });
    free = 700;
    const refused = guarded.put('bug-attachments', 'floor/refused.png', Buffer.alloc(300), { contentType: 'image/png' });
    await expect(refused).rejects.toBeInstanceOf(DiskFullError);
    await expect(refused).rejects.toSatisfy(isDiskFull);
    expect(await guarded.head('bug-attachments', 'floor/refused.png')).toBeNull();
    expect(await guarded.head('bug-attachments', 'floor/kept.png')).toMatchObject({ size: 300 });
    expect(await readdir(path.join(dataDir, 'storage', '.tmp'))).toEqual([]);
  });
});
