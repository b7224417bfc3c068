import type { CERTIFICATE_ERROR_CODES, CLAIM_ERROR_CODES } from '../../../../contract/nominations';

// The contract keeps these next to its zod schemas; copies checked against them by type keep zod
// (≈27 KB) out of the certificate and claim pages, which people open from a chat on a phone.
export const CERTIFICATE_ERRORS = {
  notFound: 'CERTIFICATE_NOT_FOUND',
  withdrawn: 'CERTIFICATE_WITHDRAWN',
} as const satisfies typeof CERTIFICATE_ERROR_CODES;

export const CLAIM_ERRORS = { notFound: 'CLAIM_NOT_FOUND', used: 'CLAIM_USED' } as const satisfies typeof CLAIM_ERROR_CODES;
