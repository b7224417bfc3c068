import { z } from 'zod';
import { BUG_LIMITS, BUG_SEVERITIES, createBugFieldsSchema } from '@/contract/bug-reports';

const mb = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} can be at most ${max} characters. The essentials will do.` })
    .transform((v) => v || undefined);

/**
 * An optional attachment: `kind` is the MIME family the input accepts (spec §5: images for the screenshot,
 * videos for the recording); the size limits are the server's (BUG_LIMITS), so the visitor learns before uploading.
 */
const attachment = (kind: 'image' | 'video', max: number, label: string, example: string) =>
  z
    .custom<File | null>((v) => v === null || v === undefined || v instanceof Blob, { message: `${label} must be a file` })
    .optional()
    .superRefine((file, ctx) => {
      if (!file) return;
      if (!file.type.startsWith(`${kind}/`)) {
        ctx.addIssue({ code: 'custom', message: `“${file.name}” is not ${kind === 'image' ? 'an image' : 'a video'}. Attach ${example}.` });
      } else if (file.size > max) {
        ctx.addIssue({ code: 'custom', message: `“${file.name}” is ${mb(file.size)}, over the ${mb(max)} limit. Crop or trim it and try again.` });
      }
    })
    .transform((file) => file ?? undefined);

/** The bug dialog's form (spec §5): the title rule is the server's own; empty optional fields become undefined. */
export const bugReportFormSchema = z.object({
  title: createBugFieldsSchema.shape.title,
  description: optionalText('What happened', BUG_LIMITS.descriptionMax),
  steps_to_repro: optionalText('Steps to reproduce', BUG_LIMITS.stepsMax),
  severity: z.enum(BUG_SEVERITIES),
  reporter_email: z
    .string()
    .trim()
    .max(BUG_LIMITS.emailMax)
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'Enter an email address like name@example.com, or leave it empty.' })
    .transform((v) => v || undefined),
  screenshot: attachment('image', BUG_LIMITS.screenshotMaxBytes, 'Screenshot', 'a PNG, JPEG, WebP or GIF picture'),
  repro_video: attachment('video', BUG_LIMITS.videoMaxBytes, 'Screen recording', 'an MP4, WebM or MOV recording'),
});

export type BugReportFormValues = z.input<typeof bugReportFormSchema>;

export const emptyBugReport = (email = ''): BugReportFormValues => ({
  title: '',
  description: '',
  steps_to_repro: '',
  severity: 'medium',
  reporter_email: email,
  screenshot: null,
  repro_video: null,
});
