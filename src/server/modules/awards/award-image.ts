import type { ObjectStorage } from '@/server/adapters/storage/object-storage';

/** The key of an award's uploaded picture in award-images: one per award, replaced by the next upload (upsert). */
export const awardImageKey = (awardId: string) => `awards/${awardId}/image`;

/**
 * Whether an award's image URL is its own upload (the storage adapter's address of `awardImageKey`, with or without
 * the `?v=` the upload adds): decided by the key the server wrote, never by the URL's looks. Deleting the award or
 * the picture deletes that file; the certificate renderer draws only such a picture (or our own emblems).
 */
export function isOwnAwardUpload(storage: ObjectStorage, awardId: string, url: string | null): boolean {
  if (!url) return false;
  return url.split('?', 1)[0] === storage.publicUrl('award-images', awardImageKey(awardId));
}
