import { z } from 'zod';

/** Every error the API returns has this shape (ARCHITECTURE.md: HTTP API). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The request field the error is about, when there is one (e.g. "is_active"). */
    field: z.string().optional(),
    /** The id of the request (also its X-Request-Id header and in the server's log lines): quote it to support. */
    request_id: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorResponses = {
  400: apiErrorSchema,
  404: apiErrorSchema,
} as const;
