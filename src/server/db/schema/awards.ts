import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { categories } from './categories';

export const awards = pgTable(
  'awards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tagline: text('tagline'),
    /** Free-form certificate stats, always a JSON object ({} when unknown) */
    stats: jsonb('stats').$type<Record<string, string | number>>().notNull().default(sql`'{}'::jsonb`),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    categorySlug: text('category_slug'),
    imageUrl: text('image_url'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('awards_sort_order_idx').on(t.sortOrder),
    index('awards_category_id_idx').on(t.categoryId),
  ],
);
