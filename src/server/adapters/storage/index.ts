import type { Config } from '@/server/config';
import { LocalDiskStorage } from './local-disk';
import type { ObjectStorage } from './object-storage';

/**
 * S3-compatible object storage when S3_BUCKET is set, else files under DATA_DIR/storage (docs/decisions/093). The AWS
 * SDK (about 30 MB of a server's memory) is loaded only when S3 is configured.
 */
export async function createObjectStorage(config: Config): Promise<ObjectStorage> {
  if (config.s3) {
    const { S3ObjectStorage } = await import('./s3');
    return new S3ObjectStorage({
      bucket: config.s3.bucket,
      region: config.s3.region,
      endpoint: config.s3.endpoint,
      credentials: config.s3.credentials,
      forcePathStyle: config.s3.forcePathStyle,
      publicUrl: config.s3.publicUrl,
    });
  }
  // Uploads are user data: refused (507) below DATA_DIR_MIN_FREE_MB, never evicted (docs/decisions/112).
  return new LocalDiskStorage({ dataDir: config.dataDir, minFreeBytes: config.diskMinFreeMb * 1024 * 1024 });
}
