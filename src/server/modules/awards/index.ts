/**
 * The awards module's face (docs/decisions/108): the awards (the catalogue of achievements), their categories'
 * contract shape, slugs and pictures, and the admin's award list and import. Other modules, the workflows and the rest
 * of the server import it only from here (eslint: local/module-boundaries); its route plugins are registered by
 * src/server/app.ts.
 */
export { updateAwardRow } from './admin-awards.service';
export { awardImageKey, isOwnAwardUpload } from './award-image';
export { slugify, uniqueSlug } from './award-slugs';
export { listActiveAwardStamps, toCategory } from './awards.service';
