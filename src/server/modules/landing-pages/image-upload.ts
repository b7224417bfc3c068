import type { FastifyRequest } from 'fastify';
import { LANDING_LIMITS } from '@/contract/landing-pages';
import { sniffUpload, type SniffedType } from '@/server/adapters/storage/content-type';
import { contentAddressedKey, type ObjectStorage } from '@/server/adapters/storage/object-storage';
import type { Db } from '@/server/db/client';
import { badRequest, HttpError } from '@/server/lib/http-errors';
import { audited, type Actor } from '../audit/audit.service';

/** The parser's own limits (busboy): one file, nothing else worth reading. */
export const LANDING_IMAGE_MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 2,
  files: 1,
  parts: 3,
  headerPairs: 100,
  fileSize: LANDING_LIMITS.imageMaxBytes,
};

const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', `The image is too large: at most ${LANDING_LIMITS.imageMaxBytes / (1024 * 1024)} MB`, 'file');

/** The one image in the field `file`, typed by its bytes (PNG, JPEG, WebP or GIF; never SVG). */
export async function readLandingImage(request: FastifyRequest): Promise<{ bytes: Buffer; type: SniffedType }> {
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue; // stray text fields are ignored
      if (part.fieldname !== 'file') throw badRequest("Send the image in the field 'file'", 'file');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > LANDING_LIMITS.imageMaxBytes) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      bytes = Buffer.concat(chunks, size);
    }
  } catch (err) {
    throw explain(err);
  }
  if (!bytes?.length) throw badRequest('Choose an image to upload', 'file');
  const type = await sniffUpload(bytes, 'image');
  if (!type) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The image must be a PNG, JPEG, WebP or GIF file', 'file');
  return { bytes, type };
}

/** The multipart parser's errors in words (they are about the body the caller sent); anything else stays ours. */
function explain(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (!(err instanceof Error) || (err.constructor !== Error && !('code' in err && String(err.code).startsWith('FST_')))) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'TOO_MANY_FILES', 'Upload one image at a time.', 'file');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
    default:
      return badRequest('The multipart body is malformed.', undefined, 'INVALID_BODY');
  }
}

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
