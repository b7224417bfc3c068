/** GET /api/admin/crm/contacts/:id/export — everything kept about the address as a JSON download (audited). */
export const contactExportHref = (id: string) => `/api/admin/crm/contacts/${encodeURIComponent(id)}/export`;
