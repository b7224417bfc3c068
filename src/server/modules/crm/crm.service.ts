import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CRM_PAGE_SIZE,
  CRM_TIMELINE_MAX,
  type CrmContact,
  type CrmContactList,
  type crmContactPatchSchema,
  type crmContactsQuerySchema,
  type CrmContactSummary,
  type crmExportQuerySchema,
  type CrmNote,
  type CrmTagList,
  type CrmTimelineEntry,
} from '@/contract/crm';
import type { Db } from '@/server/db/client';
import { awards, bugReports, crmContacts, crmNotes, mailOutbox, nominations, users } from '@/server/db/schema/index';
import { describeOrder } from '@/contract/order-status';
import { ordersOfEmail, overviewStates } from '../orders';
import { notFound } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';
import { isAdmin } from '../roles';
import { formatMoney } from '../store';
import { syncAddress } from './crm-sync';

/** The CRM's reads and admin changes (docs/decisions/103). Every change is audited as entity 'crm_contact'. */

type ContactRow = typeof crmContacts.$inferSelect;
type ListQuery = z.output<typeof crmContactsQuerySchema>;
type Filter = Omit<ListQuery, 'page'>;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
// Written out: in a one-table select Drizzle leaves columns unqualified, and "email" = "email" is always true.
const hasAccount = sql<boolean>`exists (select 1 from users u where u.email = "crm_contacts"."email")`;

function summary(c: ContactRow, account: boolean, currency: string): CrmContactSummary {
  return {
    id: c.id,
    email: c.email,
    name: c.name,
    tags: c.tags,
    marketing_consent: c.marketingConsent,
    has_account: account,
    nominations_sent: c.nominationsSent,
    nominations_received: c.nominationsReceived,
    orders_count: c.ordersCount,
    ltv: c.ltvCurrency === currency ? c.ltv : 0,
    currency,
    bug_reports: c.bugReports,
    first_seen_at: iso(c.firstSeenAt),
    last_activity_at: iso(c.lastActivityAt),
  };
}

function where(f: Filter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.q) {
    const like = containsPattern(f.q);
    conds.push(sql`(${crmContacts.email} ilike ${like} or ${crmContacts.name} ilike ${like})`);
  }
  if (f.tag) conds.push(sql`${crmContacts.tags} @> array[${f.tag}]::text[]`);
  if (f.consent) conds.push(eq(crmContacts.marketingConsent, f.consent === 'yes'));
  if (f.account) conds.push(f.account === 'yes' ? hasAccount : sql`not ${hasAccount}`);
  return conds.length ? and(...conds) : undefined;
}

/**
 * The order of each sort, both ways, exactly as its index is laid out (forwards or backwards), so a page is read
 * from the index instead of sorting every contact; the id breaks ties, so pages never overlap.
 */
const ORDERS: Record<Filter['sort'], { asc: SQL[]; desc: SQL[] }> = {
  last_activity: {
    desc: [sql`${crmContacts.lastActivityAt} desc nulls last`, sql`${crmContacts.id} asc`],
    asc: [sql`${crmContacts.lastActivityAt} asc nulls first`, sql`${crmContacts.id} desc`],
  },
  ltv: { desc: [sql`${crmContacts.ltv} desc`, sql`${crmContacts.id} desc`], asc: [sql`${crmContacts.ltv} asc`, sql`${crmContacts.id} asc`] },
  orders: {
    desc: [sql`${crmContacts.ordersCount} desc`, sql`${crmContacts.id} desc`],
    asc: [sql`${crmContacts.ordersCount} asc`, sql`${crmContacts.id} asc`],
  },
  email: { desc: [sql`${crmContacts.email} desc`], asc: [sql`${crmContacts.email} asc`] },
};

function orderBy(f: Filter): SQL[] {
  const dir = f.dir ?? (f.sort === 'email' ? 'asc' : 'desc');
  return ORDERS[f.sort][dir];
}

