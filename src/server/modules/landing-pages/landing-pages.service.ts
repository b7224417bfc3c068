import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  ctaTargetIssue,
  LANDING_PAGE_SIZE,
  type AdminLandingPage,
  type AdminLandingPageList,
  type adminLandingPageListQuerySchema,
  type LandingCtaTargets,
  type landingPageBodySchema,
  type landingPagePatchSchema,
  type landingPagePreviewBodySchema,
  type LandingPageView,
} from '@/contract/landing-pages';
import { hrefs, paths } from '@/contract/paths';
import type { Db } from '@/server/db/client';
import { awards, landingPages, products, users } from '@/server/db/schema/index';
import { badRequest, conflict, notFound } from '@/server/lib/http-errors';
import { containsPattern, isUniqueViolation } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';
import { renderMarkdown } from './markdown';

type Row = typeof landingPages.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

const ENTITY = 'landing_page';
const NOT_FOUND = () => notFound('No landing page with that id.', 'LANDING_PAGE_NOT_FOUND');

// ---- what a page shows ----

interface Target {
  id: string;
  title: string;
  imageUrl: string | null;
  isActive: boolean;
}

async function awardTarget(db: Reader, id: string | null): Promise<Target | null> {
  if (!id) return null;
  const [a] = await db.select({ id: awards.id, title: awards.title, imageUrl: awards.imageUrl, isActive: awards.isActive }).from(awards).where(eq(awards.id, id));
  return a ?? null;
}

async function productTarget(db: Reader, id: string | null): Promise<Target | null> {
  if (!id) return null;
  const [p] = await db
    .select({ id: products.id, title: products.name, imageUrl: products.thumbnailUrl, isActive: products.isActive })
    .from(products)
    .where(eq(products.id, id));
  return p ?? null;
}

type CtaFields = Pick<Row, 'ctaLabel' | 'ctaKind' | 'ctaAwardId' | 'ctaProductId'>;

/**
 * The button as a link on this site: the award's nomination form or its page in the store, or the store for a
 * product. A target that is gone or inactive leads to the gallery (award kinds) or the store, and is not named.
 */
async function resolveCta(db: Reader, row: CtaFields): Promise<LandingPageView['cta']> {
  const target = row.ctaKind === 'product' ? await productTarget(db, row.ctaProductId) : await awardTarget(db, row.ctaAwardId);
  const live = target?.isActive ? target : null;
  const href =
    row.ctaKind === 'award_nominate'
      ? live
        ? hrefs.nominateAward(live.id)
        : paths.gallery
      : row.ctaKind === 'award_store'
        ? live
          ? hrefs.storeAward(live.id)
          : paths.store
        : paths.store;
  return { label: row.ctaLabel, kind: row.ctaKind, href, target: live ? { title: live.title, image_url: live.imageUrl } : null };
}

type ViewFields = Pick<Row, 'slug' | 'title' | 'metaDescription' | 'heroHeading' | 'heroSubheading' | 'heroImageUrl' | 'heroImageAlt' | 'sections' | 'ogImageUrl'> &
  CtaFields & { publishedAt: Date | null; updatedAt: Date | null };

async function toView(db: Reader, row: ViewFields): Promise<LandingPageView> {
  return {
    slug: row.slug,
    title: row.title,
    meta_description: row.metaDescription,
    hero: { heading: row.heroHeading, subheading: row.heroSubheading, image_url: row.heroImageUrl, image_alt: row.heroImageAlt },
    sections: row.sections.map((s) => ({ heading: s.heading, html: renderMarkdown(s.markdown) })),
    cta: await resolveCta(db, row),
    og_image_url: row.ogImageUrl ?? row.heroImageUrl,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}

/** A published page by its address, as the public sees it; null for an unknown address or a draft. */
export async function publishedLandingPage(db: Db, slug: string): Promise<LandingPageView | null> {
  const [row] = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.slug, slug), eq(landingPages.status, 'published')));
  return row ? toView(db, row) : null;
}

