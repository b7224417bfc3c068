import { z } from 'zod';

/** A row of the admin user list (/admin/users). */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  email_verified: z.boolean(),
  roles: z.array(z.string()),
  is_admin: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  sign_in_methods: z.array(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const USERS_PAGE_SIZE = 25;

export const adminUserListQuerySchema = z
  .object({
    search: z.string().trim().max(100, { message: 'search must be at most 100 characters' }).optional(),
    page: z.coerce
      .number({ message: 'page must be a whole number from 1' })
      .int({ message: 'page must be a whole number from 1' })
      .min(1, { message: 'page must be a whole number from 1' })
      .max(100_000, { message: 'page must be a whole number from 1' })
      .default(1),
    page_size: z.coerce
      .number({ message: 'page_size must be a whole number from 1 to 100' })
      .int({ message: 'page_size must be a whole number from 1 to 100' })
      .min(1, { message: 'page_size must be a whole number from 1 to 100' })
      .max(100, { message: 'page_size must be a whole number from 1 to 100' })
      .default(USERS_PAGE_SIZE),
  })
  .strict();
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid({ message: 'id must be a user id (UUID)' }) }).strict();

/** PATCH /api/admin/users/:id — grant/revoke admin, disable/enable. Every change is audited. */
export const updateAdminUserBodySchema = z
  .object({
    is_admin: z.boolean({ message: 'is_admin must be true or false' }).optional(),
    disabled: z.boolean({ message: 'disabled must be true or false' }).optional(),
  })
  .strict()
  .refine((b) => b.is_admin !== undefined || b.disabled !== undefined, {
    message: 'Send is_admin and/or disabled',
  });
