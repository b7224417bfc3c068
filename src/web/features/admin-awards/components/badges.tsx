import { FALLBACK_CATEGORY_COLOR } from '@/contract/catalog-constants';
import type { Category } from '@/contract/categories';

/** The category as the gallery colours it (fallback #6366f1), marked when it is hidden from the gallery. */
export function CategoryBadge({ category }: { category: Category | null }) {
  if (!category) return <span className="text-muted">Other Awards</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="size-3 shrink-0 rounded-full border border-ink/10" style={{ background: category.color ?? FALLBACK_CATEGORY_COLOR }} aria-hidden="true" />
      <span>{category.name}</span>
      {category.is_active ? null : <span className="text-xs text-muted">(hidden)</span>}
    </span>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-700/20">Active</span>
  ) : (
    <span className="rounded-full bg-paper-dark px-2.5 py-0.5 text-xs font-semibold text-ink-soft ring-1 ring-line">Inactive</span>
  );
}