/** What the head tags of a published page need (no Markdown rendered); null for an unknown address or a draft. */
export async function publishedLandingPageMeta(db: Db, slug: string): Promise<{ title: string; description: string; image: string | null } | null> {
  const [row] = await db
    .select({ title: landingPages.title, description: landingPages.metaDescription, og: landingPages.ogImageUrl, hero: landingPages.heroImageUrl })
    .from(landingPages)
    .where(and(eq(landingPages.slug, slug), eq(landingPages.status, 'published')));
  return row ? { title: row.title, description: row.description, image: row.og ?? row.hero } : null;
}

/** The editor's values as the page would look, unfinished or not: nothing is stored. */
export async function previewLandingPage(db: Db, body: z.output<typeof landingPagePreviewBodySchema>): Promise<LandingPageView> {
  return toView(db, {
    slug: '',
    title: body.title ?? '',
    metaDescription: body.meta_description ?? '',
    heroHeading: body.hero_heading ?? '',
    heroSubheading: body.hero_subheading ?? '',
    heroImageUrl: body.hero_image_url ?? null,
    heroImageAlt: body.hero_image_alt ?? '',
    sections: body.sections ?? [],
    ogImageUrl: body.og_image_url ?? null,
    ctaLabel: body.cta_label ?? '',
    ctaKind: body.cta_kind ?? 'award_nominate',
    ctaAwardId: body.cta_award_id ?? null,
    ctaProductId: body.cta_product_id ?? null,
    publishedAt: null,
    updatedAt: null,
  });
}

/** Published pages for the sitemap: their address and last change. */
export async function listPublishedLandingPageStamps(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: landingPages.slug, updatedAt: landingPages.updatedAt })
    .from(landingPages)
    .where(eq(landingPages.status, 'published'))
    .orderBy(asc(landingPages.slug));
}

// ---- admin ----

const editor = alias(users, 'landing_editor');

function toAdmin(row: Row, updatedBy: string | null): AdminLandingPage {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    meta_description: row.metaDescription,
    hero_heading: row.heroHeading,
    hero_subheading: row.heroSubheading,
    hero_image_url: row.heroImageUrl,
    hero_image_alt: row.heroImageAlt,
    sections: row.sections.map((s) => ({ heading: s.heading, markdown: s.markdown })),
    cta_label: row.ctaLabel,
    cta_kind: row.ctaKind,
    cta_award_id: row.ctaAwardId,
    cta_product_id: row.ctaProductId,
    og_image_url: row.ogImageUrl,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    updated_by: updatedBy,
    path: hrefs.landingPage(row.slug),
  };
}

const editorName = sql<string | null>`coalesce(nullif(${editor.name}, ''), ${editor.email})`;

export async function getLandingPage(db: Reader, id: string): Promise<AdminLandingPage> {
  const [hit] = await db.select({ page: landingPages, by: editorName }).from(landingPages).leftJoin(editor, eq(editor.id, landingPages.updatedBy)).where(eq(landingPages.id, id));
  if (!hit) throw NOT_FOUND();
  return toAdmin(hit.page, hit.by);
}

const SORT_COLUMNS = {
  updated: landingPages.updatedAt,
  title: landingPages.title,
  slug: landingPages.slug,
  published: landingPages.publishedAt,
} as const;

/** The admin list: search by title or address, filter by status, sort by a fixed key, 25 a page. */
export async function listLandingPages(db: Db, q: z.output<typeof adminLandingPageListQuerySchema>): Promise<AdminLandingPageList> {
  const conds: SQL[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(or(ilike(landingPages.title, like), ilike(landingPages.slug, like))!);
  }
  if (q.status) conds.push(eq(landingPages.status, q.status));
  const where = conds.length ? and(...conds) : undefined;
  const dir = q.dir ?? (q.sort === 'updated' || q.sort === 'published' ? 'desc' : 'asc');
  const column = SORT_COLUMNS[q.sort];
  // Drafts have no publication date: they go last whichever way the list is sorted.
  const order = q.sort === 'published' ? sql`${column} ${sql.raw(dir)} nulls last` : dir === 'asc' ? asc(column) : desc(column);
  const targetTitle = sql<string | null>`case when ${landingPages.ctaKind} = 'product' then ${products.name} else ${awards.title} end`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ page: landingPages, by: editorName, target: targetTitle })
      .from(landingPages)
      .leftJoin(editor, eq(editor.id, landingPages.updatedBy))
      .leftJoin(awards, eq(awards.id, landingPages.ctaAwardId))
      .leftJoin(products, eq(products.id, landingPages.ctaProductId))
      .where(where)
      .orderBy(order, asc(landingPages.id))
      .limit(LANDING_PAGE_SIZE)
      .offset((q.page - 1) * LANDING_PAGE_SIZE),
    db.select({ n: count() }).from(landingPages).where(where),
  ]);
  return {
    landing_pages: rows.map(({ page, by, target }) => {
      const a = toAdmin(page, by);
      return {
        id: a.id,
        slug: a.slug,
        title: a.title,
        status: a.status,
        published_at: a.published_at,
        updated_at: a.updated_at,
        updated_by: a.updated_by,
        cta_kind: a.cta_kind,
        cta_label: a.cta_label,
        path: a.path,
        cta_target: target,
      };
    }),
    total: Number(total?.n ?? 0),
    page: q.page,
    page_size: LANDING_PAGE_SIZE,
  };
}

