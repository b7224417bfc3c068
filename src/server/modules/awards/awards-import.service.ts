import { asc } from 'drizzle-orm';
import {
  AWARD_CSV_COLUMNS,
  AWARD_CSV_EXTRA_COLUMNS,
  AWARD_LIMITS,
  awardBodySchema,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
} from '@/contract/admin-awards';
import { normaliseLine } from '@/contract/text';
import type { Db } from '@/server/db/client';
import { awards, categories } from '@/server/db/schema/index';
import { HttpError } from '@/server/lib/http-errors';
import { isUniqueViolation } from '@/server/lib/sql-text';
import type { Actor } from '../audit';
import type { CategoryRow } from './awards.service';
import { awardChanges, insertAward, updateAwardRow } from './admin-awards.service';
import { nextFreeSlug, slugify } from './award-slugs';
import { pickCategory } from './auto-category';
import { parseCsv, parseStats, type CsvRecord, type Stats } from './awards-csv';

type AwardRow = typeof awards.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What committing a row does. */
type Step =
  | { kind: 'create'; values: typeof awards.$inferInsert }
  | { kind: 'update'; before: AwardRow; set: Partial<typeof awards.$inferInsert> }
  | { kind: 'unchanged' }
  | { kind: 'invalid' };

interface Plan {
  preview: ImportPreview;
  steps: Step[];
}

const KNOWN_COLUMNS: readonly string[] = [...AWARD_CSV_COLUMNS, ...AWARD_CSV_EXTRA_COLUMNS];
/** API names of the award columns, for the "what changes" list. */
const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  slug: 'slug',
  description: 'description',
  tagline: 'tagline',
  stats: 'stats',
  categoryId: 'category',
  categorySlug: 'category',
  imageUrl: 'image_url',
  isActive: 'is_active',
  sortOrder: 'sort_order',
};
const TRUE = new Set(['true', 'yes', '1', 'y']);
const FALSE = new Set(['false', 'no', '0', 'n']);
const titleKey = (t: string) => normaliseLine(t).toLowerCase();

function fileError(preview: ImportPreview, line: number | null, message: string): Plan {
  preview.errors.push({ line, message });
  return { preview, steps: [] };
}

/**
 * Reads an import (docs/decisions/101) and says, row by row, what it would do: create an award, update the one with
 * that slug or title, leave it unchanged, or nothing because of the errors listed with their line. Empty cells take
 * the spec's defaults (is_active true, sort_order 0); a row without a category is filed by auto_assign_category.
 */
export async function planImport(db: Pick<Db, 'select'>, csv: string): Promise<Plan> {
  const preview: ImportPreview = { rows: [], errors: [], summary: { rows: 0, create: 0, update: 0, unchanged: 0, invalid: 0 } };
  const parsed = parseCsv(csv, AWARD_LIMITS.csvMaxRows);
  if (parsed.error) return fileError(preview, parsed.error.line, parsed.error.message);
  const unknown = parsed.header.filter((h) => !KNOWN_COLUMNS.includes(h));
  if (unknown.length) {
    return fileError(preview, 1, `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `'${u.slice(0, 40)}'`).join(', ')}. The columns are: ${KNOWN_COLUMNS.join(', ')}.`);
  }
  const twice = parsed.header.find((h, i) => parsed.header.indexOf(h) !== i);
  if (twice) return fileError(preview, 1, `The column '${twice}' appears twice in the header.`);
  if (!parsed.header.includes('title')) return fileError(preview, 1, 'The header has no title column. The first line must name the columns: title, description, stats, …');
  if (!parsed.records.length) return fileError(preview, null, 'The file has a header but no awards.');

  const [existing, cats] = await Promise.all([db.select().from(awards).orderBy(asc(awards.id)), db.select().from(categories)]);
  const bySlug = new Map(existing.map((a) => [a.slug, a]));
  const byTitle = new Map<string, AwardRow[]>();
  for (const a of existing) byTitle.set(titleKey(a.title), [...(byTitle.get(titleKey(a.title)) ?? []), a]);
  const catById = new Map(cats.map((c) => [c.id, c]));
  const catBySlug = new Map(cats.map((c) => [c.slug, c]));
  const autoCandidates = cats.filter((c) => c.isActive);
  const usedSlugs = new Set(existing.map((a) => a.slug));
  const seen = new Map<string, number>();
  const has = (col: string) => parsed.header.includes(col);

  const steps: Step[] = [];
  for (const record of parsed.records) {
    const { row, step } = planRow(record, { has, bySlug, byTitle, catById, catBySlug, autoCandidates, usedSlugs, seen, headerLength: parsed.header.length });
    preview.rows.push(row);
    steps.push(step);
    preview.summary[row.action]++;
  }
  preview.summary.rows = preview.rows.length;
  return { preview, steps };
}

