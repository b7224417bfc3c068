import { createHash, randomUUID } from 'node:crypto';

/**
 * File storage (ARCHITECTURE "files", issue 12, docs/decisions/093): one interface, two implementations —
 * local disk under DATA_DIR (default) and S3-compatible object storage when S3_* is configured.
 */

/** bug-attachments is private (served only to admins through our routes); award-images is public. */
export const BUCKETS = {
  'bug-attachments': { public: false },
  'award-images': { public: true },
} as const;
export type BucketName = keyof typeof BUCKETS;

export interface PutOptions {
  contentType: string;
  /** Replace an existing object at the key (award-images); otherwise an existing key is an error. */
  upsert?: boolean;
  /** Cache-Control kept with the object (S3 metadata; the local store serves it from the bucket's rule). */
  cacheControl?: string;
}

export interface StoredObjectInfo {
  contentType: string;
  /** The whole object's size in bytes (also when only a range of it is read). */
  size: number;
  /** A strong HTTP entity tag, quoted (`"…"`), ready for an ETag header; it changes when the bytes do. */
  etag: string;
}

export interface ObjectRange {
  /**
   * Inclusive byte offsets, as in an HTTP Range header. An end past the last byte is cut to the last byte (as
   * HTTP does); a start past it throws RangeNotSatisfiableError.
   */
  start: number;
  end: number;
}

export interface StoredObject extends StoredObjectInfo {
  /** The bytes, or the asked range of them. */
  body: NodeJS.ReadableStream;
  /** Set when a range was asked: the bytes actually in `body` (end cut to size - 1). */
  range?: ObjectRange;
}

export class ObjectExistsError extends Error {
  constructor(bucket: BucketName, key: string) {
    super(`${bucket}/${key} exists already`);
    this.name = 'ObjectExistsError';
  }
}

/** A key that is not `segment/segment/…` of [A-Za-z0-9._-] (see assertValidKey). */
export class InvalidObjectKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** The asked range starts at or past the end of the object: HTTP 416, whose Content-Range header names `size`. */
export class RangeNotSatisfiableError extends Error {
  constructor(
    public readonly size: number,
    range: ObjectRange,
  ) {
    super(`Range ${range.start}-${range.end} is outside the object (${size} bytes)`);
    this.name = 'RangeNotSatisfiableError';
  }
}

export const MAX_KEY_LENGTH = 512;
/** File systems allow 255 bytes per name; the local store adds `.meta.json` to one. */
export const MAX_SEGMENT_LENGTH = 200;
const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;
/** The local store keeps an object's content type and etag beside it under this suffix. */
export const META_SUFFIX = '.meta.json';

/**
 * Keys are relative paths of [A-Za-z0-9._-] segments joined by `/`: no leading or trailing `/`, no empty
 * segment, no `..` anywhere, at most 512 characters (200 per segment), not ending in `.meta.json` (reserved by
 * the local store).
 * The same rule on both stores, so a key that works locally works on S3 and cannot leave its bucket's folder.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidObjectKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidObjectKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (key.startsWith('/')) throw new InvalidObjectKeyError(key, 'must not start with /');
  if (key.includes('..')) throw new InvalidObjectKeyError(key, 'must not contain ..');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidObjectKeyError(key, 'empty path segment (// or a trailing /)');
    if (segment === '.') throw new InvalidObjectKeyError(key, 'must not contain a . segment');
    if (!KEY_SEGMENT.test(segment)) throw new InvalidObjectKeyError(key, 'segments may hold only A-Z a-z 0-9 . _ -');
    if (segment.length > MAX_SEGMENT_LENGTH) throw new InvalidObjectKeyError(key, `a segment is longer than ${MAX_SEGMENT_LENGTH} characters`);
  }
  if (key.endsWith(META_SUFFIX)) throw new InvalidObjectKeyError(key, `must not end in ${META_SUFFIX}`);
}

/** The range actually served: end cut to the last byte; a start past it (or a backwards range) is refused. */
export function clampRange(range: ObjectRange, size: number): ObjectRange {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start || range.start >= size) {
    throw new RangeNotSatisfiableError(size, range);
  }
  return { start: range.start, end: Math.min(range.end, size - 1) };
}

const CONTENT_ADDRESSED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/**
 * `{prefix}/{first 32 hex of the bytes' SHA-256}.{ext}`: a key that names its bytes, so a new image is a new URL
 * and the old URL may be cached forever (the /files route serves such keys as immutable). Write these with
 * upsert: the same bytes land on the same key.
 */
export function contentAddressedKey(prefix: string, bytes: Buffer, ext: string): string {
  const key = `${prefix ? `${prefix}/` : ''}${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext.toLowerCase()}`;
  assertValidKey(key);
  return key;
}

/** Whether a key has the shape contentAddressedKey makes (its last segment is a hash and an extension). */
export function isContentAddressedKey(key: string): boolean {
  return CONTENT_ADDRESSED_NAME.test(key.slice(key.lastIndexOf('/') + 1));
}

export function isBucketName(name: string): name is BucketName {
  return Object.hasOwn(BUCKETS, name);
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(bucket: BucketName, key: string, body: Buffer, options: PutOptions): Promise<StoredObjectInfo>;
  /** null when there is no such object. */
  head(bucket: BucketName, key: string): Promise<StoredObjectInfo | null>;
  /** null when there is no such object. */
  get(bucket: BucketName, key: string, range?: ObjectRange): Promise<StoredObject | null>;
  delete(bucket: BucketName, key: string): Promise<void>;
  /** The public URL of an object in a public bucket (award-images). */
  publicUrl(bucket: 'award-images', key: string): string;
  /** Writes, reads and deletes a small object: the admin's self-test. */
  check(bucket: BucketName): Promise<void>;
  /** Lets go of connections (the app's onClose). */
  close?(): void;
}

/** The whole body of a stored object (or of any byte stream) as one Buffer. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The check() of every store: writes, reads back and deletes a probe object; throws saying which step failed. */
export async function checkStorage(storage: ObjectStorage, bucket: BucketName): Promise<void> {
  const key = `_check/${randomUUID()}.txt`;
  const bytes = Buffer.from(`certifiable storage check ${new Date().toISOString()}\n`);
  await storage.put(bucket, key, bytes, { contentType: 'text/plain' });
  try {
    const object = await storage.get(bucket, key);
    if (!object) throw new Error(`storage check: ${bucket}/${key} was written but cannot be read back`);
    if (!(await readAll(object.body)).equals(bytes)) throw new Error(`storage check: ${bucket}/${key} read back different bytes`);
  } finally {
    await storage.delete(bucket, key);
  }
  if (await storage.head(bucket, key)) throw new Error(`storage check: ${bucket}/${key} is still there after delete`);
}
