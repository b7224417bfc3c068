import type { UseFormRegisterReturn } from 'react-hook-form';
import type { DesignTemplate } from '@/contract/templates';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { TemplateSwatch } from './template-swatch';

/** The design as a row of radio cards: arrow keys move between them, the preview follows. */
export function TemplatePicker({
  templates,
  loading,
  value,
  field,
}: {
  templates: DesignTemplate[] | undefined;
  loading: boolean;
  value: string;
  field: UseFormRegisterReturn<'template_id'>;
}) {
  if (loading && !templates) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {(templates ?? []).map((t, i) => {
        const checked = value ? value === t.id : i === 0;
        return (
          <label
            key={t.id}
            className={cn(
              'group relative flex cursor-pointer flex-col gap-2 rounded-2xl border-2 bg-white p-2.5 transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-200',
              checked ? 'border-brand-600' : 'border-line hover:border-ink/40',
            )}
          >
            <input type="radio" value={t.id} {...field} checked={checked} className="sr-only" />
            <TemplateSwatch slug={t.slug} />
            <span className="text-sm leading-tight font-semibold">{t.name}</span>
            {checked ? (
              <span className="absolute top-1.5 right-1.5 rounded-full bg-brand-600 px-2 py-0.5 text-[0.65rem] font-bold tracking-wide text-white uppercase">
                Chosen
              </span>
            ) : null}
          </label>
        );
      })}
    </div>
  );
}
