import { z } from 'zod';
import { pageNumber } from './fields';

/**
 * /admin/mail (issue 24, docs/decisions/111): the mail outbox as an admin reads it. Every mail the shop sends is a
 * row of mail_outbox; without SMTP_URL the outbox (and the log) is the only place it arrives, so this is where a
 * developer finds the verification link.
 */

/** queued → sending → sent (SMTP took it) or logged (no SMTP); failed = the last attempt failed, another may follow. */
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'logged'] as const;
export type MailState = (typeof MAIL_STATES)[number];
export const MAIL_TRANSPORTS = ['smtp', 'log'] as const;
export type MailTransportName = (typeof MAIL_TRANSPORTS)[number];

export const MAIL_PAGE_SIZE = 25;
export const MAIL_PAGE_SIZE_MAX = 100;

export const mailListQuerySchema = z.object({
  state: z.enum(MAIL_STATES, { message: `state must be one of ${MAIL_STATES.join(', ')}` }).optional(),
  /** Part of the recipient's address, any case. */
  to: z
    .string({ message: 'to must be text' })
    .trim()
    .max(200, { message: 'to must be at most 200 characters' })
    .optional()
    .transform((v) => v || undefined),
  page: pageNumber(),
  page_size: z.coerce
    .number({ message: `page_size must be a whole number from 1 to ${MAIL_PAGE_SIZE_MAX}` })
    .int({ message: `page_size must be a whole number from 1 to ${MAIL_PAGE_SIZE_MAX}` })
    .min(1, { message: `page_size must be a whole number from 1 to ${MAIL_PAGE_SIZE_MAX}` })
    .max(MAIL_PAGE_SIZE_MAX, { message: `page_size must be at most ${MAIL_PAGE_SIZE_MAX}` })
    .default(MAIL_PAGE_SIZE),
});
/** The list's filters as a client sends them. */
export type MailListQuery = Omit<z.input<typeof mailListQuerySchema>, 'page' | 'page_size'> & { page?: number | undefined; page_size?: number | undefined };

export const mailSummarySchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** What the mail is for: verify_email, reset_password, claim_link, order_confirmation, … */
  kind: z.string(),
  transport: z.enum(MAIL_TRANSPORTS),
  state: z.enum(MAIL_STATES),
  /** Delivery attempts so far. */
  attempts: z.number().int(),
  created_at: z.string(),
  /** When SMTP took it, or when it was written to the log. */
  sent_at: z.string().nullable(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailListSchema = z.object({
  mails: z.array(mailSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Mails per state with the recipient filter applied (for the state filter). */
  state_counts: z.record(z.enum(MAIL_STATES), z.number().int()),
  /** How this server delivers mail now: 'log' when SMTP_URL is unset. */
  transport: z.enum(MAIL_TRANSPORTS),
});
export type MailList = z.infer<typeof mailListSchema>;

export const mailLinkSchema = z.object({
  url: z.string(),
  /** The words of the HTML link ("Confirm my address"), or null when it is only in the text. */
  label: z.string().nullable(),
  /** Whether it points at this shop (PUBLIC_URL's origin). */
  internal: z.boolean(),
});
export type MailLink = z.infer<typeof mailLinkSchema>;

export const mailDetailSchema = mailSummarySchema.extend({
  /** The last delivery error (an SMTP refusal), null once delivered. */
  error: z.string().nullable(),
  /** The file names of what the mail carries (an invoice's PDF, drawn when it is delivered); empty for most mails. */
  attachments: z.array(z.string()),
  /**
   * The body, as it would arrive. Only for mails that went to the log (no SMTP): a mail handed to a real mail server
   * is its recipient's to read, with its sign-in links (docs/decisions/111). null then.
   */
  body: z
    .object({
      text: z.string(),
      html: z.string().nullable(),
      /** Every http(s) link of the text and the HTML, once each, in the order they first appear. */
      links: z.array(mailLinkSchema),
    })
    .nullable(),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;

export const mailParamsSchema = z.object({ id: z.uuid({ message: 'id must be a mail id (a UUID)' }) });

export const mailResendSchema = z.object({
  /** The new outbox row: the copy, queued for the mail job. */
  mail: mailSummarySchema,
});
export type MailResend = z.infer<typeof mailResendSchema>;
