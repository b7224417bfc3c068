import type { FastifyRequest } from 'fastify';
import { LANDING_LIMITS } from '@/contract/landing-pages';
import type { SniffedType } from '@/server/adapters/storage/content-type';
import { contentAddressedKey, type ObjectStorage } from '@/server/adapters/storage/object-storage';
import type { Db } from '@/server/db/client';
import { oneImageLimits, readImageUpload } from '@/server/lib/image-upload';
import { audited, type Actor } from '../audit';

/** A hero picture: the form field `file`, at most LANDING_LIMITS.imageMaxBytes. */
export const LANDING_IMAGE_UPLOAD = { field: 'file', maxBytes: LANDING_LIMITS.imageMaxBytes };

/** The parser's own limits (busboy): one file, nothing else worth reading. */
export const LANDING_IMAGE_MULTIPART_LIMITS = oneImageLimits(LANDING_IMAGE_UPLOAD);

/** The one image in the field `file`, typed by its bytes (PNG, JPEG, WebP or GIF; never SVG). */
export const readLandingImage = (request: FastifyRequest) => readImageUpload(request, LANDING_IMAGE_UPLOAD);

/**
 * Stores a hero picture in the public award-images bucket under a key named by its bytes
 * (`landing-pages/{sha256}.{ext}`: the same picture twice is one file, served as immutable) and answers its
 * public address. The upload is audited like any admin change.
 */
export async function storeLandingImage(deps: { db: Db; storage: ObjectStorage }, actor: Actor, image: { bytes: Buffer; type: SniffedType }): Promise<{ url: string }> {
  const key = contentAddressedKey('landing-pages', image.bytes, image.type.ext);
  const url = deps.storage.publicUrl('award-images', key);
  await deps.db.transaction((tx) =>
    audited(
      tx,
      actor,
      { action: 'landing_page.image_uploaded', entityType: 'landing_page', entityId: null, before: null, after: { key, url, type: image.type.mime, size: image.bytes.length } },
      () => deps.storage.put('award-images', key, image.bytes, { contentType: image.type.mime, upsert: true, cacheControl: 'public, max-age=31536000, immutable' }),
    ),
  );
  return { url };
}
