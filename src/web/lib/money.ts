/** The one money formatter, shared with the server's mails and histories (src/contract/format.ts). */
export { formatMoney } from '@/contract/format';
