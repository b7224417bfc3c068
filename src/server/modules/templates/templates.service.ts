import { asc, eq } from 'drizzle-orm';
import type { DesignTemplate } from '@/contract/templates';
import type { Db } from '@/server/db/client';
import { templates } from '@/server/db/schema/index';

export function toDesignTemplate(row: typeof templates.$inferSelect): DesignTemplate {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    css_classes: row.cssClasses,
    sort_order: row.sortOrder,
    is_active: row.isActive,
  };
}

/** Active design templates by sort_order (spec §7 "templates: select ordered by sort_order"). */
export async function listActiveTemplates(db: Db): Promise<DesignTemplate[]> {
  const rows = await db
    .select()
    .from(templates)
    .where(eq(templates.isActive, true))
    .orderBy(asc(templates.sortOrder), asc(templates.name));
  return rows.map(toDesignTemplate);
}
