import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '@/server/db/client';
import { mailOutbox, type MailAttachmentRef, type MailList } from '@/server/db/schema/index';
import { z } from 'zod';
import { defineJob, handle, type JobQueue, type JobRegistration } from '../jobs';
import { mailHeaders, unsubscribeUrl } from './unsubscribe';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what the mail is for, e.g. 'verify_email' — kept in the outbox row */
  kind: string;
}

export type { MailAttachmentRef };

/** An attachment's content, as the delivery hands it to SMTP. */
export interface ResolvedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * Turns an outbox row's attachment reference into its file when the mail is delivered; null when there is no such file.
 * Given by whoever builds the app (src/server/app.ts), so the mail module knows nothing of invoices or orders.
 */
export type MailAttachmentResolver = (ref: MailAttachmentRef) => Promise<ResolvedAttachment | null>;

export interface SendMailOptions {
  /** Write the mail (and its delivery job) in this transaction: it exists exactly when the change commits. */
  tx?: Db;
  /** One mail per key: asking again with the same key writes nothing (a job that runs twice). */
  dedupeKey?: string;
  /** Files the mail carries, kept as references and resolved when it is delivered (an invoice's PDF). */
  attachments?: MailAttachmentRef[];
}

export interface Mailer {
  readonly transport: 'smtp' | 'log';
  /**
   * Queues a mail: its outbox row and the job that delivers it are written together, so once this returns the
   * mail will be delivered (retried with backoff while the mail server is down) and the caller never waits for
   * or fails because of SMTP. Answers the new outbox row's id (null: a mail with this dedupe key exists already).
   */
  send(mail: OutgoingMail, opts?: SendMailOptions): Promise<string | null>;
  /** Delivers one queued mail (the 'mail.send' job). Idempotent: a mail already sent is not sent again. */
  deliver(id: string, attempt: { final: boolean }): Promise<void>;
  /** The one-click unsubscribe link of this address for this list (also in the mail's List-Unsubscribe header). */
  unsubscribeUrl(to: string, list: MailList): string;
  close(): void;
}

export const MAIL_JOB = 'mail.send';

/**
 * The mail adapter (docs/decisions/085): SMTP (nodemailer) when SMTP_URL is set, otherwise the outbox table plus
 * the server log, so a developer can click the verification link without any mail server. Either way every mail is
 * recorded in mail_outbox with what happened to it, and delivered by a job.
 */
