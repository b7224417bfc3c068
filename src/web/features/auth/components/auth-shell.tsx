import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '@/web/components/layout/logo';
import { buttonVariants } from '@/web/components/ui/button';
import { getSiteSettings } from '@/web/lib/site-settings';

/** The sign-in pages' own frame (the site header is hidden there, spec §2). */
export function AuthShell({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  const brand = getSiteSettings().brand_name;
  return (
    <div className="relative px-4 py-8 sm:py-14">
      <div className="mx-auto flex max-w-md items-center justify-between gap-4">
        <Link to="/" className="rounded-lg text-ink" aria-label={`${brand} home`}>
          <Wordmark brand={brand} />
        </Link>
        <Link to="/" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" />
          Back to Site
        </Link>
      </div>
      <div className="mx-auto mt-8 max-w-md rounded-3xl border border-line bg-white p-6 shadow-card sm:p-8">
        <h1 className="text-3xl font-semibold">{title}</h1>
        <p className="mt-2 text-ink-soft">{lead}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
