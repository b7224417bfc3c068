import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { awards } from './awards';
import { products } from './products';
import { users } from './users';

export const LANDING_PAGE_STATUSES = ['draft', 'published'] as const;
export type LandingPageStatus = (typeof LANDING_PAGE_STATUSES)[number];

/** Where the page's button leads: an award's nomination form, the award printed in the store, or the store for a product. */
export const LANDING_CTA_KINDS = ['award_nominate', 'award_store', 'product'] as const;
export type LandingCtaKind = (typeof LANDING_CTA_KINDS)[number];

/** One section of a landing page: a heading (may be empty) and its body in Markdown, rendered and sanitised when served. */
export interface LandingSectionRow {
  heading: string;
  markdown: string;
}

/**
 * Marketing pages an admin writes at /admin/landing-pages and the public reads at /l/{slug} once published
 * (issue 14, docs/decisions/102). The Markdown is stored as written and turned into sanitised HTML on the
 * server each time it is served (so a stricter sanitiser applies to old pages too). The button's target is a
 * reference: deleting the award or product empties it, and the served page then falls back to the gallery or
 * the store.
 */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The address: /l/{slug}. Lower-case letters, digits and single hyphens; reserved words refused (contract). */
    slug: text('slug').notNull().unique(),
    /** The page's name: its <title> ("{title} | brand"), og:title and the admin list. */
    title: text('title').notNull(),
    /** <meta name="description">, og:description and twitter:description. */
    metaDescription: text('meta_description').notNull(),
    heroHeading: text('hero_heading').notNull(),
    heroSubheading: text('hero_subheading').notNull().default(''),
    /** A path on this site (an upload under /files/award-images/…) or an https address; null: no picture. */
    heroImageUrl: text('hero_image_url'),
    /** The picture's text alternative; empty when it is decoration. */
    heroImageAlt: text('hero_image_alt').notNull().default(''),
    sections: jsonb('sections').$type<LandingSectionRow[]>().notNull().default(sql`'[]'::jsonb`),
    ctaLabel: text('cta_label').notNull(),
    ctaKind: text('cta_kind').$type<LandingCtaKind>().notNull(),
    /** For award_nominate and award_store; null for a product (or once the award is deleted). */
    ctaAwardId: uuid('cta_award_id').references(() => awards.id, { onDelete: 'set null' }),
    /** For product; null for the award kinds (or once the product is deleted). */
    ctaProductId: uuid('cta_product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The link-preview picture (og:image); null: the hero picture, else the site's card. */
    ogImageUrl: text('og_image_url'),
    status: text('status').$type<LandingPageStatus>().notNull().default('draft'),
    /** When it was last published; null while it is a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('landing_pages_status_check', sql`${t.status} in ('draft', 'published')`),
    check('landing_pages_cta_kind_check', sql`${t.ctaKind} in ('award_nominate', 'award_store', 'product')`),
    check('landing_pages_published_at_check', sql`(${t.status} = 'published') = (${t.publishedAt} is not null)`),
    index('landing_pages_status_idx').on(t.status, t.updatedAt),
  ],
);
