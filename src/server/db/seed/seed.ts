import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { awards, categories, products, quizAnswers, quizAnswerWeights, quizQuestions, settings, templates, variantPrices, variants } from '../schema/index';
import { seedAwards, seedCategories, seedTemplates } from './catalog-data';
import { seedQuiz } from './quiz-data';
import { seedPriceList, seedProducts, seedShopCurrencies } from './shop-data';

/**
 * Bump when the seed gains rows that existing installs should receive. The seed runs once
 * per version, so awards an admin deleted or edited are never brought back or overwritten.
 */
export const SEED_VERSION = 4;
const SEED_KEY = 'seed_version';

export async function seedDatabase(db: Db): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    // Two instances starting together must not both seed: lock the settings row's key.
    await tx.execute(sql`select pg_advisory_xact_lock(7311420002)`);
    const [row] = await tx.select().from(settings).where(eq(settings.key, SEED_KEY));
    const current = typeof row?.value === 'number' ? row.value : 0;
    if (current >= SEED_VERSION) return { applied: false };

    await tx
      .insert(categories)
      .values(
        seedCategories.map((c) => ({
          slug: c.slug,
          name: c.name,
          description: c.description,
          color: c.color,
          sortOrder: c.sortOrder,
          isActive: c.isActive,
          keywords: c.keywords,
        })),
      )
      .onConflictDoNothing({ target: categories.slug });

    const cats = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
    const idBySlug = new Map(cats.map((c) => [c.slug, c.id]));

    await tx
      .insert(awards)
      .values(
        seedAwards.map((a) => ({
          slug: a.slug,
          title: a.title,
          description: a.description,
          tagline: a.tagline,
          stats: a.stats,
          categoryId: a.categorySlug ? (idBySlug.get(a.categorySlug) ?? null) : null,
          categorySlug: a.categorySlug,
          imageUrl: `/awards/${a.slug}.svg`,
          isActive: a.isActive,
          sortOrder: a.sortOrder,
        })),
      )
      .onConflictDoNothing({ target: awards.slug });

    await tx
      .insert(templates)
      .values(
        seedTemplates.map((t) => ({
          slug: t.slug,
          name: t.name,
          description: t.description,
          cssClasses: t.cssClasses,
          sortOrder: t.sortOrder,
          isActive: t.isActive,
        })),
      )
      .onConflictDoNothing({ target: templates.slug });

    // Version 2: the store's catalogue (issue 9).
    for (const [i, p] of seedProducts.entries()) {
      const [row] = await tx
        .insert(products)
        .values({ slug: p.slug, name: p.name, description: p.description, kind: p.kind, thumbnailUrl: p.thumbnailUrl, sortOrder: i })
        .onConflictDoNothing({ target: products.slug })
        .returning({ id: products.id });
      if (!row) continue; // already there (an admin may have changed it): leave it alone
      await tx.insert(variants).values(
        p.variants.map((v, j) => ({ productId: row.id, sortOrder: j, currency: 'USD', ...v })),
      ).onConflictDoNothing({ target: variants.sku });
    }

    // Version 3: the quiz (issue 13). A question already there (an admin may have changed it) keeps its answers.
    const awardIds = new Map((await tx.select({ id: awards.id, slug: awards.slug }).from(awards)).map((a) => [a.slug, a.id]));
    for (const [i, q] of seedQuiz.entries()) {
      const [question] = await tx
        .insert(quizQuestions)
        .values({ slug: q.slug, prompt: q.prompt, aside: q.aside, position: (i + 1) * 10 })
        .onConflictDoNothing({ target: quizQuestions.slug })
        .returning({ id: quizQuestions.id });
      if (!question) continue;
      for (const [j, a] of q.answers.entries()) {
        const [answer] = await tx
          .insert(quizAnswers)
          .values({ questionId: question.id, slug: a.slug, label: a.label, position: (j + 1) * 10 })
          .onConflictDoNothing({ target: quizAnswers.slug })
          .returning({ id: quizAnswers.id });
        if (!answer) continue;
        // An award an admin deleted is left out; the answer still leans towards the others.
        const weights = Object.entries(a.weights).flatMap(([slug, weight]) => {
          const awardId = awardIds.get(slug);
          return awardId ? [{ answerId: answer.id, awardId, weight }] : [];
        });
        if (weights.length) await tx.insert(quizAnswerWeights).values(weights).onConflictDoNothing();
      }
    }

    // Version 4: price lists in EUR, GBP, CAD and AUD for the seeded variants still priced as seeded, and the shop
    // selling in those currencies when its settings were never saved and every active variant has their prices (an
    // admin's own products, priced in dollars only, must not vanish for shoppers paying in euros: decision 134).
    const seededUsd = new Map(seedProducts.flatMap((p) => p.variants.map((v) => [v.sku, v.price])));
    const ours = (await tx.select({ id: variants.id, sku: variants.sku, price: variants.price, currency: variants.currency }).from(variants)).filter(
      (v) => v.currency === 'USD' && seededUsd.get(v.sku) === v.price,
    );
    const lists = ours.flatMap((v) => Object.entries(seedPriceList(v.price)).map(([currency, price]) => ({ variantId: v.id, currency, price })));
    if (lists.length) await tx.insert(variantPrices).values(lists).onConflictDoNothing();
    const unpriced = await tx.execute(sql`
      select 1 from ${variants} v
      cross join unnest(array[${sql.join(seedShopCurrencies.currencies.map((c) => sql`${c}`), sql`, `)}]::text[]) as c(currency)
      where v.is_active and v.currency <> c.currency
        and not exists (select 1 from ${variantPrices} p where p.variant_id = v.id and p.currency = c.currency)
      limit 1`);
    if (!(unpriced as unknown as { rows: unknown[] }).rows.length) {
      await tx.insert(settings).values({ key: 'shop', value: seedShopCurrencies }).onConflictDoNothing({ target: settings.key });
    }

    await tx
      .insert(settings)
      .values({ key: SEED_KEY, value: SEED_VERSION })
      .onConflictDoUpdate({ target: settings.key, set: { value: SEED_VERSION, updatedAt: new Date() } });
    return { applied: true };
  });
}