interface Context {
  has(col: string): boolean;
  bySlug: Map<string, AwardRow>;
  byTitle: Map<string, AwardRow[]>;
  catById: Map<string, CategoryRow>;
  catBySlug: Map<string, CategoryRow>;
  autoCandidates: CategoryRow[];
  usedSlugs: Set<string>;
  seen: Map<string, number>;
  headerLength: number;
}

function planRow(record: CsvRecord, ctx: Context): { row: ImportRow; step: Step } {
  const errors: ImportRow['errors'] = [];
  const cell = (col: string) => record.cells.get(col) ?? '';
  const row: ImportRow = {
    line: record.line,
    action: 'invalid',
    award_id: null,
    title: normaliseLine(cell('title')),
    description: null,
    tagline: null,
    stats: null,
    category: null,
    category_auto: false,
    is_active: null,
    sort_order: null,
    changes: [],
    errors,
  };
  const invalid = () => ({ row: { ...row, action: 'invalid' as const }, step: { kind: 'invalid' as const } });
  if (record.fieldCount !== ctx.headerLength) {
    errors.push({ field: 'row', message: `This row has ${record.fieldCount} field${record.fieldCount === 1 ? '' : 's'}; the header has ${ctx.headerLength}. Check for a missing or extra comma, or a text with a comma that is not in quotes.` });
    return invalid();
  }

  // Cells → a body the API's own schema checks (the same rules as the award form).
  let stats: Stats | undefined;
  if (ctx.has('stats')) {
    const result = parseStats(cell('stats'));
    if ('error' in result) errors.push({ field: 'stats', message: result.error });
    else stats = result.stats;
  }
  let isActive: boolean | undefined;
  if (ctx.has('is_active')) {
    const v = cell('is_active').trim().toLowerCase();
    if (v === '') isActive = true;
    else if (TRUE.has(v)) isActive = true;
    else if (FALSE.has(v)) isActive = false;
    else errors.push({ field: 'is_active', message: `is_active must be true or false, not '${v.slice(0, 20)}'` });
  }
  let sortOrder: number | undefined;
  if (ctx.has('sort_order')) {
    const v = cell('sort_order').trim();
    if (v === '') sortOrder = 0;
    else if (/^[+-]?\d{1,10}$/.test(v)) sortOrder = Number(v);
    else errors.push({ field: 'sort_order', message: `sort_order must be a whole number, not '${v.slice(0, 20)}'` });
  }
  const slugCell = ctx.has('slug') ? cell('slug').trim().toLowerCase() : '';
  const body = awardBodySchema.safeParse({
    title: cell('title'),
    ...(slugCell ? { slug: slugCell } : {}),
    ...(ctx.has('description') ? { description: cell('description') } : {}),
    ...(ctx.has('tagline') ? { tagline: cell('tagline') } : {}),
    ...(stats ? { stats } : {}),
    ...(ctx.has('image_url') ? { image_url: cell('image_url') } : {}),
    ...(isActive !== undefined ? { is_active: isActive } : {}),
    ...(sortOrder !== undefined ? { sort_order: sortOrder } : {}),
  });
  if (!body.success) {
    for (const issue of body.error.issues) errors.push({ field: String(issue.path[0] ?? 'row'), message: issue.message });
  }

  // The category: by id or slug when given; none when the columns are there but empty; untouched when absent.
  let category: CategoryRow | null | undefined;
  const idCell = ctx.has('category_id') ? cell('category_id').trim().toLowerCase() : '';
  const catSlugCell = ctx.has('category_slug') ? cell('category_slug').trim().toLowerCase() : '';
  if (idCell) {
    category = ctx.catById.get(idCell);
    if (!category) errors.push({ field: 'category_id', message: `There is no category with the id '${idCell.slice(0, 40)}'` });
    else if (catSlugCell && catSlugCell !== category.slug) errors.push({ field: 'category_slug', message: `category_slug '${catSlugCell.slice(0, 40)}' is not the category with that category_id ('${category.slug}')` });
  } else if (catSlugCell) {
    category = ctx.catBySlug.get(catSlugCell);
    if (!category) errors.push({ field: 'category_slug', message: `There is no category with the slug '${catSlugCell.slice(0, 80)}'. Create it first, or leave the cell empty to file the award automatically.` });
  } else if (ctx.has('category_id') || ctx.has('category_slug')) {
    category = null;
  }
  if (errors.length || !body.success) return invalid();
  const v = body.data;
  row.title = v.title;

  // Which award: the slug when the file has one, else the title (the export has no slug column).
  let target: AwardRow | undefined;
  if (v.slug) target = ctx.bySlug.get(v.slug);
  else {
    const matches = ctx.byTitle.get(titleKey(v.title)) ?? [];
    if (matches.length > 1) {
      errors.push({ field: 'title', message: `${matches.length} awards are titled “${v.title}”. Add a slug column to say which one this row is.` });
      return invalid();
    }
    target = matches[0];
  }
  const newSlug = target ? null : (v.slug ?? nextFreeSlug(slugify(v.title, AWARD_LIMITS.slug), ctx.usedSlugs, AWARD_LIMITS.slug));
  const identity = target ? `award:${target.id}` : `new:${newSlug}`;
  const titleIdentity = `title:${titleKey(v.title)}`;
  const earlier = ctx.seen.get(identity) ?? (v.slug ? undefined : ctx.seen.get(titleIdentity));
  if (earlier !== undefined) {
    errors.push({ field: v.slug ? 'slug' : 'title', message: `Line ${earlier} already imports this award. Each award may appear once.` });
    return invalid();
  }
  ctx.seen.set(identity, record.line);
  if (!v.slug) ctx.seen.set(titleIdentity, record.line);

  if (!target) {
    const slug = newSlug!;
    ctx.usedSlugs.add(slug);
    let auto = false;
    if (!category) {
      // Spec §7: imported without a category → auto_assign_category(award_slug).
      const id = pickCategory(slug, ctx.autoCandidates.map((c) => ({ id: c.id, slug: c.slug, sortOrder: c.sortOrder, keywords: c.keywords })));
      category = id ? ctx.catById.get(id)! : null;
      auto = true;
    }
    const values: typeof awards.$inferInsert = {
      slug,
      title: v.title,
      description: v.description,
      tagline: v.tagline,
      stats: v.stats,
      categoryId: category?.id ?? null,
      categorySlug: category?.slug ?? null,
      imageUrl: v.image_url ?? null,
      isActive: v.is_active,
      sortOrder: v.sort_order,
    };
    return {
      row: { ...row, action: 'create', description: v.description, tagline: v.tagline, stats: v.stats, category: category ? catView(category) : null, category_auto: auto, is_active: v.is_active, sort_order: v.sort_order },
      step: { kind: 'create', values },
    };
  }

  const set: Partial<typeof awards.$inferInsert> = {
    ...(v.slug ? { title: v.title } : {}),
    ...(ctx.has('description') ? { description: v.description } : {}),
    ...(ctx.has('tagline') ? { tagline: v.tagline } : {}),
    ...(ctx.has('stats') ? { stats: v.stats } : {}),
    ...(category !== undefined ? { categoryId: category?.id ?? null, categorySlug: category?.slug ?? null } : {}),
    ...(ctx.has('image_url') ? { imageUrl: v.image_url ?? null } : {}),
    ...(ctx.has('is_active') ? { isActive: v.is_active } : {}),
    ...(ctx.has('sort_order') ? { sortOrder: v.sort_order } : {}),
  };
  const changes = [...new Set(Object.keys(awardChanges(target, set)).map((k) => FIELD_NAMES[k] ?? k))];
  const merged = { ...target, ...set };
  const finalCategory = merged.categoryId ? (ctx.catById.get(merged.categoryId) ?? null) : null;
  return {
    row: {
      ...row,
      action: changes.length ? 'update' : 'unchanged',
      award_id: target.id,
      description: merged.description,
      tagline: merged.tagline,
      stats: merged.stats,
      category: finalCategory ? catView(finalCategory) : null,
      is_active: merged.isActive,
      sort_order: merged.sortOrder,
      changes,
    },
    step: changes.length ? { kind: 'update', before: target, set } : { kind: 'unchanged' },
  };
}

