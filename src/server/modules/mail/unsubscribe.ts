import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mailSuppressions, type MailList } from '@/server/db/schema/index';

/**
 * Leaving a mailing list (docs/decisions/123). Mail to people who never signed up — a nomination's claim link, the
 * receipt to an address a nominator typed — carries RFC 8058 one-click unsubscribe headers and a link in its text.
 * The link's token is the address and an HMAC of it under AUTH_SECRET: it names one address and one list, cannot be
 * made for another address without the secret, and never expires (an unsubscribe link must keep working).
 */

export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** Mail kinds sent to the nominations list: what an unsubscribed address no longer gets. */
export const LIST_OF_KIND: Readonly<Record<string, MailList>> = { nomination_claim: 'nominations', nomination_receipt: 'nominations' };

const mac = (secret: string, list: MailList, email: string) => createHmac('sha256', secret).update(`unsubscribe:${list}:${email}`).digest('base64url');

export function unsubscribeToken(secret: string, list: MailList, email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address).toString('base64url')}.${mac(secret, list, address)}`;
}

/** The address a token names, or null when it is not one of ours (changed, cut short, another secret's). */
export function readUnsubscribeToken(secret: string, list: MailList, token: string | undefined): string | null {
  const m = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return null;
  const address = Buffer.from(m[1]!, 'base64url').toString('utf8');
  if (!address.includes('@') || address !== address.trim().toLowerCase()) return null;
  const expected = Buffer.from(mac(secret, list, address));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? address : null;
}

export function unsubscribeUrl(publicUrl: string, secret: string, list: MailList, email: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(secret, list, email)}`;
}

/** Takes the address off the list; false when it was off already. */
export async function suppress(db: Pick<Db, 'insert'>, email: string, list: MailList, source: 'one_click' | 'page'): Promise<boolean> {
  const rows = await db.insert(mailSuppressions).values({ email: email.toLowerCase(), list, source }).onConflictDoNothing().returning({ email: mailSuppressions.email });
  return rows.length > 0;
}

export async function isSuppressed(db: Pick<Db, 'select'>, email: string, list: MailList): Promise<boolean> {
  const rows = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(and(eq(mailSuppressions.email, email.trim().toLowerCase()), eq(mailSuppressions.list, list)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The headers of every mail (RFC 3834 Auto-Submitted: nobody typed it, so no auto-replies), and for a list's mail the
 * RFC 2369 / RFC 8058 unsubscribe pair: an https link a mail client POSTs `List-Unsubscribe=One-Click` to, and a
 * mailto to the shop's support address.
 */
export function mailHeaders(o: { kind: string; to: string; publicUrl: string; secret: string; support: string | null }): Record<string, string> {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  const list = LIST_OF_KIND[o.kind];
  if (list) {
    const targets = [`<${unsubscribeUrl(o.publicUrl, o.secret, list, o.to)}>`];
    if (o.support) targets.push(`<mailto:${o.support}?subject=${encodeURIComponent(`Unsubscribe ${o.to.toLowerCase()}`)}>`);
    headers['List-Unsubscribe'] = targets.join(', ');
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}
