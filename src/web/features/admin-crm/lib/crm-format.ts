import type { CrmTimelineEntry } from '@/contract/crm';

/** Where the CRM's pages and the admin screens a timeline entry opens live (docs/decisions/103). */
export const contactHref = (id: string) => `/admin/crm/contact/${encodeURIComponent(id)}`;
export const CRM_LIST_HREF = '/admin/crm';

export function timelineHref(link: NonNullable<CrmTimelineEntry['link']>): string {
  const id = encodeURIComponent(link.id);
  if (link.type === 'order') return `/admin/orders?order=${id}`;
  if (link.type === 'nomination') return `/admin/nominations?id=${id}`;
  return `/admin/bug-reports?report=${id}`;
}

export const TIMELINE_LINK_LABELS = { order: 'Open order', nomination: 'Open nomination', bug_report: 'Open report' } as const;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const formatWhen = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');
export const formatDay = (iso: string | null) => (iso ? date.format(new Date(iso)) : '—');