/** What the button may lead to, for the editor's picker. */
export async function ctaTargets(db: Db): Promise<LandingCtaTargets> {
  const [as, ps] = await Promise.all([
    db.select({ id: awards.id, title: awards.title, is_active: awards.isActive }).from(awards).orderBy(desc(awards.isActive), asc(awards.title)),
    db.select({ id: products.id, name: products.name, is_active: products.isActive }).from(products).orderBy(desc(products.isActive), asc(products.sortOrder), asc(products.name)),
  ]);
  return { awards: as, products: ps };
}

type Values = z.output<typeof landingPageBodySchema>;

const columnsOf = (b: Partial<Values>) => ({
  ...(b.slug !== undefined ? { slug: b.slug } : {}),
  ...(b.title !== undefined ? { title: b.title } : {}),
  ...(b.meta_description !== undefined ? { metaDescription: b.meta_description } : {}),
  ...(b.hero_heading !== undefined ? { heroHeading: b.hero_heading } : {}),
  ...(b.hero_subheading !== undefined ? { heroSubheading: b.hero_subheading } : {}),
  ...(b.hero_image_url !== undefined ? { heroImageUrl: b.hero_image_url } : {}),
  ...(b.hero_image_alt !== undefined ? { heroImageAlt: b.hero_image_alt } : {}),
  ...(b.sections !== undefined ? { sections: b.sections.map((s) => ({ heading: s.heading, markdown: s.markdown })) } : {}),
  ...(b.cta_label !== undefined ? { ctaLabel: b.cta_label } : {}),
  ...(b.cta_kind !== undefined ? { ctaKind: b.cta_kind } : {}),
  ...(b.cta_award_id !== undefined ? { ctaAwardId: b.cta_award_id } : {}),
  ...(b.cta_product_id !== undefined ? { ctaProductId: b.cta_product_id } : {}),
  ...(b.og_image_url !== undefined ? { ogImageUrl: b.og_image_url } : {}),
});

/**
 * The button's target as stored: the one its kind uses (the other is emptied), which must exist — and, for a
 * page the public can see, be active, or the button would lead to a form that refuses it.
 */
async function checkCta(tx: Reader, row: CtaFields, live: boolean): Promise<Pick<Row, 'ctaAwardId' | 'ctaProductId'>> {
  const issue = ctaTargetIssue({ cta_kind: row.ctaKind, cta_award_id: row.ctaAwardId, cta_product_id: row.ctaProductId });
  if (issue) throw badRequest(issue.message, issue.field);
  if (row.ctaKind === 'product') {
    const p = await productTarget(tx, row.ctaProductId);
    if (!p) throw badRequest('That product does not exist (any more): choose another', 'cta_product_id');
    if (live && !p.isActive) throw badRequest(`${p.title} is not in the store: choose another product, or put it back in the store first`, 'cta_product_id');
    return { ctaAwardId: null, ctaProductId: p.id };
  }
  const a = await awardTarget(tx, row.ctaAwardId);
  if (!a) throw badRequest('That award does not exist (any more): choose another', 'cta_award_id');
  if (live && !a.isActive) throw badRequest(`${a.title} is not active: choose another award, or activate it first`, 'cta_award_id');
  return { ctaAwardId: a.id, ctaProductId: null };
}

