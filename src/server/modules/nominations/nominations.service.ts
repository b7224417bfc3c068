import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ANONYMOUS_NOMINATOR,
  CERTIFICATE_ERROR_CODES,
  REACTION_KINDS,
  type Certificate,
  type ReactionKind,
} from '@/contract/nominations';
import { hrefs } from '@/contract/paths';
import type { Db } from '@/server/db/client';
import { awards, categories, nominations, reactions, templates } from '@/server/db/schema/index';
import { HttpError, notFound } from '@/server/lib/http-errors';

export type NominationRow = typeof nominations.$inferSelect;
export type AwardRow = typeof awards.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;

/** A nomination with what its certificate shows. */
export interface LoadedNomination {
  nomination: NominationRow;
  award: AwardRow;
  category: CategoryRow | null;
  template: TemplateRow;
}

export interface ReactionSummary {
  counts: Record<ReactionKind, number>;
  mine: ReactionKind | null;
}

/** Declined by the nominee or hidden by a moderator: out of public view, files answer 410. */
export const isWithdrawn = (n: Pick<NominationRow, 'status' | 'hidden'>) => n.status === 'declined' || n.hidden;

/** SQL twin of !isWithdrawn, for lists. */
export const notWithdrawn = (): SQL => sql`not ${nominations.hidden} and ${nominations.status} <> 'declined'`;

/**
 * The community wall's rule: public, accepted by the nominee, not hidden (docs/decisions/036). Nobody
 * is shown to the public before they have said yes. It implies the partial indexes' predicate
 * (`status <> 'declined'`), so the planner still uses them.
 */
export const onCommunityWall = (): SQL =>
  sql`${nominations.isPublic} and not ${nominations.hidden} and ${nominations.status} = 'claimed'`;

/** Whether search engines may index a certificate: the same rule as the wall (docs/decisions/031, 036). */
export const isListed = (n: Pick<NominationRow, 'status' | 'hidden' | 'isPublic'>) => n.isPublic && !n.hidden && n.status === 'claimed';

/** Nominations joined with their award, the award's (active) category and the design template. */
export function selectLoaded(db: Pick<Db, 'select'>) {
  return db
    .select({ nomination: nominations, award: awards, category: categories, template: templates })
    .from(nominations)
    .innerJoin(awards, eq(awards.id, nominations.awardId))
    .leftJoin(categories, and(eq(categories.id, awards.categoryId), eq(categories.isActive, true)))
    .innerJoin(templates, eq(templates.id, nominations.templateId))
    .$dynamic();
}

export async function findByShareId(db: Db, shareId: string): Promise<LoadedNomination | null> {
  const [row] = await selectLoaded(db).where(eq(nominations.shareId, shareId)).limit(1);
  return row ?? null;
}

export async function findById(db: Db, id: string): Promise<LoadedNomination | null> {
  const [row] = await selectLoaded(db).where(eq(nominations.id, id)).limit(1);
  return row ?? null;
}

/**
 * The certificate behind a public reference: 404 when unknown, 410 when withdrawn. The 410 never
 * says whether the nominee declined or a moderator hid it (docs/decisions/034).
 */
export async function requireVisibleByShareId(db: Db, shareId: string): Promise<LoadedNomination> {
  const loaded = await findByShareId(db, shareId);
  if (!loaded) throw notFound('We could not find this certificate. Check the link and try again.', CERTIFICATE_ERROR_CODES.notFound);
  if (isWithdrawn(loaded.nomination)) {
    throw new HttpError(410, CERTIFICATE_ERROR_CODES.withdrawn, 'This certificate is no longer available.');
  }
  return loaded;
}

/**
 * A certificate's page and files as same-origin paths: what pages and API answers carry, so they
 * work on whatever host name the visitor used (docs/decisions/037).
 */
export function certificateUrls(shareId: string): Certificate['urls'] {
  const api = `/api/certificates/${encodeURIComponent(shareId)}`;
  return {
    page: hrefs.certificate(shareId),
    svg: `${api}/certificate.svg`,
    share_png: `${api}/share.png`,
    print_png: `${api}/print.png`,
    pdf: `${api}/certificate.pdf`,
  };
}

/** The absolute address of a certificate's page, for what leaves the site: mails and the QR code. */
export const certificatePageUrl = (origin: string, shareId: string) => `${origin}${hrefs.certificate(shareId)}`;

const emptyCounts = (): Record<ReactionKind, number> =>
  Object.fromEntries(REACTION_KINDS.map((k) => [k, 0])) as Record<ReactionKind, number>;

/** Reaction counts per kind (every kind present) and this voter's reaction, for a page of nominations. */
export async function reactionSummaries(
  db: Pick<Db, 'select'>,
  nominationIds: string[],
  voter: string | null,
): Promise<Map<string, ReactionSummary>> {
  const out = new Map<string, ReactionSummary>(nominationIds.map((id) => [id, { counts: emptyCounts(), mine: null }]));
  if (!nominationIds.length) return out;
  const [counts, mine] = await Promise.all([
    db
      .select({ id: reactions.nominationId, kind: reactions.kind, n: sql<number>`count(*)::int` })
      .from(reactions)
      .where(inArray(reactions.nominationId, nominationIds))
      .groupBy(reactions.nominationId, reactions.kind),
    voter
      ? db
          .select({ id: reactions.nominationId, kind: reactions.kind })
          .from(reactions)
          .where(and(eq(reactions.voter, voter), inArray(reactions.nominationId, nominationIds)))
      : Promise.resolve([]),
  ]);
  for (const c of counts) {
    const s = out.get(c.id);
    if (s && (REACTION_KINDS as readonly string[]).includes(c.kind)) s.counts[c.kind as ReactionKind] = Number(c.n);
  }
  for (const m of mine) {
    const s = out.get(m.id);
    if (s) s.mine = m.kind as ReactionKind;
  }
  return out;
}

export function toCertificate(loaded: LoadedNomination, summary?: ReactionSummary): Certificate {
  const { nomination: n, award, category, template } = loaded;
  return {
    share_id: n.shareId,
    certificate_number: n.certificateNumber,
    award: {
      id: award.id,
      title: award.title,
      tagline: award.tagline,
      description: award.description,
      image_url: award.imageUrl,
      category: category ? { id: category.id, name: category.name, color: category.color } : null,
    },
    template: { id: template.id, slug: template.slug, name: template.name },
    nominee_name: n.nomineeName,
    reason: n.reason,
    nominator_name: n.nominatorName || ANONYMOUS_NOMINATOR,
    is_public: n.isPublic,
    status: n.status,
    issued_at: n.createdAt.toISOString(),
    urls: certificateUrls(n.shareId),
    reactions: summary?.counts ?? emptyCounts(),
    my_reaction: summary?.mine ?? null,
  };
}

/** Certificates for a list of loaded nominations, with reaction counts and this voter's reactions. */
export async function toCertificates(db: Db, rows: LoadedNomination[], voter: string | null): Promise<Certificate[]> {
  const summaries = await reactionSummaries(
    db,
    rows.map((r) => r.nomination.id),
    voter,
  );
  return rows.map((r) => toCertificate(r, summaries.get(r.nomination.id)));
}

/** Active design templates by sort order; the first is the default. */
export async function activeTemplates(db: Db): Promise<TemplateRow[]> {
  return db.select().from(templates).where(eq(templates.isActive, true)).orderBy(asc(templates.sortOrder), asc(templates.name));
}
