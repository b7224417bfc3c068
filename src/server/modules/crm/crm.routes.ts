import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  crmContactExportSchema,
  crmContactListSchema,
  crmContactParamsSchema,
  crmContactPatchSchema,
  crmContactSchema,
  crmContactsQuerySchema,
  crmEraseBodySchema,
  crmErasureResultSchema,
  crmExportQuerySchema,
  crmNoteBodySchema,
  crmNoteParamsSchema,
  crmTagListSchema,
} from '@/contract/crm';
import { apiErrorSchema } from '@/contract/errors';
import { escapeCell } from '@/server/lib/csv';
import { exportContact, eraseContact } from './crm-privacy';
import { syncContacts } from './crm-sync';
import { addNote, contactCsvRows, CSV_COLUMNS, deleteNote, getContact, listContacts, listTags, updateContact } from './crm.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The list syncs contacts with their sources when opened, at most this often (docs/decisions/103). */
const LIST_SYNC_INTERVAL_MS = 5_000;

/** /api/admin/crm (issue 14): contacts, their tags, consent and notes, CSV export, privacy export and erasure. */
export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { admin: true as const };
  const tags = ['admin'];
  const currency = async () => (await app.settings.getShop()).currency;
  /** New orders, nominations and bug reports show in the list the next time it is opened. */
  const freshen = async () => {
    try {
      await syncContacts(app.db, { currency: await currency(), minIntervalMs: LIST_SYNC_INTERVAL_MS });
    } catch (err) {
      app.log.warn({ err }, 'CRM contact sync failed; the list shows what the last sync found');
    }
  };

  app.get(
    '/api/admin/crm/contacts',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Contacts: search by email or name, filter by tag, consent and account, sort and page',
        description: 'Contacts are built from nominators, nominees with an email, customers and bug reporters, merged by lower-cased email.',
        querystring: crmContactsQuerySchema,
        response: { 200: crmContactListSchema, ...errors },
      },
    },
    async (request) => {
      await freshen();
      return listContacts(app.db, request.query, await currency());
    },
  );

  app.get(
    '/api/admin/crm/contacts.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The contacts of the current filter and order as CSV (at most 100,000)',
        querystring: crmExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...errors },
      },
    },
    async (request, reply) => {
      await freshen();
      const cur = await currency();
      const rows = Readable.from(contactCsvRows(app.db, request.query, cur));
      const csv = rows.pipe(stringify({ header: true, columns: [...CSV_COLUMNS], cast: { string: escapeCell, boolean: (v) => (v ? 'yes' : 'no') } }));
      rows.on('error', (err) => csv.destroy(err));
      const date = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="certifiable-contacts-${date}.csv"`)
        .send(csv as unknown as string); // a stream goes out as it is, never through the serializer
    },
  );

  app.get(
    '/api/admin/crm/tags',
    { config: admin, schema: { tags, summary: 'Every tag in use, with how many contacts carry it', response: { 200: crmTagListSchema, ...errors } } },
    async () => listTags(app.db),
  );

  app.get(
    '/api/admin/crm/contacts/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A contact: its account, counts and LTV, notes, and its timeline newest first',
        params: crmContactParamsSchema,
        response: { 200: crmContactSchema, ...errors },
      },
    },
    async (request) => getContact(app.db, request.params.id, await currency()),
  );

  app.patch(
    '/api/admin/crm/contacts/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: "Change a contact's tags or recorded marketing consent (audited)",
        description: 'consent.granted = true needs consent.source (how we know). Nothing is sent because of it yet.',
        params: crmContactParamsSchema,
        body: crmContactPatchSchema,
        response: { 200: crmContactSchema, ...errors },
      },
    },
    async (request) => {
      await updateContact(app.db, await app.auth.requireActor(request), request.params.id, request.body);
      return getContact(app.db, request.params.id, await currency());
    },
  );

  app.post(
    '/api/admin/crm/contacts/:id/notes',
    {
      config: admin,
      schema: { tags, summary: 'Add a note to a contact (audited)', params: crmContactParamsSchema, body: crmNoteBodySchema, response: { 200: crmContactSchema, ...errors } },
    },
    async (request) => {
      await addNote(app.db, await app.auth.requireActor(request), request.params.id, request.body.body);
      return getContact(app.db, request.params.id, await currency());
    },
  );

  app.delete(
    '/api/admin/crm/contacts/:id/notes/:noteId',
    { config: admin, schema: { tags, summary: 'Delete a note (audited)', params: crmNoteParamsSchema, response: { 200: crmContactSchema, ...errors } } },
    async (request) => {
      await deleteNote(app.db, await app.auth.requireActor(request), request.params.id, request.params.noteId);
      return getContact(app.db, request.params.id, await currency());
    },
  );

  app.get(
    '/api/admin/crm/contacts/:id/export',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Everything we keep about the address, as JSON (a privacy request; the download is audited)',
        params: crmContactParamsSchema,
        response: { 200: crmContactExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await exportContact(app.db, await app.auth.requireActor(request), request.params.id, app.payments.testMode);
      reply.header('content-disposition', `attachment; filename="certifiable-contact-${request.params.id}.json"`);
      return data;
    },
  );

  app.post(
    '/api/admin/crm/contacts/:id/erase',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Erase the address everywhere for a privacy request (audited; cannot be undone)',
        description:
          'Confirm with the address. Nominations lose its email and name (certificates it received are withdrawn), orders are kept for bookkeeping but unlinked and anonymised, bug reports lose the email, mails to it are deleted, an account with it is deleted, and the contact and its notes go. Refused for an admin (409 ACCOUNT_IS_ADMIN) and while an order still has to be delivered (409 ORDERS_IN_PROGRESS).',
        params: crmContactParamsSchema,
        body: crmEraseBodySchema,
        response: { 200: crmErasureResultSchema, ...errors },
      },
    },
    async (request) => {
      const result = await eraseContact({ db: app.db, log: request.log, payments: app.payments }, await app.auth.requireActor(request), request.params.id, request.body.confirm_email);
      // Withdrawn certificates and anonymised nominator names show on public pages at once.
      app.catalogCache.clear();
      return result;
    },
  );
};
