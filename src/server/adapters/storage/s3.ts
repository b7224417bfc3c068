import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  checkStorage,
  clampRange,
  ObjectExistsError,
  RangeNotSatisfiableError,
  type BucketName,
  type ObjectRange,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
  type StoredObjectInfo,
} from './object-storage';

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …) behind the ObjectStorage interface
 * (docs/decisions/093). One real bucket; the logical buckets are key prefixes: `award-images/{key}`,
 * `bug-attachments/{key}`.
 *
 * - `upsert: false` is a conditional PUT (`If-None-Match: *`): the provider refuses with 412 when the key
 *   exists, so two writers cannot both create one key. A 412 after an SDK retry may be our own first attempt
 *   whose answer was lost: when the stored ETag is the MD5 of our bytes, the write is ours and succeeds.
 * - Every attempt is bounded: connecting (5 s), sending the request and getting the answer's headers (60 s), and
 *   a stalled socket while streaming a body (30 s); the SDK retries a failed attempt (3 attempts in all).
 * - Checksums only when the operation needs them: the SDK's default CRC headers are refused by some
 *   S3-compatible providers.
 *
 * Tested against the loopback server in src/server/test/loopback/s3-server.ts (which checks every signature).
 */

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible providers; undefined → AWS. */
  endpoint?: string | undefined;
  /** undefined/null → the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle?: boolean;
  /** Public base URL of the award-images/ prefix; undefined → our /files/award-images route proxies them. */
  publicUrl?: string | undefined;
  /** Per-attempt bounds (tests shorten them). */
  timeouts?: { connectMs?: number; requestMs?: number; socketIdleMs?: number };
  /** Attempts per operation, including the first. default 3 */
  maxAttempts?: number;
}

const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;
const SOCKET_IDLE_TIMEOUT_MS = 30_000;

export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBase = options.publicUrl?.replace(/\/+$/, '');
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      maxAttempts: options.maxAttempts ?? 3,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: options.timeouts?.connectMs ?? CONNECT_TIMEOUT_MS,
        requestTimeout: options.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: options.timeouts?.socketIdleMs ?? SOCKET_IDLE_TIMEOUT_MS,
      },
    });
  }

  async put(bucket: BucketName, key: string, body: Buffer, options: PutOptions): Promise<StoredObjectInfo> {
    const Key = this.keyOf(bucket, key);
    const md5 = `"${createHash('md5').update(body).digest('hex')}"`;
    try {
      const out = await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: body,
          ContentLength: body.length,
          ContentType: options.contentType,
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
          ...(options.upsert ? {} : { IfNoneMatch: '*' }),
        }),
      );
      return { contentType: options.contentType, size: body.length, etag: out.ETag ?? md5 };
    } catch (err) {
      // 412: the key exists. 409: another conditional write to it is under way — it will win, so the same.
      if (!options.upsert && (statusOf(err) === 412 || statusOf(err) === 409)) {
        if ((attemptsOf(err) ?? 1) > 1) {
          const existing = await this.head(bucket, key);
          if (existing && existing.etag === md5 && existing.size === body.length) return existing;
        }
        throw new ObjectExistsError(bucket, key);
      }
      throw err;
    }
  }

  async head(bucket: BucketName, key: string): Promise<StoredObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(bucket, key) }));
      return { contentType: out.ContentType ?? 'application/octet-stream', size: out.ContentLength ?? 0, etag: out.ETag ?? '""' };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async get(bucket: BucketName, key: string, range?: ObjectRange): Promise<StoredObject | null> {
    const Key = this.keyOf(bucket, key);
    // The shape of the range is checked here; whether it starts inside the object, by the provider.
    if (range) clampRange(range, Number.MAX_SAFE_INTEGER);
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject answered without a readable body');
      const info = { contentType: out.ContentType ?? 'application/octet-stream', etag: out.ETag ?? '""' };
      const served = out.ContentRange ? parseContentRange(out.ContentRange) : null;
      if (!range) return { ...info, size: out.ContentLength ?? 0, body: out.Body };
      if (served) return { ...info, size: served.size, range: { start: served.start, end: served.end }, body: out.Body };
      // A provider that ignores Range sends the whole object: cut it here, so the caller gets what it asked for.
      const size = out.ContentLength ?? 0;
      const cut = clampRange(range, size);
      return { ...info, size, range: cut, body: sliceStream(out.Body, cut) };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      if (statusOf(err) === 416 && range) {
        const info = await this.head(bucket, key);
        if (!info) return null;
        throw new RangeNotSatisfiableError(info.size, range);
      }
      throw err;
    }
  }

  async delete(bucket: BucketName, key: string): Promise<void> {
    // S3 answers 204 for a key that is not there too: delete is idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(bucket, key) }));
  }

  publicUrl(bucket: 'award-images', key: string): string {
    assertValidKey(key);
    return this.publicBase ? `${this.publicBase}/${key}` : `/files/${bucket}/${key}`;
  }

  async check(bucket: BucketName): Promise<void> {
    await checkStorage(this, bucket);
  }

  /** Closes the SDK's sockets. */
  close(): void {
    this.client.destroy();
  }

  private keyOf(bucket: BucketName, key: string): string {
    assertValidKey(key);
    return `${bucket}/${key}`;
  }
}

function statusOf(err: unknown): number | undefined {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode;
  return undefined;
}

function attemptsOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.attempts : undefined;
}

function parseContentRange(value: string): { start: number; end: number; size: number } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value.trim());
  return m ? { start: Number(m[1]), end: Number(m[2]), size: Number(m[3]) } : null;
}

/** The bytes start..end (inclusive) of a stream. */
function sliceStream(source: Readable, range: ObjectRange): Readable {
  let offset = 0;
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        const bytes = Buffer.from(chunk as Uint8Array);
        const from = Math.max(range.start - offset, 0);
        const to = Math.min(range.end + 1 - offset, bytes.length);
        offset += bytes.length;
        if (to > from) yield bytes.subarray(from, to);
        if (offset > range.end) {
          source.destroy();
          return;
        }
      }
    })(),
  );
}
