// Zod-free so the browser can use them without loading the validation library.

/** Badge colour used when a category has none (spec §3). */
export const FALLBACK_CATEGORY_COLOR = '#6366f1';

/** Awards shown on the home page (spec §9). */
export const HOME_GALLERY_LIMIT = 8;

/** Skeleton cards shown while the gallery loads without a limit (spec §9). */
export const DEFAULT_SKELETON_COUNT = 9;

/** Heading of the group for awards without a known category (spec §2). */
export const OTHER_AWARDS_LABEL = 'Other Awards';