export async function listContacts(db: Db, q: ListQuery, currency: string): Promise<CrmContactList> {
  const filter = where(q);
  const page = (withTotal: boolean) =>
    db
      .select({ c: crmContacts, account: hasAccount, total: withTotal ? sql<number>`count(*) over ()` : sql<number>`0` })
      .from(crmContacts)
      .where(filter)
      .orderBy(...orderBy(q))
      .limit(CRM_PAGE_SIZE)
      .offset((q.page - 1) * CRM_PAGE_SIZE);
  const count = async () => Number((await db.select({ n: sql<number>`count(*)::int` }).from(crmContacts).where(filter))[0]?.n ?? 0);
  let rows: Awaited<ReturnType<typeof page>>;
  let total: number;
  if (q.q) {
    // A search reads every contact anyway: its count comes with the page in one scan instead of a second one.
    rows = await page(true);
    total = rows.length ? Number(rows[0]!.total) : q.page > 1 ? await count() : 0;
  } else {
    // Otherwise the page is read from the sort's index; counting is a separate (cheap) query.
    [rows, total] = await Promise.all([page(false), count()]);
  }
  return {
    contacts: rows.map((r) => summary(r.c, Boolean(r.account), currency)),
    total,
    page: q.page,
    page_size: CRM_PAGE_SIZE,
  };
}

/** Every tag in use, with how many contacts carry it (for the tag filter). */
export async function listTags(db: Db): Promise<CrmTagList> {
  const rows = await db.execute(sql`select tag, count(*)::int as count from ${crmContacts}, unnest(${crmContacts.tags}) as tag group by tag order by tag`);
  return { tags: (rows as unknown as { rows: { tag: string; count: number | string }[] }).rows.map((r) => ({ tag: r.tag, count: Number(r.count) })) };
}

/** The CSV export of the current filter and order: every matching contact, at most CSV_MAX rows, in batches. */
export const CSV_MAX = 100_000;
const CSV_BATCH = 2_000;
export const CSV_COLUMNS = [
  'email',
  'name',
  'tags',
  'marketing_consent',
  'consent_source',
  'consent_changed_at',
  'has_account',
  'nominations_sent',
  'nominations_received',
  'orders',
  'ltv_minor_units',
  'currency',
  'bug_reports',
  'first_seen_at',
  'last_activity_at',
] as const;

export async function* contactCsvRows(db: Db, f: z.output<typeof crmExportQuerySchema>, currency: string): AsyncGenerator<(string | number | boolean)[]> {
  const filter = where(f);
  for (let offset = 0; offset < CSV_MAX; offset += CSV_BATCH) {
    const rows = await db
      .select({ c: crmContacts, account: hasAccount })
      .from(crmContacts)
      .where(filter)
      .orderBy(...orderBy(f))
      .limit(Math.min(CSV_BATCH, CSV_MAX - offset))
      .offset(offset);
    for (const { c, account } of rows) {
      yield [
        c.email,
        c.name ?? '',
        c.tags.join('; '),
        c.marketingConsent,
        c.consentSource ?? '',
        iso(c.consentChangedAt) ?? '',
        Boolean(account),
        c.nominationsSent,
        c.nominationsReceived,
        c.ordersCount,
        c.ltvCurrency === currency ? c.ltv : 0,
        currency,
        c.bugReports,
        iso(c.firstSeenAt) ?? '',
        iso(c.lastActivityAt) ?? '',
      ];
    }
    if (rows.length < CSV_BATCH) return;
  }
}

export async function findContact(db: Pick<Db, 'select'>, id: string): Promise<ContactRow> {
  const [row] = await db.select().from(crmContacts).where(eq(crmContacts.id, id));
  if (!row) throw notFound('No contact with that id. It may have been erased.', 'CONTACT_NOT_FOUND');
  return row;
}

