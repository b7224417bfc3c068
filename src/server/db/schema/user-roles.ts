import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const APP_ROLES = ['admin'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Spec §3 "User role row": admin = a row with role 'admin' for the user. */
export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<AppRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_roles_user_id_role_unique').on(t.userId, t.role),
    index('user_roles_role_idx').on(t.role),
    check('user_roles_role_check', sql`${t.role} in ('admin')`),
  ],
);
