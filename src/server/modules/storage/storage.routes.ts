import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { ALLOWED_IMAGE_MIME_TYPES } from '@/server/adapters/storage/content-type';
import { InvalidObjectKeyError, isContentAddressedKey, type ObjectStorage, type StoredObjectInfo } from '@/server/adapters/storage/object-storage';
import { notFound } from '@/server/lib/http-errors';

/** A key named by its bytes never changes: cache it for a year. Any other key may be replaced (upsert). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REPLACEABLE_CACHE_CONTROL = 'public, max-age=300';

/**
 * The public bucket's files (docs/decisions/093): `GET /files/award-images/{key}`, from local disk or proxied
 * from S3 (when S3_PUBLIC_URL is set, publicUrl() points browsers at the bucket's public address instead, and
 * this route keeps old links working). Only award-images is served here; bug attachments are private and go
 * through the admin routes.
 */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    // HEAD is ours (not Fastify's generated one, which would read the whole file to throw it away).
    method: ['GET', 'HEAD'],
    url: '/files/award-images/*',
    exposeHeadRoute: false,
    schema: {
      tags: ['files'],
      summary: 'A public award image, with its stored type; revalidate with If-None-Match',
      params: z.object({ '*': z.string() }),
      // Anything but an allowed image type is sent as a download (describe() below).
      produces: [...ALLOWED_IMAGE_MIME_TYPES, 'application/octet-stream'],
      response: { 200: z.string().describe('The image bytes'), 404: apiErrorSchema },
    },
    handler: async (request, reply) => serveAwardImage(app.storage, request, reply, request.params['*']),
  });
};

async function serveAwardImage(storage: ObjectStorage, request: FastifyRequest, reply: FastifyReply, key: string) {
  const missing = () => notFound('There is no such file.', 'FILE_NOT_FOUND');
  let info;
  try {
    info = await storage.head('award-images', key);
  } catch (err) {
    if (err instanceof InvalidObjectKeyError) throw missing();
    throw err;
  }
  if (!info) throw missing();

  reply
    .header('cache-control', isContentAddressedKey(key) ? IMMUTABLE_CACHE_CONTROL : REPLACEABLE_CACHE_CONTROL)
    .header('etag', info.etag)
    .header('x-content-type-options', 'nosniff')
    // Opened as a page, the file can run nothing (an image needs no more).
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (etagMatches(request.headers['if-none-match'], info.etag)) return reply.code(304).send();

  // HEAD: the headers of what GET would send, without opening the bytes.
  if (request.method === 'HEAD') return describe(reply, info).send();
  const object = await storage.get('award-images', key);
  if (!object) throw missing();
  return describe(reply, object).send(object.body);
}

function describe(reply: FastifyReply, info: StoredObjectInfo): FastifyReply {
  reply.header('etag', info.etag).header('content-length', info.size);
  // Only the image types an upload may have are shown inline; anything else is a download, never a page.
  if (ALLOWED_IMAGE_MIME_TYPES.includes(info.contentType)) return reply.type(info.contentType);
  return reply.type('application/octet-stream').header('content-disposition', 'attachment');
}

/** If-None-Match (a list of entity tags, or `*`) against an ETag, by the weak comparison RFC 9110 asks for. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