export function createMailer(opts: {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  publicUrl: string;
  /** Signs unsubscribe links (AUTH_SECRET). */
  secret: string;
  /**
   * Where replies go (Reply-To of every mail; `from` is a no-reply address): the shop's support address, read when a
   * mail is sent so a change in the admin settings applies at once. null: no Reply-To.
   */
  replyTo: () => Promise<string | null>;
  /** Resolves the outbox's attachment references at delivery; without it a mail goes without its attachments. */
  attachmentResolver?: MailAttachmentResolver;
}): Mailer {
  const { db, jobs, log, smtpUrl, from } = opts;
  /** The support address when it is one (the setting is free text): replies go there, and the mailto unsubscribe. */
  const supportAddress = async () => {
    const address = (await opts.replyTo().catch(() => null))?.trim() ?? '';
    return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(address) ? address : null;
  };
  const transporter: Transporter | null = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        // Kept connections, as many as the mail job delivers at once: a new connection per mail costs a handshake
        // (≈ 100 ms and more) that a kept one does not (≈ 2 ms); issue 23's back office measured both.
        pool: true,
        maxConnections: 4,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      })
    : null;
  const transport = transporter ? ('smtp' as const) : ('log' as const);
  const messageHost = new URL(opts.publicUrl).hostname;

  /**
   * The files of a mail being delivered. One that cannot be had (no such document, a drawing that failed) is left out
   * with a warning: the mail itself — a receipt — matters more than its attachment, which the order page also has.
   */
  async function attachmentsOf(row: typeof mailOutbox.$inferSelect): Promise<ResolvedAttachment[]> {
    const files: ResolvedAttachment[] = [];
    for (const ref of row.attachments) {
      const file = await (opts.attachmentResolver?.(ref) ?? Promise.resolve(null)).catch((err: unknown) => {
        log.warn({ err, mail: { id: row.id, kind: row.kind }, attachment: ref }, 'a mail attachment could not be drawn; the mail goes without it');
        return undefined;
      });
      if (file) files.push(file);
      else if (file === null) log.warn({ mail: { id: row.id, kind: row.kind }, attachment: ref }, 'a mail attachment was not found; the mail goes without it');
    }
    return files;
  }

  async function enqueue(tx: Db, mail: OutgoingMail, sendOpts: SendMailOptions): Promise<string | null> {
    const { dedupeKey, attachments = [] } = sendOpts;
    const rows = await tx
      .insert(mailOutbox)
      .values({ ...mail, to: mail.to.toLowerCase(), transport, status: 'queued', dedupeKey: dedupeKey ?? null, attachments })
      .onConflictDoNothing({ target: mailOutbox.dedupeKey })
      .returning({ id: mailOutbox.id });
    if (!rows[0]) return null;
    await jobs.send(mailJob, { id: rows[0].id }, { tx });
    return rows[0].id;
  }

  return {
    transport,
    async send(mail, sendOpts = {}) {
      if (sendOpts.tx) return enqueue(sendOpts.tx, mail, sendOpts);
      return db.transaction((tx) => enqueue(tx as unknown as Db, mail, sendOpts));
    },
    async deliver(id, attempt) {
      // Claim it: only a queued or failed mail is sent; 'sending' left by a crash is sent again (at least once,
      // with the same Message-ID so mail clients show one copy).
      const [row] = await db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
        .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} in ('queued', 'failed', 'sending')`)
        .returning();
      if (!row) return; // sent, logged, or gone: nothing to do
      if (!transporter) {
        await db.update(mailOutbox).set({ status: 'logged', sentAt: sql`now()`, error: null }).where(eq(mailOutbox.id, id));
        // Without SMTP the log is the mailbox: the whole text, links included.
        const files = row.attachments.length ? `\n[attached: ${row.attachments.map((a) => a.filename).join(', ')}]` : '';
        log.info({ mail: { to: row.to, subject: row.subject, kind: row.kind } }, `mail (no SMTP_URL, not sent):\n${row.text}${files}`);
        return;
      }
      try {
        const support = await supportAddress();
        const attachments = await attachmentsOf(row);
        await transporter.sendMail({
          from,
          ...(support ? { replyTo: support } : {}),
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          messageId: `<${row.id}@${messageHost}>`,
          headers: mailHeaders({ kind: row.kind, to: row.to, publicUrl: opts.publicUrl, secret: opts.secret, support }),
          ...(attachments.length ? { attachments: attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
        });
        await db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, error: null }).where(eq(mailOutbox.id, id));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await db.update(mailOutbox).set({ status: 'failed', error: message }).where(eq(mailOutbox.id, id));
        log[attempt.final ? 'error' : 'warn'](
          { err, mail: { id, to: row.to, subject: row.subject, kind: row.kind } },
          attempt.final ? 'sending mail failed for the last time' : 'sending mail failed; it will be retried',
        );
        throw err;
      }
    },
    unsubscribeUrl(to, list) {
      return unsubscribeUrl(opts.publicUrl, opts.secret, list, to);
    },
    close() {
      transporter?.close();
    },
  };
}

/** With exponential backoff capped at an hour: about half a day of retries. */
const MAIL_RETRY_LIMIT = 12;

/**
 * Delivers one outbox row. The mail server is I/O on kept connections: two workers per process, each taking ten at a
 * time, hand a burst of receipts to SMTP in seconds. The first retry comes after JOBS_RETRY_DELAY_SECONDS, then backs
 * off to an hour.
 */
export const mailJob = defineJob(MAIL_JOB, z.object({ id: z.uuid() }), { retryLimit: MAIL_RETRY_LIMIT, expireInSeconds: 120, concurrency: 2, batchSize: 10 });

export function mailJobs(mailer: Mailer): JobRegistration[] {
  return [handle(mailJob, (data, job) => mailer.deliver(data.id, { final: job.retryCount >= MAIL_RETRY_LIMIT }))];
}
