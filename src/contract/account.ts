import { z } from 'zod';
import { authUserSchema, fullNameSchema, passwordSchema } from './auth';

export const accountSchema = authUserSchema.extend({
  is_admin: z.boolean(),
  /** false for accounts that only sign in with Google */
  has_password: z.boolean(),
  /** 'email' (password) and/or 'google' */
  sign_in_methods: z.array(z.string()),
});
export type Account = z.infer<typeof accountSchema>;

export const updateAccountBodySchema = z
  .object({
    full_name: fullNameSchema,
  })
  .strict();

export const deleteAccountBodySchema = z
  .object({
    /** Typed by the user to confirm; must equal the account's email. */
    confirm_email: z.string().trim().min(1, { message: 'Type your email address to confirm' }).max(254),
    /** Required when the account has a password. */
    password: passwordSchema.optional(),
  })
  .strict();

/** GET /api/account/export: everything we hold about the signed-in user (GDPR art. 15/20). */
export const accountExportSchema = z.object({
  exported_at: z.string(),
  profile: accountSchema,
  roles: z.array(z.string()),
  sessions: z.array(
    z.object({ created_at: z.string(), expires_at: z.string(), ip_address: z.string().nullable(), user_agent: z.string().nullable() }),
  ),
  linked_sign_in_methods: z.array(z.object({ method: z.string(), linked_at: z.string() })),
  sign_in_attempts: z.array(z.object({ at: z.string(), successful: z.boolean(), ip: z.string().nullable() })),
  /** Repeats within a few minutes are one entry: `at` the first, `last_seen_at` the last, `count` how many. */
  security_events: z.array(
    z.object({
      at: z.string(),
      last_seen_at: z.string(),
      count: z.number().int(),
      event_type: z.string(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
    }),
  ),
  mails_sent: z.array(z.object({ at: z.string(), subject: z.string(), kind: z.string() })),
  nominations: z.array(z.unknown()),
  /** Orders placed while signed in (orderSchema of contract/shop.ts), newest first. */
  orders: z.array(z.unknown()),
  /** The cart kept on the account (lines: variant, quantity, what is printed). */
  cart: z.array(z.unknown()),
  /** Bug reports sent while signed in or under this email (attachments are named, not included), newest first. */
  bug_reports: z.array(
    z.object({
      at: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      steps_to_repro: z.string().nullable(),
      severity: z.string(),
      status: z.string(),
      page_url: z.string().nullable(),
      has_screenshot: z.boolean(),
      has_video: z.boolean(),
    }),
  ),
  /** Analytics events linked to the account (only sent with Analytics allowed), newest first, at most 5000. */
  analytics_events: z.array(
    z.object({ at: z.string(), event_type: z.string(), event_data: z.record(z.string(), z.unknown()), page_url: z.string().nullable(), device: z.string().nullable() }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
