import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BUG_LIMITS } from '@/contract/bug-reports';
import { sniffUpload } from '@/server/adapters/storage/content-type';
import { badRequest, HttpError } from '@/server/lib/http-errors';

/**
 * Reading create-bug's multipart/form-data body (docs/decisions/095): the text fields of createBugFieldsSchema and
 * at most one `screenshot` and one `repro_video`, each held in memory up to its own cap and typed by its bytes,
 * never by the name or Content-Type the browser gave it.
 */

export const BUG_TEXT_FIELDS = ['title', 'description', 'steps_to_repro', 'severity', 'page_url', 'console_logs', 'metadata', 'reporter_email'] as const;
type TextField = (typeof BUG_TEXT_FIELDS)[number];

export const BUG_ATTACHMENTS = {
  screenshot: { kind: 'image', maxBytes: BUG_LIMITS.screenshotMaxBytes, refused: 'screenshot must be a PNG, JPEG, WebP or GIF image' },
  repro_video: { kind: 'video', maxBytes: BUG_LIMITS.videoMaxBytes, refused: 'repro_video must be an MP4, WebM or QuickTime video' },
} as const;
export type AttachmentField = keyof typeof BUG_ATTACHMENTS;

/**
 * The largest text field in bytes: console_logs, whose 50 lines of up to 1000 characters take up to 3 bytes a
 * character in UTF-8 (and JSON escapes), so a console full of non-Latin text still fits. The other fields are
 * bounded in characters by the schema.
 */
const FIELD_SIZE = 256 * 1024;

/** The parser's own limits (busboy): what one report can make us read, whatever it claims. */
export const BUG_MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: FIELD_SIZE,
  fields: 10,
  files: 2,
  parts: 12,
  headerPairs: 100,
  /** The largest attachment; the screenshot's lower cap is checked while reading it. */
  fileSize: BUG_LIMITS.videoMaxBytes,
};

export interface BugAttachment {
  field: AttachmentField;
  bytes: Buffer;
  /** Decided from the bytes (sniffUpload). */
  mime: string;
  ext: string;
}

export interface BugForm {
  /** Text fields as sent (a part sent as application/json arrives parsed). */
  fields: Partial<Record<TextField, unknown>>;
  attachments: BugAttachment[];
}

const isTextField = (name: string): name is TextField => (BUG_TEXT_FIELDS as readonly string[]).includes(name);
const isAttachmentField = (name: string): name is AttachmentField => Object.hasOwn(BUG_ATTACHMENTS, name);
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const tooLarge = (field: AttachmentField) =>
  new HttpError(413, 'FILE_TOO_LARGE', `${field} is too large: at most ${megabytes(BUG_ATTACHMENTS[field].maxBytes)}`, field);

/** Reads the whole form; a 4xx names the field at fault. Files come back typed by their bytes. */
export async function readBugForm(request: FastifyRequest): Promise<BugForm> {
  const fields: BugForm['fields'] = {};
  const files = new Map<AttachmentField, Buffer>();
  const seenFiles = new Set<AttachmentField>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const field = part.fieldname;
        if (!isAttachmentField(field)) throw badRequest(`Unknown file field '${field.slice(0, 100)}': attach a screenshot or a repro_video`, field.slice(0, 100));
        if (seenFiles.has(field)) throw badRequest(`Attach one ${field} only`, field);
        seenFiles.add(field);
        const bytes = await readCapped(part, field);
        // An empty file input is sent as an empty part: omitted, like any empty optional field (spec §5).
        if (bytes.length) files.set(field, bytes);
      } else {
        const name = part.fieldname;
        // A file input left empty arrives as a part with filename="", which the parser gives as an empty field.
        if (isAttachmentField(name)) {
          if (part.value === '') continue;
          throw badRequest(`${name} must be a file`, name);
        }
        if (!isTextField(name)) throw badRequest(`Unknown field '${name.slice(0, 100)}'`, name.slice(0, 100));
        if (Object.hasOwn(fields, name)) throw badRequest(`${name} was sent twice`, name);
        if (part.valueTruncated) throw new HttpError(413, 'FIELD_TOO_LARGE', `${name} is too long: at most ${FIELD_SIZE / 1024} KB`, name);
        fields[name] = part.value;
      }
    }
  } catch (err) {
    throw explainMultipartError(err);
  }
  const attachments: BugAttachment[] = [];
  for (const [field, bytes] of files) {
    const sniffed = await sniffUpload(bytes, BUG_ATTACHMENTS[field].kind);
    if (!sniffed) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', BUG_ATTACHMENTS[field].refused, field);
    attachments.push({ field, bytes, mime: sniffed.mime, ext: sniffed.ext });
  }
  return { fields, attachments };
}

/** The part's bytes, or 413 naming the field as soon as they pass its cap (the rest is never read). */
async function readCapped(part: MultipartFile, field: AttachmentField): Promise<Buffer> {
  const max = BUG_ATTACHMENTS[field].maxBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw tooLarge(field);
    chunks.push(chunk);
  }
  // Cut by the parser's own fileSize limit (the video cap).
  if (part.file.truncated) throw tooLarge(field);
  return Buffer.concat(chunks, size);
}

/**
 * The parser's errors in words a person understands: what it raises (its own FST_ errors, busboy's plain Errors
 * such as "Unexpected end of form") is about the body the caller sent. Anything else is ours and stays a 500.
 */
function explainMultipartError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (!(err instanceof Error) || (err.constructor !== Error && !('code' in err && String(err.code).startsWith('FST_')))) return err;
  const e = err as { code?: string; part?: { fieldname?: string } };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const field = e.part?.fieldname;
      return field && isAttachmentField(field) ? tooLarge(field) : new HttpError(413, 'FILE_TOO_LARGE', 'An attachment is too large.');
    }
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'TOO_MANY_FILES', 'Attach at most one screenshot and one repro_video.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'TOO_MANY_FIELDS', `A bug report has at most ${BUG_TEXT_FIELDS.length} fields and two files.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the bug report as multipart/form-data.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('A field sent as application/json is not valid JSON.', undefined, 'INVALID_JSON');
    default:
      return badRequest('The multipart body is malformed.', undefined, 'INVALID_BODY');
  }
}
