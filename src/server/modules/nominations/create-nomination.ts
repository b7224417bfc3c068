import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { NOMINATION_LIMITS, type createNominationBodySchema, type Certificate } from '@/contract/nominations';
import { hrefs } from '@/contract/paths';
import { claimTokens, awards, nominations, templates } from '@/server/db/schema/index';
import { badRequest } from '@/server/lib/http-errors';
import { isUniqueViolation } from '@/server/lib/sql-text';
import type { NominationsContext } from './context';
import { hashClaimToken, newCertificateNumber, newClaimToken, newShareId } from './ids';
import { claimMail, receiptMail, type NominationMailFacts, isSuppressed } from '../mail';
import {
  activeTemplates,
  certificatePageUrl,
  findById,
  toCertificate,
  type LoadedNomination,
} from './nominations.service';
import { tryLimit } from './rate-limits';
import { normaliseLine } from './text';

export type CreateNominationInput = z.output<typeof createNominationBodySchema>;

/** The absolute claim link, for the mail to the nominee (API answers carry the path: docs/decisions/037). */
export const claimUrlFor = (origin: string, token: string) => `${origin}${hrefs.claim(token)}`;

/** The honeypot's answer: the same words a person would get for any refused form (docs/decisions/032). */
export const REFUSED_MESSAGE = 'We could not accept this nomination. Please reload the page and try again.';

/** Cleans what was typed; the contract already bounded the lengths. */
export function cleanNominationText(input: { nominee_name: string; reason: string; nominator_name: string }) {
  const nomineeName = normaliseLine(input.nominee_name);
  if (!nomineeName) throw badRequest("The nominee's name is required", 'nominee_name');
  return {
    nomineeName: nomineeName.slice(0, NOMINATION_LIMITS.name),
    reason: normaliseLine(input.reason).slice(0, NOMINATION_LIMITS.reason),
    nominatorName: normaliseLine(input.nominator_name).slice(0, NOMINATION_LIMITS.name),
  };
}

/** The award (must be active) and design template (given and active, or the first active one). */
export async function resolveAwardAndTemplate(ctx: NominationsContext, awardId: string, templateId: string | undefined) {
  const [award] = await ctx.db
    .select()
    .from(awards)
    .where(and(eq(awards.id, awardId), eq(awards.isActive, true)))
    .limit(1);
  if (!award) throw badRequest('This award is not available any more. Please choose another one.', 'award_id');
  let template;
  if (templateId) {
    [template] = await ctx.db
      .select()
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.isActive, true)))
      .limit(1);
    if (!template) throw badRequest('This design template is not available. Please choose another one.', 'template_id');
  } else {
    [template] = await activeTemplates(ctx.db);
    if (!template) [template] = await ctx.db.select().from(templates).limit(1);
    if (!template) throw new Error('no design templates in the database');
  }
  return { award, template };
}

export function mailFacts(loaded: LoadedNomination, brand: string): NominationMailFacts {
  const n = loaded.nomination;
  return {
    brand,
    nomineeName: n.nomineeName,
    nominatorName: n.nominatorName,
    awardTitle: loaded.award.title,
    reason: n.reason,
    isPublic: n.isPublic,
    certificateNumber: n.certificateNumber,
  };
}

/**
 * Sends the claim link to the nominee, if there is an address and it has not had too many mails
 * today. Never fails the caller: a refused or failed mail answers false (the link still works).
 */
export async function sendClaimMail(
  ctx: NominationsContext,
  loaded: LoadedNomination,
  token: string,
  ip: string | null,
  opts: { resent?: boolean } = {},
): Promise<boolean> {
  const to = loaded.nomination.nomineeEmail;
  if (!to) return false;
  // The address asked for no more nominations (docs/decisions/123): the nominator passes the link on instead.
  if (await isSuppressed(ctx.db, to, 'nominations')) return false;
  if (!(await tryLimit(ctx.db, 'nominationMail', to, ip))) return false;
  const brand = (await ctx.settings.getPublic()).brand_name;
  try {
    await ctx.mailer.send(
      claimMail(to, mailFacts(loaded, brand), claimUrlFor(ctx.config.publicUrl, token), { ...opts, unsubscribeUrl: ctx.mailer.unsubscribeUrl(to, 'nominations') }),
    );
    return true;
  } catch {
    // The mailer has logged it and kept it in the outbox as failed.
    return false;
  }
}

async function sendReceipt(ctx: NominationsContext, loaded: LoadedNomination, claimMailSent: boolean, ip: string | null) {
  const n = loaded.nomination;
  const to = n.nominatorEmail;
  if (!to || to === n.nomineeEmail) return;
  // A nominator's address is typed, and may be anyone's: it can leave the nomination mails too.
  if (await isSuppressed(ctx.db, to, 'nominations')) return;
  if (!(await tryLimit(ctx.db, 'nominationMail', to, ip))) return;
  const brand = (await ctx.settings.getPublic()).brand_name;
  const page = certificatePageUrl(ctx.config.publicUrl, n.shareId);
  await ctx.mailer.send(receiptMail(to, mailFacts(loaded, brand), page, claimMailSent, ctx.mailer.unsubscribeUrl(to, 'nominations'))).catch(() => undefined);
}

/**
 * Stores a nomination and its first claim link, then mails the nominee (and a receipt to the
 * nominator). Share id and certificate number are random; on the rare collision the whole insert
 * is tried again with new ones (and after three number collisions, a longer number).
 */
export async function createNomination(
  ctx: NominationsContext,
  input: CreateNominationInput,
  nominatorUserId: string | null,
  ip: string | null,
): Promise<{ certificate: Certificate; claimUrl: string; claimMailSent: boolean }> {
  const text = cleanNominationText(input);
  const { award, template } = await resolveAwardAndTemplate(ctx, input.award_id, input.template_id);
  const token = newClaimToken();

  let id: string | null = null;
  for (let attempt = 0; id === null; attempt++) {
    try {
      id = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(nominations)
          .values({
            shareId: newShareId(),
            certificateNumber: newCertificateNumber(attempt < 3 ? 5 : 7),
            awardId: award.id,
            templateId: template.id,
            nomineeName: text.nomineeName,
            nomineeEmail: input.nominee_email,
            reason: text.reason,
            nominatorName: text.nominatorName,
            nominatorEmail: input.nominator_email,
            nominatorUserId,
            isPublic: input.is_public,
          })
          .returning({ id: nominations.id });
        await tx.insert(claimTokens).values({ nominationId: row!.id, tokenHash: hashClaimToken(token) });
        return row!.id;
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }

  const loaded = (await findById(ctx.db, id))!;
  const claimMailSent = await sendClaimMail(ctx, loaded, token, ip);
  await sendReceipt(ctx, loaded, claimMailSent, ip);
  return {
    certificate: toCertificate(loaded),
    claimUrl: hrefs.claim(token),
    claimMailSent,
  };
}
