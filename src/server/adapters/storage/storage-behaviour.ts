import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  InvalidObjectKeyError,
  ObjectExistsError,
  RangeNotSatisfiableError,
  contentAddressedKey,
  readAll,
  type ObjectStorage,
} from './object-storage';

/**
 * The behaviour every ObjectStorage must have, run by local-disk.test.ts and s3.test.ts against each store, so
 * the two can never drift apart. `store()` gives the store under test (set up by the caller's beforeAll).
 */
export function describeObjectStorage(name: string, store: () => ObjectStorage) {
  describe(`${name}: the ObjectStorage behaviour`, () => {
    const bytes = Buffer.from('0123456789abcdef');
    let n = 0;
    const freshKey = (ext = 'bin') => `behaviour/${Date.now().toString(36)}-${++n}.${ext}`;

    it('stores bytes with their type, and gives them back with size and a quoted etag', async () => {
      const s = store();
      const key = freshKey('png');
      const put = await s.put('award-images', key, bytes, { contentType: 'image/png' });
      expect(put).toEqual({ contentType: 'image/png', size: 16, etag: expect.stringMatching(/^"[^"]+"$/) });
      expect(await s.head('award-images', key)).toEqual(put);
      const got = await s.get('award-images', key);
      expect(got).toMatchObject({ contentType: 'image/png', size: 16, etag: put.etag });
      expect(got?.range).toBeUndefined();
      expect(await readAll(got!.body)).toEqual(bytes);
    });

    it('answers null for a key that is not there', async () => {
      const s = store();
      expect(await s.head('award-images', freshKey())).toBeNull();
      expect(await s.get('award-images', freshKey())).toBeNull();
      expect(await s.get('award-images', freshKey(), { start: 0, end: 1 })).toBeNull();
    });

    it('keeps the buckets apart', async () => {
      const s = store();
      const key = freshKey();
      await s.put('bug-attachments', key, bytes, { contentType: 'application/octet-stream' });
      expect(await s.head('award-images', key)).toBeNull();
      expect(await s.head('bug-attachments', key)).not.toBeNull();
    });

    it('reads an inclusive byte range, cutting an end past the last byte, and refuses a start past it', async () => {
      const s = store();
      const key = freshKey('webm');
      await s.put('bug-attachments', key, bytes, { contentType: 'video/webm' });
      const part = await s.get('bug-attachments', key, { start: 2, end: 5 });
      expect(part).toMatchObject({ size: 16, range: { start: 2, end: 5 }, contentType: 'video/webm' });
      expect((await readAll(part!.body)).toString()).toBe('2345');
      const tail = await s.get('bug-attachments', key, { start: 10, end: 1_000_000 });
      expect(tail?.range).toEqual({ start: 10, end: 15 });
      expect((await readAll(tail!.body)).toString()).toBe('abcdef');
      const last = await s.get('bug-attachments', key, { start: 15, end: 15 });
      expect((await readAll(last!.body)).toString()).toBe('f');
      const refused = await s.get('bug-attachments', key, { start: 16, end: 20 }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RangeNotSatisfiableError);
      expect((refused as RangeNotSatisfiableError).size).toBe(16);
    });

    it('refuses to overwrite without upsert, and keeps the first bytes', async () => {
      const s = store();
      const key = freshKey();
      await s.put('bug-attachments', key, bytes, { contentType: 'text/plain' });
      await expect(s.put('bug-attachments', key, Buffer.from('other'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(ObjectExistsError);
      await expect(s.put('bug-attachments', key, Buffer.from('other'), { contentType: 'text/plain', upsert: false })).rejects.toThrow(/exists already/);
      expect(await readAll((await s.get('bug-attachments', key))!.body)).toEqual(bytes);
    });

    it('lets exactly one of many racing creators of one key win', async () => {
      const s = store();
      const key = freshKey();
      const bodies = Array.from({ length: 8 }, (_, i) => Buffer.from(`writer ${i} `.repeat(100)));
      const results = await Promise.allSettled(bodies.map((b) => s.put('bug-attachments', key, b, { contentType: 'text/plain' })));
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ObjectExistsError);
      expect(await readAll((await s.get('bug-attachments', key))!.body)).toEqual(bodies[won[0]!]);
    });

    it('replaces with upsert: new bytes, new type, new etag', async () => {
      const s = store();
      const key = freshKey('png');
      const first = await s.put('award-images', key, bytes, { contentType: 'image/png', upsert: true });
      const second = await s.put('award-images', key, Buffer.from('GIF89a-new-bytes'), { contentType: 'image/gif', upsert: true });
      expect(second.etag).not.toBe(first.etag);
      expect(await s.head('award-images', key)).toEqual({ contentType: 'image/gif', size: 16, etag: second.etag });
      expect((await readAll((await s.get('award-images', key))!.body)).toString()).toBe('GIF89a-new-bytes');
      // The same bytes again: the same etag (it names the bytes).
      expect((await s.put('award-images', key, Buffer.from('GIF89a-new-bytes'), { contentType: 'image/gif', upsert: true })).etag).toBe(second.etag);
    });

    it('deletes, and deleting what is not there is fine', async () => {
      const s = store();
      const key = freshKey();
      await s.put('bug-attachments', key, bytes, { contentType: 'text/plain' });
      await s.delete('bug-attachments', key);
      expect(await s.head('bug-attachments', key)).toBeNull();
      expect(await s.get('bug-attachments', key)).toBeNull();
      await expect(s.delete('bug-attachments', key)).resolves.toBeUndefined();
      // …and the key can be created again.
      await expect(s.put('bug-attachments', key, bytes, { contentType: 'text/plain' })).resolves.toMatchObject({ size: 16 });
    });

    it.each([
      ['', 'empty'],
      ['/etc/passwd', 'start with /'],
      ['../outside.png', '..'],
      ['a/../../b', '..'],
      ['a..b', '..'],
      ['a//b', 'empty path segment'],
      ['a/', 'empty path segment'],
      ['a/./b', '. segment'],
      ['with space.png', 'only A-Z'],
      ['back\\slash', 'only A-Z'],
      ['nul\0byte', 'only A-Z'],
      ['ünïcode.png', 'only A-Z'],
      [`${'x'.repeat(200)}/${'y'.repeat(200)}/${'z'.repeat(111)}`, 'longer than 512'],
      ['x'.repeat(201), 'segment is longer than 200'],
      ['a.meta.json', '.meta.json'],
    ])('refuses the key %j (%s) on every operation', async (key, reason) => {
      const s = store();
      await expect(s.put('award-images', key, bytes, { contentType: 'image/png', upsert: true })).rejects.toThrow(InvalidObjectKeyError);
      await expect(s.put('award-images', key, bytes, { contentType: 'image/png' })).rejects.toThrow(reason);
      await expect(s.head('award-images', key)).rejects.toThrow(InvalidObjectKeyError);
      await expect(s.get('award-images', key)).rejects.toThrow(InvalidObjectKeyError);
      await expect(s.delete('award-images', key)).rejects.toThrow(InvalidObjectKeyError);
      expect(() => s.publicUrl('award-images', key)).toThrow(InvalidObjectKeyError);
    });

    it('takes keys of 512 characters (200 a segment), nested folders, dots, dashes and underscores', async () => {
      const s = store();
      for (const key of [`${'x'.repeat(200)}/${'y'.repeat(200)}/${'z'.repeat(110)}`, 'Deep/er/F0lder/name_with-dash.v2.PNG', '.hidden-ok']) {
        await s.put('award-images', key, bytes, { contentType: 'image/png', upsert: true });
        expect(await s.head('award-images', key)).toMatchObject({ size: 16 });
        await s.delete('award-images', key);
      }
    });

    it('names the public URL of an award image', () => {
      const key = contentAddressedKey('awards', bytes, 'png');
      expect(key).toBe(`awards/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.png`);
      expect(store().publicUrl('award-images', key)).toMatch(new RegExp(`/${key.replace(/\./g, '\\.')}$`));
    });

    it('passes its own check and leaves nothing behind', async () => {
      await expect(store().check('bug-attachments')).resolves.toBeUndefined();
      await expect(store().check('award-images')).resolves.toBeUndefined();
    });
  });
}
