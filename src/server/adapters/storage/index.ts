import type { Config } from '@/server/config';
import { LocalDiskStorage } from './local-disk';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3';

/** S3-compatible object storage when S3_BUCKET is set, else files under DATA_DIR/storage (docs/decisions/093). */
export function createObjectStorage(config: Config): ObjectStorage {
  if (config.s3) {
    return new S3ObjectStorage({
      bucket: config.s3.bucket,
      region: config.s3.region,
      endpoint: config.s3.endpoint,
      credentials: config.s3.credentials,
      forcePathStyle: config.s3.forcePathStyle,
      publicUrl: config.s3.publicUrl,
    });
  }
  return new LocalDiskStorage({ dataDir: config.dataDir });
}