const catView = (c: CategoryRow) => ({ id: c.id, name: c.name, slug: c.slug });

/** The preview: what the import would do, row by row, without changing anything. */
export async function previewImport(db: Db, csv: string): Promise<ImportPreview> {
  return (await planImport(db, csv)).preview;
}

/**
 * Imports the file in one transaction, all or nothing (spec: bulk insert): a file with any error imports nothing
 * and answers 400 IMPORT_INVALID. Every award created or changed is audited like a change made in the form.
 */
export async function commitImport(db: Db, actor: Actor, csv: string): Promise<ImportResult> {
  try {
    return await db.transaction(async (tx: Tx) => {
      const { preview, steps } = await planImport(tx, csv);
      const bad = preview.errors.length + preview.summary.invalid;
      if (bad) {
        const first = preview.errors[0] ?? preview.rows.find((r) => r.errors.length)?.errors[0];
        const where = preview.errors[0]?.line ?? preview.rows.find((r) => r.errors.length)?.line;
        throw new HttpError(
          400,
          'IMPORT_INVALID',
          `Nothing was imported: ${preview.errors.length ? 'the file cannot be read' : `${preview.summary.invalid} row${preview.summary.invalid === 1 ? ' has' : 's have'} errors`}${where ? ` (first at line ${where}: ${first?.message ?? ''})` : ''}. Check the preview.`,
          'csv',
        );
      }
      for (const step of steps) {
        if (step.kind === 'create') await insertAward(tx, actor, 'import', step.values);
        else if (step.kind === 'update') await updateAwardRow(tx, actor, 'import', step.before, step.set);
      }
      return { created: preview.summary.create, updated: preview.summary.update, unchanged: preview.summary.unchanged };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, 'ALREADY_EXISTS', 'Another award took one of these slugs meanwhile. Preview the file again.', 'csv');
    throw err;
  }
}
