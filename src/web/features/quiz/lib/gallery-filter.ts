/** ?award= of /quiz/gallery: an award id, or nothing (anything else is ignored rather than an error page). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const GALLERY_AWARD_PARAM = 'award';

export function galleryAwardFrom(params: URLSearchParams): string | undefined {
  const value = params.get(GALLERY_AWARD_PARAM) ?? '';
  return UUID.test(value) ? value.toLowerCase() : undefined;
}
