import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, rmdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DiskFullError, freeBytesOf, type FreeSpaceProbe } from '@/server/lib/disk-full';
import {
  assertValidKey,
  checkStorage,
  clampRange,
  META_SUFFIX,
  ObjectExistsError,
  InvalidObjectKeyError,
  type BucketName,
  type ObjectRange,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
  type StoredObjectInfo,
} from './object-storage';

/**
 * Objects as files under `{dataDir}/storage/{bucket}/{key}` (the default store; docs/decisions/093).
 *
 * Each object has a sidecar `{key}.meta.json` holding its content type, size and etag. Writes never leave a
 * half-written object visible: the bytes go to a temp file in `storage/.tmp` (same file system), are synced,
 * and then
 * - with `upsert`, renamed over the key (atomic replace);
 * - without, hard-linked to the key — link() fails with EEXIST when the key exists, so two writers racing for
 *   one key cannot both win and there is no check-then-write gap.
 * The sidecar follows the bytes. A reader that comes between the two renames never sees a partial file; when the
 * sidecar's size does not match the bytes it gets an etag derived from the file (size, mtime) and the type
 * application/octet-stream for that moment.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly tmpDir: string;

  private readonly minFreeBytes: number;
  private readonly freeSpace: FreeSpaceProbe;

  /**
   * `minFreeBytes` (DATA_DIR_MIN_FREE_MB): a file that would take the disk's free space below it is refused with
   * DiskFullError (507). The files here are users' and admins' data: never evicted to make room (docs/decisions/112).
   */
  constructor(options: { dataDir: string; minFreeBytes?: number; freeSpace?: FreeSpaceProbe }) {
    this.root = path.join(path.resolve(options.dataDir), 'storage');
    this.tmpDir = path.join(this.root, '.tmp');
    this.minFreeBytes = Math.max(0, options.minFreeBytes ?? 0);
    this.freeSpace = options.freeSpace ?? freeBytesOf;
  }

  async put(bucket: BucketName, key: string, body: Buffer, options: PutOptions): Promise<StoredObjectInfo> {
    const file = this.pathOf(bucket, key);
    if (this.minFreeBytes > 0 && (await this.freeSpace(this.root)) - body.length < this.minFreeBytes) {
      throw new DiskFullError(`No room to store ${bucket}/${key}: DATA_DIR is below its free-space floor`);
    }
    const info: StoredObjectInfo = { contentType: options.contentType, size: body.length, etag: etagOf(body) };
    await mkdir(this.tmpDir, { recursive: true });
    await this.mkdirFor(bucket, key, file);
    const tmpData = await this.writeTemp(body);
    let tmpMeta: string;
    try {
      tmpMeta = await this.writeTemp(Buffer.from(JSON.stringify({ ...info, cacheControl: options.cacheControl ?? null })));
    } catch (err) {
      await rm(tmpData, { force: true });
      throw err;
    }
    try {
      if (options.upsert) {
        await rename(tmpData, file);
      } else {
        try {
          await link(tmpData, file);
        } catch (err) {
          if (errnoOf(err) === 'EEXIST' && (await stat(file)).isFile()) throw new ObjectExistsError(bucket, key);
          throw err;
        }
      }
      await rename(tmpMeta, file + META_SUFFIX);
      return info;
    } catch (err) {
      throw this.explain(err, bucket, key);
    } finally {
      await rm(tmpData, { force: true });
      await rm(tmpMeta, { force: true });
    }
  }

  async head(bucket: BucketName, key: string): Promise<StoredObjectInfo | null> {
    const file = this.pathOf(bucket, key);
    const handle = await openIfExists(file);
    if (!handle) return null;
    try {
      return await this.infoOf(file, handle);
    } finally {
      await handle.close();
    }
  }

  async get(bucket: BucketName, key: string, range?: ObjectRange): Promise<StoredObject | null> {
    const file = this.pathOf(bucket, key);
    // The handle pins the file: a replace after this point does not change what this reader gets.
    const handle = await openIfExists(file);
    if (!handle) return null;
    try {
      const info = await this.infoOf(file, handle);
      if (!range) return { ...info, body: handle.createReadStream({ autoClose: true }) };
      const served = clampRange(range, info.size);
      return { ...info, range: served, body: handle.createReadStream({ start: served.start, end: served.end, autoClose: true }) };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(bucket: BucketName, key: string): Promise<void> {
    const file = this.pathOf(bucket, key);
    await rm(file, { force: true });
    await rm(file + META_SUFFIX, { force: true });
    // Empty folders left by the key go too, up to (not including) the bucket's folder.
    const bucketDir = path.join(this.root, bucket);
    for (let dir = path.dirname(file); dir.startsWith(bucketDir + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (or gone): stop climbing
      }
    }
  }

  publicUrl(bucket: 'award-images', key: string): string {
    assertValidKey(key);
    return `/files/${bucket}/${key}`;
  }

  async check(bucket: BucketName): Promise<void> {
    await checkStorage(this, bucket);
  }

  /** The file of a key; the key is validated first, and the result is checked to stay inside the bucket. */
  private pathOf(bucket: BucketName, key: string): string {
    assertValidKey(key);
    const bucketDir = path.join(this.root, bucket);
    const file = path.join(bucketDir, ...key.split('/'));
    if (!file.startsWith(bucketDir + path.sep)) throw new InvalidObjectKeyError(key, 'leaves its bucket');
    return file;
  }

  private async mkdirFor(bucket: BucketName, key: string, file: string): Promise<void> {
    try {
      await mkdir(path.dirname(file), { recursive: true });
    } catch (err) {
      throw this.explain(err, bucket, key);
    }
  }

  private async writeTemp(bytes: Buffer): Promise<string> {
    const tmp = path.join(this.tmpDir, `${randomUUID()}.tmp`);
    const handle = await open(tmp, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (err) {
      // A full disk mid-write: the part written goes, or it would hold the space it failed to get.
      await handle.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw err;
    }
    await handle.close();
    return tmp;
  }

  private async infoOf(file: string, handle: FileHandle): Promise<StoredObjectInfo> {
    const stat = await handle.stat();
    const meta = await readMeta(file + META_SUFFIX);
    // The sidecar describes these bytes only if the sizes agree (a replace may be between its two renames).
    if (meta && meta.size === stat.size) return { contentType: meta.contentType, size: stat.size, etag: meta.etag };
    return { contentType: 'application/octet-stream', size: stat.size, etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"` };
  }

  /** A key whose folder is already an object (or the other way round) is the caller's mistake, not an I/O fault. */
  private explain(err: unknown, bucket: BucketName, key: string): unknown {
    const code = errnoOf(err);
    if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') {
      return new InvalidObjectKeyError(key, `clashes with another object's path in ${bucket}`);
    }
    return err;
  }
}

function etagOf(bytes: Buffer): string {
  // MD5 like S3's etag of a single-part upload: an identifier of the bytes, not a security measure.
  return `"${createHash('md5').update(bytes).digest('hex')}"`;
}

async function openIfExists(file: string): Promise<FileHandle | null> {
  try {
    const handle = await open(file, 'r');
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null; // a folder of other keys is not an object
    }
    return handle;
  } catch (err) {
    const code = errnoOf(err);
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw err;
  }
}

interface Meta {
  contentType: string;
  size: number;
  etag: string;
}

async function readMeta(file: string): Promise<Meta | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<Meta>;
    if (typeof value.contentType === 'string' && typeof value.size === 'number' && typeof value.etag === 'string') {
      return { contentType: value.contentType, size: value.size, etag: value.etag };
    }
    return null;
  } catch {
    return null;
  }
}

function errnoOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}
