import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MAIL_STATES, type MailDetail, type MailList, type mailListQuerySchema, type MailResend, type MailState, type MailSummary } from '@/contract/admin-mail';
import type { Db } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { recordAudit, type Actor } from '../audit';
import { mailLinks } from './mail-links';
import type { Mailer } from './mail.service';

/**
 * /admin/mail (issue 24, docs/decisions/111): the outbox as an admin reads it — each mail with its state, its body
 * and links as they would arrive (mails that went to the log), and a resend through the normal mail job.
 */
export interface AdminMailContext {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: which links lead back into the shop. */
  publicUrl: string;
}

type MailRow = typeof mailOutbox.$inferSelect;
type SummaryRow = Pick<MailRow, 'id' | 'to' | 'subject' | 'kind' | 'transport' | 'status' | 'attempts' | 'createdAt' | 'sentAt'>;

/** The list never reads the bodies. */
const summaryColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  transport: mailOutbox.transport,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

const summaryOf = (r: SummaryRow): MailSummary => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  kind: r.kind,
  transport: r.transport,
  state: r.status,
  attempts: r.attempts,
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
});

/** Newest first, a bounded page; state_counts count every state for the same recipient search (the state filter). */
export async function listMails(ctx: AdminMailContext, q: z.output<typeof mailListQuerySchema>): Promise<MailList> {
  const recipient: SQL | undefined = q.to ? ilike(mailOutbox.to, containsPattern(q.to)) : undefined;
  const where = and(recipient, q.state ? eq(mailOutbox.status, q.state) : undefined);
  const [rows, [total], perState] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(mailOutbox).where(where),
    ctx.db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).where(recipient).groupBy(mailOutbox.status),
  ]);
  const stateCounts = Object.fromEntries(MAIL_STATES.map((s) => [s, 0])) as Record<MailState, number>;
  for (const { status, n } of perState) stateCounts[status] = Number(n);
  return {
    mails: rows.map(summaryOf),
    total: Number(total?.n ?? 0),
    page: q.page,
    page_size: q.page_size,
    state_counts: stateCounts,
    transport: ctx.mailer.transport,
  };
}

async function findMail(db: Db, id: string): Promise<MailRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw notFound('There is no such mail in the outbox (mails are kept for 180 days).', 'MAIL_NOT_FOUND');
  return row;
}

/**
 * One mail as it would arrive. Its body and links only when it went to the log: a mail handed to an SMTP server
 * belongs in its recipient's mailbox, and its links sign people in (verification, password reset, claim links).
 */
export async function getMail(ctx: AdminMailContext, id: string): Promise<MailDetail> {
  const row = await findMail(ctx.db, id);
  return {
    ...summaryOf(row),
    error: row.error,
    attachments: row.attachments.map((a) => a.filename),
    body: row.transport === 'log' ? { text: row.text, html: row.html, links: mailLinks(row.text, row.html, ctx.publicUrl) } : null,
  };
}

/** A mail still on its way would only be doubled: the mail job delivers it, or marks it failed. */
const ON_ITS_WAY: readonly MailState[] = ['queued', 'sending'];

/**
 * Sends the same mail again: a new outbox row (same recipient, subject, text, HTML, kind and attachments) and its 'mail.send' job,
 * written with the audit row in one transaction. The copy goes the way mail goes now (SMTP or the log). Its links are
 * the original's: one that has expired or was used stays so.
 */
export async function resendMail(ctx: AdminMailContext, id: string, actor: Actor): Promise<MailResend> {
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [original] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
    if (!original) throw notFound('There is no such mail in the outbox (mails are kept for 180 days).', 'MAIL_NOT_FOUND');
    if (ON_ITS_WAY.includes(original.status)) {
      throw conflict('This mail is still on its way: the mail job is delivering it. Resend it once it is sent, logged or failed.', 'id', 'MAIL_ON_ITS_WAY');
    }
    const copyId = await ctx.mailer.send(
      { to: original.to, subject: original.subject, text: original.text, ...(original.html === null ? {} : { html: original.html }), kind: original.kind },
      // The same attachments, drawn again when the copy is delivered.
      { tx, attachments: original.attachments },
    );
    // Without a dedupe key a row is always written; the check keeps the types honest.
    if (!copyId) throw new Error('the mailer wrote no outbox row for the resent mail');
    // The copy's id is known only once it is written, so the row is recorded after it (docs/decisions/069).
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'mail.resent',
      entityType: 'mail',
      entityId: original.id,
      before: { state: original.status, attempts: original.attempts },
      after: { resent_as: copyId, to: original.to, subject: original.subject, kind: original.kind },
    });
    const [copy] = await tx.select(summaryColumns).from(mailOutbox).where(eq(mailOutbox.id, copyId));
    return { mail: summaryOf(copy!) };
  });
}