async function notesOf(db: Pick<Db, 'select'>, contactId: string): Promise<CrmNote[]> {
  const rows = await db
    .select({ n: crmNotes, author: users.name })
    .from(crmNotes)
    .leftJoin(users, eq(users.id, crmNotes.authorUserId))
    .where(eq(crmNotes.contactId, contactId))
    .orderBy(desc(crmNotes.createdAt), desc(crmNotes.id));
  return rows.map(({ n, author }) => ({ id: n.id, body: n.body, author_id: n.authorUserId, author_name: author ?? null, created_at: n.createdAt.toISOString() }));
}

const STATUS_WORDS: Record<string, string> = { pending: 'awaiting reply', claimed: 'accepted', declined: 'declined' };

/** Everything that happened with the address, newest first, at most CRM_TIMELINE_MAX entries. */
async function timelineOf(db: Db, email: string, account: { createdAt: Date } | null): Promise<{ entries: CrmTimelineEntry[]; truncated: boolean }> {
  const limit = CRM_TIMELINE_MAX + 1;
  const [sent, received, orderRows, reports, mails] = await Promise.all([
    db
      .select({ n: nominations, award: awards.title })
      .from(nominations)
      .innerJoin(awards, eq(awards.id, nominations.awardId))
      .where(sql`lower(${nominations.nominatorEmail}) = ${email}`)
      .orderBy(desc(nominations.createdAt))
      .limit(limit),
    db
      .select({ n: nominations, award: awards.title })
      .from(nominations)
      .innerJoin(awards, eq(awards.id, nominations.awardId))
      .where(sql`lower(${nominations.nomineeEmail}) = ${email}`)
      .orderBy(desc(nominations.createdAt))
      .limit(limit),
    ordersOfEmail(db, email, limit),
    db
      .select({ id: bugReports.id, title: bugReports.title, severity: bugReports.severity, status: bugReports.status, at: bugReports.createdAt })
      .from(bugReports)
      .where(sql`lower(${bugReports.reporterEmail}) = ${email}`)
      .orderBy(desc(bugReports.createdAt))
      .limit(limit),
    db
      .select({ subject: mailOutbox.subject, status: mailOutbox.status, at: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${email}`)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit),
  ]);
  const entries: CrmTimelineEntry[] = [];
  const nomination = (id: string) => ({ type: 'nomination' as const, id });
  for (const { n, award } of sent) {
    entries.push({
      kind: 'nomination_sent',
      at: n.createdAt.toISOString(),
      title: `Nominated ${n.nomineeName} for ${award}`,
      detail: `${n.certificateNumber} · ${STATUS_WORDS[n.status] ?? n.status}${n.hidden ? ' · hidden' : ''}`,
      link: nomination(n.id),
    });
  }
  for (const { n, award } of received) {
    entries.push({
      kind: 'nomination_received',
      at: n.createdAt.toISOString(),
      title: `Nominated for ${award}${n.nominatorName ? ` by ${n.nominatorName}` : ''}`,
      detail: `${n.certificateNumber} · ${STATUS_WORDS[n.status] ?? n.status}`,
      link: nomination(n.id),
    });
    if (n.claimedAt) {
      entries.push({ kind: 'claim_accepted', at: n.claimedAt.toISOString(), title: `Accepted ${award}`, detail: `${n.certificateNumber} · ${n.isPublic ? 'public' : 'private'}`, link: nomination(n.id) });
    }
    if (n.declinedAt) {
      entries.push({ kind: 'claim_declined', at: n.declinedAt.toISOString(), title: `Declined ${award}`, detail: n.certificateNumber, link: nomination(n.id) });
    }
  }
  for (const o of orderRows) {
    const refunded = o.refundedTotal ? `, ${formatMoney(o.refundedTotal, o.currency)} refunded` : '';
    entries.push({
      kind: 'order',
      at: o.createdAt.toISOString(),
      title: `Order ${o.number}`,
      detail: `${formatMoney(o.total, o.currency)}${refunded} · ${describeOrder(overviewStates(o), 'admin').label}`,
      link: { type: 'order', id: o.id },
    });
  }
  for (const r of reports) {
    entries.push({ kind: 'bug_report', at: r.at.toISOString(), title: `Reported “${r.title}”`, detail: `${r.severity} · ${r.status.replace(/_/g, ' ')}`, link: { type: 'bug_report', id: r.id } });
  }
  for (const m of mails) {
    entries.push({ kind: 'mail', at: m.at.toISOString(), title: `Mail: ${m.subject}`, detail: m.status, link: null });
  }
  if (account) entries.push({ kind: 'account', at: account.createdAt.toISOString(), title: 'Created an account', detail: null, link: null });
  entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { entries: entries.slice(0, CRM_TIMELINE_MAX), truncated: entries.length > CRM_TIMELINE_MAX };
}

/** A contact with its account, notes and timeline; its counts are brought up to date first. */
export async function getContact(db: Db, id: string, currency: string): Promise<CrmContact> {
  const before = await findContact(db, id);
  await syncAddress(db, before.email, currency);
  const c = await findContact(db, id);
  const [account] = await db.select().from(users).where(eq(users.email, c.email));
  const [notes, timeline, admin] = await Promise.all([notesOf(db, c.id), timelineOf(db, c.email, account ?? null), account ? isAdmin(db, account.id) : false]);
  return {
    ...summary(c, Boolean(account), currency),
    consent_changed_at: iso(c.consentChangedAt),
    consent_source: c.consentSource,
    account: account ? { id: account.id, name: account.name, created_at: account.createdAt.toISOString(), is_admin: admin } : null,
    notes,
    timeline: timeline.entries,
    timeline_truncated: timeline.truncated,
  };
}

/** Tags and marketing consent (audited: 'crm_contact.tags_changed', 'crm_contact.consent_changed'). */
export async function updateContact(db: Db, actor: Actor, id: string, body: z.output<typeof crmContactPatchSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await tx.select().from(crmContacts).where(eq(crmContacts.id, id)).for('update');
    if (!c) throw notFound('No contact with that id. It may have been erased.', 'CONTACT_NOT_FOUND');
    if (body.tags !== undefined && body.tags.join('\u0000') !== c.tags.join('\u0000')) {
      const tags = body.tags;
      await audited(tx, actor, { action: 'crm_contact.tags_changed', entityType: 'crm_contact', entityId: id, before: { tags: c.tags }, after: { tags } }, () =>
        tx.update(crmContacts).set({ tags, updatedAt: sql`now()` }).where(eq(crmContacts.id, id)),
      );
    }
    const consent = body.consent;
    if (consent && (consent.granted !== c.marketingConsent || (consent.granted && consent.source !== c.consentSource))) {
      const source = consent.source || null;
      await audited(
        tx,
        actor,
        {
          action: 'crm_contact.consent_changed',
          entityType: 'crm_contact',
          entityId: id,
          before: { marketing_consent: c.marketingConsent, consent_source: c.consentSource },
          after: { marketing_consent: consent.granted, consent_source: source },
        },
        () =>
          tx
            .update(crmContacts)
            .set({ marketingConsent: consent.granted, consentSource: source, consentChangedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(crmContacts.id, id)),
      );
    }
  });
}

export async function addNote(db: Db, actor: Actor, contactId: string, body: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findContact(tx, contactId);
    const [note] = await tx.insert(crmNotes).values({ contactId, authorUserId: actor.userId, body }).returning();
    await audited(tx, actor, { action: 'crm_contact.note_added', entityType: 'crm_contact', entityId: contactId, before: null, after: { note_id: note!.id, body } }, async () => undefined);
  });
}

export async function deleteNote(db: Db, actor: Actor, contactId: string, noteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [note] = await tx.select().from(crmNotes).where(and(eq(crmNotes.id, noteId), eq(crmNotes.contactId, contactId)));
    if (!note) throw notFound('No such note on this contact.', 'NOTE_NOT_FOUND');
    await audited(
      tx,
      actor,
      { action: 'crm_contact.note_deleted', entityType: 'crm_contact', entityId: contactId, before: { note_id: note.id, body: note.body }, after: null },
      () => tx.delete(crmNotes).where(eq(crmNotes.id, noteId)),
    );
  });
}
