import { z } from 'zod';
import { AWARD_LIMITS, SLUG_PATTERN, awardBodySchema, type AdminAward, type AwardBody } from '@/contract/admin-awards';
import { statValue } from '@/contract/award-stats';

/** The category select: decided by auto_assign_category (new awards only), none (Other Awards), or a category id. */
export const AUTO_CATEGORY = 'auto';
export const NO_CATEGORY = 'none';

/**
 * The award form: the contract's own rules for each field (docs/decisions/060), with what a form holds as text
 * (sort order, the stats as rows of label and value, the category choice) turned into the API's body on submit.
 */
export const awardFormSchema = z
  .object({
    title: awardBodySchema.shape.title,
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || (SLUG_PATTERN.test(v) && v.length <= AWARD_LIMITS.slug), { message: 'Use lower-case letters, digits and single hyphens' }),
    description: z.string().max(AWARD_LIMITS.description, { message: `At most ${AWARD_LIMITS.description} characters` }),
    tagline: z.string().max(AWARD_LIMITS.tagline, { message: `At most ${AWARD_LIMITS.tagline} characters` }),
    category: z.string(),
    is_active: z.boolean(),
    sort_order: z
      .string()
      .trim()
      .regex(/^-?\d{1,10}$/, { message: 'Sort order must be a whole number' })
      .transform(Number)
      .pipe(z.number().min(-1_000_000_000, { message: 'Sort order is out of range' }).max(1_000_000_000, { message: 'Sort order is out of range' })),
    stats: z
      .array(
        z.object({
          key: z.string().trim().max(AWARD_LIMITS.statKey, { message: `At most ${AWARD_LIMITS.statKey} characters` }),
          value: z.string().trim().max(AWARD_LIMITS.statValue, { message: `At most ${AWARD_LIMITS.statValue} characters` }),
        }),
      )
      .max(AWARD_LIMITS.statsPairs, { message: `At most ${AWARD_LIMITS.statsPairs} stats` })
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((r, i) => {
          if (!r.key && r.value) ctx.addIssue({ code: 'custom', message: 'Give this value a label', path: [i, 'key'] });
          if (r.key && seen.has(r.key.toLowerCase())) ctx.addIssue({ code: 'custom', message: 'This label is already used', path: [i, 'key'] });
          seen.add(r.key.toLowerCase());
        });
      }),
  })
  .transform((v) => {
    const body: AwardBody = {
      title: v.title,
      description: v.description,
      tagline: v.tagline,
      is_active: v.is_active,
      sort_order: v.sort_order,
      stats: Object.fromEntries(v.stats.filter((r) => r.key).map((r) => [r.key, statValue(r.value)])),
      ...(v.slug ? { slug: v.slug } : {}),
      ...(v.category === AUTO_CATEGORY ? {} : { category_id: v.category === NO_CATEGORY ? null : v.category }),
    };
    return body;
  });
export type AwardFormValues = z.input<typeof awardFormSchema>;

export function awardFormValues(award: AdminAward | null): AwardFormValues {
  if (!award) return { title: '', slug: '', description: '', tagline: '', category: AUTO_CATEGORY, is_active: true, sort_order: '0', stats: [] };
  return {
    title: award.title,
    slug: award.slug,
    description: award.description,
    tagline: award.tagline ?? '',
    category: award.category_id ?? NO_CATEGORY,
    is_active: award.is_active,
    sort_order: String(award.sort_order),
    stats: Object.entries(award.stats).map(([key, value]) => ({ key, value: String(value) })),
  };
}
