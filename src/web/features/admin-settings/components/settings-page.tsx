import { ExternalLink } from 'lucide-react';
import { useCallback, useState } from 'react';
import { SETTINGS_GROUP_LABELS, SETTINGS_GROUPS, type SettingsGroup } from '@/contract/admin-settings';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { UnsavedChangesGuard } from '@/web/components/admin/unsaved-changes-guard';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { useSettings } from '../api/get-settings';
import { FunnelSection, ShopSection } from './shop-sections';
import { SignInMethodsNote } from './sign-in-methods-note';
import { BrandSection, ContactSection, FeaturesSection, HomeSection } from './site-sections';

/**
 * /admin/settings (issue 14, docs/decisions/104): one section per group, each its own form with its own Save, so a
 * half-finished shop change never rides along with a new brand name. Unsaved sections are marked in the list on
 * the left, and leaving or reloading the page with one asks first (UnsavedChangesGuard).
 */
export function SettingsPage() {
  const settings = useSettings();
  const [dirty, setDirty] = useState<ReadonlySet<SettingsGroup>>(new Set());
  const onDirty = useCallback((group: SettingsGroup, isDirty: boolean) => {
    setDirty((prev) => {
      if (prev.has(group) === isDirty) return prev;
      const next = new Set(prev);
      if (isDirty) next.add(group);
      else next.delete(group);
      return next;
    });
  }, []);


  const data = settings.data;
  return (
    <section>
      <UnsavedChangesGuard when={dirty.size > 0} what="Your changes to the settings" />
      <AdminPageHeader
        title="Settings"
        lead="What the site says about itself, what the shop charges and which parts are switched on. Every save is checked, written to the audit log and shown on the site at once."
        actions={
          <a href="/" target="_blank" rel="noopener" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            Open the site <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        }
      />

      <SignInMethodsNote className="mt-6" />

      {settings.isError ? (
        <Notice tone="error" title="The settings did not load" className="mt-6">
          {settings.error.message}{' '}
          <Button variant="link" className="h-auto" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : null}

      <div className="mt-4 grid grid-cols-1 gap-6">
        <nav aria-label="Settings sections" className="sticky top-16 z-10 -mx-1 bg-paper/95 px-1 py-2 backdrop-blur">
          <ul className="flex snap-x snap-proximity gap-1.5 overflow-x-auto overscroll-x-contain">
            {SETTINGS_GROUPS.map((g) => (
              <li key={g} className="shrink-0 snap-start">
                <a
                  href={`#settings-${g}`}
                  className={cn(
                    'inline-flex items-center gap-2 rounded-full border border-line bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap hover:border-ink',
                    dirty.has(g) && 'border-brand-600 text-brand-700',
                  )}
                >
                  {SETTINGS_GROUP_LABELS[g]}
                  {dirty.has(g) ? (
                    <>
                      <span className="size-2 rounded-full bg-brand-600" aria-hidden="true" />
                      <span className="sr-only">(unsaved changes)</span>
                    </>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="grid min-w-0 gap-6">
          {data ? (
            <>
              <BrandSection settings={data} onDirty={onDirty} />
              <ContactSection settings={data} onDirty={onDirty} />
              <HomeSection settings={data} onDirty={onDirty} />
              <ShopSection settings={data} onDirty={onDirty} />
              <FunnelSection settings={data} onDirty={onDirty} />
              <FeaturesSection settings={data} onDirty={onDirty} />
            </>
          ) : settings.isError ? null : (
            <div className="grid gap-6" aria-busy="true" aria-label="Loading settings">
              {SETTINGS_GROUPS.map((g) => (
                <Skeleton key={g} className="h-56 w-full rounded-3xl" />
              ))}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
