import { fileTypeFromBuffer } from 'file-type';

/**
 * What an upload is, decided by its bytes (file-type reads the magic numbers) — never by its file name or the
 * type the browser declared, both of which the sender chooses. SVG is not an allowed image: it is a document
 * that can carry script.
 */

export type UploadKind = 'image' | 'video';

export interface SniffedType {
  mime: string;
  ext: string;
}

/** Allowed images, by the extension file-type reports, with the type we store and serve them as. */
export const ALLOWED_IMAGE_TYPES: Readonly<Record<string, SniffedType>> = {
  png: { mime: 'image/png', ext: 'png' },
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
};

/** Allowed videos (what browsers and phones record): WebM, MP4 and QuickTime (.mov). */
export const ALLOWED_VIDEO_TYPES: Readonly<Record<string, SniffedType>> = {
  webm: { mime: 'video/webm', ext: 'webm' },
  mp4: { mime: 'video/mp4', ext: 'mp4' },
  mov: { mime: 'video/quicktime', ext: 'mov' },
};

export const ALLOWED_IMAGE_MIME_TYPES: readonly string[] = Object.values(ALLOWED_IMAGE_TYPES).map((t) => t.mime);
export const ALLOWED_VIDEO_MIME_TYPES: readonly string[] = Object.values(ALLOWED_VIDEO_TYPES).map((t) => t.mime);

/** The upload's type when its bytes are an allowed type of that kind; null otherwise (unknown, text, SVG, the other kind…). */
export async function sniffUpload(bytes: Buffer, kind: UploadKind): Promise<SniffedType | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  const allowed = kind === 'image' ? ALLOWED_IMAGE_TYPES : ALLOWED_VIDEO_TYPES;
  return Object.hasOwn(allowed, found.ext) ? { ...allowed[found.ext]! } : null;
}