async function unique<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another landing page already has this address.', 'slug', 'ALREADY_EXISTS');
    throw err;
  }
}

async function lockedRow(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx.select().from(landingPages).where(eq(landingPages.id, id)).for('update');
  if (!row) throw NOT_FOUND();
  return row;
}

/** A new page, always a draft (audited). */
export function createLandingPage(db: Db, actor: Actor, body: Values): Promise<AdminLandingPage> {
  return unique(() =>
    db.transaction(async (tx) => {
      const cols = columnsOf(body);
      const cta = await checkCta(tx, { ctaLabel: body.cta_label, ctaKind: body.cta_kind, ctaAwardId: body.cta_award_id, ctaProductId: body.cta_product_id }, false);
      // The id is chosen here so that the audit row names the page it created.
      const values = {
        id: randomUUID(),
        ...cols,
        ...cta,
        slug: body.slug,
        title: body.title,
        metaDescription: body.meta_description,
        heroHeading: body.hero_heading,
        ctaLabel: body.cta_label,
        ctaKind: body.cta_kind,
        status: 'draft' as const,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      };
      await audited(tx, actor, { action: 'landing_page.created', entityType: ENTITY, entityId: values.id, before: null, after: values }, () =>
        tx.insert(landingPages).values(values),
      );
      return getLandingPage(tx, values.id);
    }),
  );
}

/** Changes any fields (audited); a published page stays published and shows the change at once. */
export function updateLandingPage(db: Db, actor: Actor, id: string, patch: z.output<typeof landingPagePatchSchema>): Promise<AdminLandingPage> {
  return unique(() =>
    db.transaction(async (tx) => {
      const before = await lockedRow(tx, id);
      const cols = columnsOf(patch);
      const merged = { ...before, ...cols };
      const cta = await checkCta(tx, merged, before.status === 'published');
      const set = { ...cols, ...cta, updatedBy: actor.userId, updatedAt: new Date() };
      const [after] = await audited(tx, actor, { action: 'landing_page.updated', entityType: ENTITY, entityId: id, before, after: { ...before, ...set } }, () =>
        tx.update(landingPages).set(set).where(eq(landingPages.id, id)).returning(),
      );
      return getLandingPage(tx, after!.id);
    }),
  );
}

/** Puts a page on its public address (audited); its button must lead to something live. Publishing a published page changes nothing. */
export async function publishLandingPage(db: Db, actor: Actor, id: string): Promise<AdminLandingPage> {
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, id);
    if (before.status === 'published') return getLandingPage(tx, id);
    const cta = await checkCta(tx, before, true);
    const now = new Date();
    const set = { ...cta, status: 'published' as const, publishedAt: now, updatedBy: actor.userId, updatedAt: now };
    await audited(
      tx,
      actor,
      { action: 'landing_page.published', entityType: ENTITY, entityId: id, before: { status: before.status, published_at: null }, after: { status: 'published', published_at: now.toISOString() } },
      () => tx.update(landingPages).set(set).where(eq(landingPages.id, id)),
    );
    return getLandingPage(tx, id);
  });
}

/** Takes a page off its public address (audited): it answers 404 and leaves the sitemap. */
export async function unpublishLandingPage(db: Db, actor: Actor, id: string): Promise<AdminLandingPage> {
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, id);
    if (before.status === 'draft') return getLandingPage(tx, id);
    await audited(
      tx,
      actor,
      {
        action: 'landing_page.unpublished',
        entityType: ENTITY,
        entityId: id,
        before: { status: before.status, published_at: before.publishedAt?.toISOString() ?? null },
        after: { status: 'draft', published_at: null },
      },
      () => tx.update(landingPages).set({ status: 'draft', publishedAt: null, updatedBy: actor.userId, updatedAt: new Date() }).where(eq(landingPages.id, id)),
    );
    return getLandingPage(tx, id);
  });
}

export async function deleteLandingPage(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedRow(tx, id);
    await audited(tx, actor, { action: 'landing_page.deleted', entityType: ENTITY, entityId: id, before, after: null }, () =>
      tx.delete(landingPages).where(eq(landingPages.id, id)),
    );
  });
}
