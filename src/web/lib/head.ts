import { useEffect, useRef, useSyncExternalStore } from 'react';
import type * as SeoModule from '@/contract/seo';
import type { HeadOverrides, HeadTag } from '@/contract/seo';
import { publicOrigin } from './absolute-url';
import { pageHeadsFor } from './lazy-page';
import { getSiteSettings } from './site-settings';

export type { HeadOverrides };

/** Replaces every tag the server (or a previous page) wrote with this page's tags. */
export function applyHeadTags(tags: HeadTag[], doc: Document = document) {
  doc.head.querySelectorAll('[data-head]').forEach((el) => el.remove());
  for (const t of tags) {
    const el = doc.createElement(t.tag);
    for (const [k, v] of Object.entries(t.attrs)) el.setAttribute(k, v);
    el.setAttribute('data-head', '');
    if (t.text !== undefined) el.textContent = t.text;
    doc.head.appendChild(el);
  }
}

let overrides: { pathname: string; value: HeadOverrides } | null = null;
const listeners = new Set<() => void>();

/** A page whose title or image depend on data sets them here; they apply while it is shown. */
export function useHeadOverrides(pathname: string, value: HeadOverrides | null) {
  const key = value ? JSON.stringify(value) : '';
  useEffect(() => {
    if (!key) return;
    overrides = { pathname, value: JSON.parse(key) as HeadOverrides };
    listeners.forEach((l) => l());
    return () => {
      overrides = null;
      listeners.forEach((l) => l());
    };
  }, [pathname, key]);
}

function useOverridesFor(pathname: string): HeadOverrides | undefined {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => overrides,
    () => overrides,
  );
  return current?.pathname === pathname ? current.value : undefined;
}

let seo: Promise<typeof SeoModule> | null = null;
/** The head-tag builder (with the FAQ's JSON-LD), fetched at the first navigation rather than with the first page. */
const loadSeo = () => (seo ??= import('@/contract/seo'));

/**
 * Keeps <head> in step with the route: title, description, canonical, social cards, JSON-LD. The page the
 * browser loaded already has its head from the server (modules/seo/html-shell.ts), so nothing is redone until
 * the reader navigates or the page sets data-dependent overrides.
 */
export function usePageHead(pathname: string) {
  const extra = useOverridesFor(pathname);
  const served = useRef<string | null>(pathname);
  useEffect(() => {
    if (served.current === pathname && !extra) return;
    served.current = null;
    let live = true;
    // The page's head is its route module's (docs/decisions/126), with those of the pages its breadcrumb passes.
    void Promise.all([loadSeo(), pageHeadsFor(pathname)]).then(([{ buildHeadTags }, { page, pages }]) => {
      if (!live) return;
      const settings = getSiteSettings();
      applyHeadTags(
        buildHeadTags(page, {
          // PUBLIC_URL, as the server wrote it: never the host this page happens to be opened on (decision 121).
          origin: publicOrigin(),
          pathname,
          brand: settings.brand_name,
          company: settings.company_name,
          social: Object.values(settings.social),
          features: settings.features,
          pages,
          ...extra,
        }),
      );
    });
    return () => {
      live = false;
    };
  }, [pathname, extra]);
}
