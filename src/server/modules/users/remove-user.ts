import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mailOutbox, rateLimitAttempts, securityEvents, users } from '@/server/db/schema/index';
import { forgetBugReporter } from '../bug-reports';
import { forgetUserInNominations } from '../nominations';

/**
 * What deleting an account removes, on the caller's transaction (after its checks and audit row): the user row and,
 * by cascade, sessions, sign-in methods, roles and the stored cart; the nominator email the account typed; the
 * reporter's email and IP on bug reports; and what is kept under the address (forgetAddress). Orders keep their rows
 * with the user reference set null (docs/decisions/086). Returns how many mails were deleted. Used by the account's own deletion and by the CRM's erasure
 * of an address that has an account (docs/decisions/103): here, with the user row, so that both may call it.
 */
export async function removeAccount(tx: Pick<Db, 'update' | 'delete'>, user: { id: string; email: string }): Promise<{ mailsDeleted: number }> {
  await forgetUserInNominations(tx, user.id);
  await forgetBugReporter(tx, user);
  await tx.delete(users).where(eq(users.id, user.id));
  return { mailsDeleted: await forgetAddress(tx, user.email) };
}

/**
 * What was kept under an address outside any account goes too: sign-in attempts and the copies of mails sent to it
 * are deleted; security events stay as evidence, without the address. Returns how many mails were deleted.
 */
export async function forgetAddress(tx: Pick<Db, 'update' | 'delete'>, email: string): Promise<number> {
  const address = email.toLowerCase();
  await tx.delete(rateLimitAttempts).where(eq(rateLimitAttempts.identifier, address));
  const mails = await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${address}`).returning({ id: mailOutbox.id });
  await tx
    .update(securityEvents)
    .set({ email: null, details: sql`${securityEvents.details} - 'email'`, coalesceKey: null })
    .where(eq(securityEvents.email, address)); // stored lower-cased
  return mails.length;
}
