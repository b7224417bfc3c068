import { z } from 'zod';

/** Printing and shipping (issue 10, docs/decisions/083 and 085): admin tools, shipment updates, jobs. */

const text = (field: string, max: number) => z.string({ message: `${field} must be text` }).trim().max(max, { message: `${field} must be at most ${max} characters` });

// ---------- spec §7 fetch-all-printful-templates / sync-printful-products ----------

export const printTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_name: z.string(),
  variant_ids: z.array(z.number().int()),
  is_default: z.boolean(),
  created: z.string(),
});
export type PrintTemplate = z.infer<typeof printTemplateSchema>;

export const printProductSchema = z.object({ id: z.number().int(), name: z.string(), thumbnail_url: z.string().nullable() });
export type PrintProduct = z.infer<typeof printProductSchema>;

export const fetchTemplatesResponseSchema = z.object({
  success: z.boolean(),
  templates: z.array(printTemplateSchema),
  products: z.array(printProductSchema),
  summary: z.object({ total_products: z.number().int(), total_templates: z.number().int() }),
  error: z.string().nullable(),
});
export type FetchTemplatesResponse = z.infer<typeof fetchTemplatesResponseSchema>;

export const syncProductsResponseSchema = z.object({ message: z.string() });
export type SyncProductsResponse = z.infer<typeof syncProductsResponseSchema>;

// ---------- award_product_templates (spec §3/§7) ----------

export const awardProductTemplateSchema = z.object({
  id: z.uuid(),
  award_id: z.uuid(),
  award_title: z.string(),
  product_id: z.uuid().nullable(),
  product_name: z.string().nullable(),
  variant_id: z.uuid().nullable(),
  variant_name: z.string().nullable(),
  base_template_id: z.string().nullable(),
  generated_template_id: z.string().nullable(),
  mockup_url: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type AwardProductTemplate = z.infer<typeof awardProductTemplateSchema>;
export const awardProductTemplateListSchema = z.object({ mappings: z.array(awardProductTemplateSchema) });

const optionalRef = (field: string) =>
  text(field, 100)
    .transform((v) => v || null)
    .nullable()
    .optional();

export const awardProductTemplateBodySchema = z
  .object({
    award_id: z.uuid({ message: 'award_id must be an award id' }),
    product_id: z.uuid({ message: 'product_id must be a product id' }),
    variant_id: z.uuid({ message: 'variant_id must be a variant id' }).nullable().optional(),
    base_template_id: optionalRef('base_template_id'),
    generated_template_id: optionalRef('generated_template_id'),
    mockup_url: text('mockup_url', 500)
      .refine((v) => v === '' || v.startsWith('/') || v.startsWith('https://'), { message: 'mockup_url must be a path on this site (/…) or an https:// address' })
      .transform((v) => v || null)
      .nullable()
      .optional(),
    is_active: z.boolean({ message: 'is_active must be true or false' }).default(true),
  })
  .strict();
export type AwardProductTemplateBody = z.input<typeof awardProductTemplateBodySchema>;
export const awardProductTemplatePatchSchema = awardProductTemplateBodySchema.partial().strict();
export const mappingParamsSchema = z.object({ mappingId: z.uuid({ message: 'mappingId must be a mapping id' }) });

// ---------- admin order fulfilment ----------

export const markShippedBodySchema = z
  .object({
    carrier: text('carrier', 60).min(1, { message: 'Carrier is required' }),
    tracking_number: text('tracking_number', 80).min(1, { message: 'Tracking number is required' }),
    tracking_url: text('tracking_url', 500)
      .refine((v) => v === '' || /^https:\/\//.test(v), { message: 'tracking_url must be an https:// address' })
      .optional(),
  })
  .strict();
export type MarkShippedBody = z.input<typeof markShippedBodySchema>;

// ---------- jobs ----------

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: jobStateSchema,
  data: z.unknown(),
  /** The error of the last failed attempt, when there was one. */
  error: z.string().nullable(),
  retry_count: z.number().int(),
  retry_limit: z.number().int(),
  created_on: z.string(),
  start_after: z.string(),
  started_on: z.string().nullable(),
  completed_on: z.string().nullable(),
});
export type JobView = z.infer<typeof jobSchema>;

export const jobsQuerySchema = z.object({
  state: z.enum([...JOB_STATES, 'waiting'], { message: 'state must be waiting, created, retry, active, completed, cancelled or failed' }).optional(),
  name: text('name', 80).optional(),
});
export const jobListSchema = z.object({
  jobs: z.array(jobSchema),
  counts: z.array(z.object({ name: z.string(), state: jobStateSchema, count: z.number().int() })),
  queues: z.array(z.string()),
});
export type JobList = z.infer<typeof jobListSchema>;
export const jobParamsSchema = z.object({ name: text('name', 80).min(1), jobId: z.uuid({ message: 'jobId must be a job id' }) });
