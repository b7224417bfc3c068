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
  size: number;
  etag: string;
}

export interface ObjectRange {
  /** Inclusive byte offsets, as in an HTTP Range header. */
  start: number;
  end: number;
}

export interface StoredObject extends StoredObjectInfo {
  /** The bytes, or the asked range of them. */
  body: NodeJS.ReadableStream;
  range?: ObjectRange;
}

export class ObjectExistsError extends Error {
  constructor(bucket: BucketName, key: string) {
    super(`${bucket}/${key} exists already`);
    this.name = 'ObjectExistsError';
  }
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
}
