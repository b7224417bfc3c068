/**
 * The products module's face: the catalogue (products and variants). Its tables are written nowhere else; the
 * catalogue sync (workflows/sync-catalogue.ts) replaces them through replaceCatalogue.
 */
export { catalogueIds, replaceCatalogue, variantRefsBySku, variantWithProduct } from './catalogue-sync';
