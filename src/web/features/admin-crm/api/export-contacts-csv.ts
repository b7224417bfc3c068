import type { CrmContactsQuery } from '@/contract/crm';
import { withQuery } from '@/web/lib/api-client';

/** GET /api/admin/crm/contacts.csv — the list's filter and order as a CSV download (a plain link: the browser saves it). */
export const contactsCsvHref = (filter: Omit<CrmContactsQuery, 'page'>) => withQuery('/api/admin/crm/contacts.csv', { ...filter });
