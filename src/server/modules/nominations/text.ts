/**
 * What a nominator typed, as it is stored (docs/decisions/032): the one shared normaliser that user
 * names go through too (src/contract/text.ts), so nominee, nominator and account names lose the same
 * invisible and direction-changing characters.
 */
export { normaliseLine } from '@/contract/text';
