import type { FastifyRequest } from 'fastify';
import { sniffUpload, type SniffedType } from '@/server/adapters/storage/content-type';
import { badRequest, HttpError } from './http-errors';

export interface ImageUploadRules {
  /** The multipart field the picture comes in; a 4xx names it. */
  field: string;
  maxBytes: number;
}

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * The multipart parser's limits for an upload of one picture (busboy's own bounds: one file, a few small fields), so
 * one request can never make the server read more than the cap.
 */
export const oneImageLimits = (rules: ImageUploadRules) => ({ fileSize: rules.maxBytes + 1, files: 1, fields: 2, parts: 3, fieldNameSize: 100, fieldSize: 1024, headerPairs: 100 });

/**
 * The one picture of an admin upload (an award's, a landing page's), read no further than its cap and typed by its
 * bytes: PNG, JPEG, WebP or GIF, never SVG (it could carry script). Anything else is a 4xx naming the field: 400
 * (missing, empty, another field), 413 (too large, too many parts), 415 (not such a picture, not multipart).
 */
export async function readImageUpload(request: FastifyRequest, rules: ImageUploadRules): Promise<{ bytes: Buffer; type: SniffedType }> {
  const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', `The picture is too large: at most ${mb(rules.maxBytes)}.`, rules.field);
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue; // a stray text field is ignored
      if (part.fieldname !== rules.field) throw badRequest(`Send the picture in the form field ${rules.field}.`, rules.field);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > rules.maxBytes) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      bytes = Buffer.concat(chunks, size);
    }
  } catch (err) {
    throw explainMultipartError(err, rules, tooLarge);
  }
  if (!bytes?.length) throw badRequest('Choose a picture to upload.', rules.field);
  const type = await sniffUpload(bytes, 'image');
  if (!type) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The picture must be a PNG, JPEG, WebP or GIF image (SVG is not accepted).', rules.field);
  return { bytes, type };
}

/** The multipart parser's errors in words (they are about the body the caller sent); anything else stays ours. */
function explainMultipartError(err: unknown, rules: ImageUploadRules, tooLarge: () => HttpError): unknown {
  if (err instanceof HttpError) return err;
  if (!(err instanceof Error) || (err.constructor !== Error && !('code' in err && String(err.code).startsWith('FST_')))) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'TOO_MANY_PARTS', `Send one picture only, in the form field ${rules.field}.`, rules.field);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the picture as multipart/form-data (the form field ${rules.field}).`, rules.field);
    default:
      return badRequest('The multipart body is malformed.', rules.field, 'INVALID_BODY');
  }
}
