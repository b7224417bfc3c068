import { Bug } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useConsent } from '@/web/lib/consent-store';

// Only fetched when someone opens it (or points at the button): the first page carries the button, not the form.
const loadDialog = () => import('./bug-report-dialog');
const BugReportDialog = lazy(loadDialog);

/** Spec §9: Ctrl+Shift+B (⌘+Shift+B on a Mac) opens the bug dialog. */
export function isBugHotkey(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'key' | 'code'>): boolean {
  return (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && (e.code === 'KeyB' || e.key.toLowerCase() === 'b');
}

/**
 * How far the button must rise to stay clear of what is docked at the bottom right of the screen: the cookie banner,
 * or a page's sticky action bar (the nominate form's on phones). Anything fixed or sticky in the lower half of the
 * screen that reaches its bottom edge and its right-hand side counts.
 */
function bottomObstruction(): number {
  const vh = window.innerHeight;
  const vw = window.innerWidth;
  let lift = 0;
  for (const el of document.querySelectorAll<HTMLElement>('[aria-label="Cookie consent"], main .sticky, main .fixed')) {
    const { position } = getComputedStyle(el);
    if (position !== 'fixed' && position !== 'sticky') continue;
    const r = el.getBoundingClientRect();
    if (r.height === 0 || r.top < vh / 2 || r.bottom < vh - 2 || r.right < vw - 72) continue;
    lift = Math.max(lift, vh - r.top);
  }
  return Math.round(lift);
}

function useBottomObstruction(): number {
  const { pathname } = useLocation();
  const { bannerVisible } = useConsent();
  const [lift, setLift] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setLift(bottomObstruction()));
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    // A lazily loaded page, or a banner that wraps to more lines, changes what is at the bottom.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      resized?.disconnect();
    };
  }, [pathname, bannerVisible]);
  return lift;
}

/**
 * The 'Report Bug' button (spec §2): floating bottom right from the `sm` breakpoint up, lifted above the cookie banner
 * and sticky action bars; on a phone the last row of the page, under the footer, where it covers nothing
 * (docs/decisions/120). Ctrl+Shift+B opens the same dialog from anywhere.
 */
export function ReportBugButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const lift = useBottomObstruction();
  const button = useRef<HTMLButtonElement>(null);
  // Opened from the keyboard shortcut, focus goes back to where it was; from the button, to the button.
  const returnTo = useRef<HTMLElement | null>(null);
  const show = useCallback(() => {
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : button.current;
    setLoaded(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isBugHotkey(e)) return;
      e.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  const preload = () => void loadDialog().catch(() => undefined);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
        aria-label="Report Bug"
        aria-keyshortcuts="Control+Shift+B"
        aria-haspopup="dialog"
        title="Report Bug (Ctrl+Shift+B)"
        style={lift ? { bottom: `calc(${lift}px + 0.75rem)` } : undefined}
        className="flex w-full items-center justify-center gap-2 border-t border-white/10 bg-ink py-4 text-sm font-semibold text-[#f3ebe2] underline-offset-4 hover:text-white hover:underline focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none max-sm:focus-visible:ring-inset sm:fixed sm:right-5 sm:bottom-5 sm:z-40 sm:h-11 sm:w-auto sm:rounded-full sm:border sm:border-brand-700/20 sm:bg-white/95 sm:px-4 sm:py-0 sm:text-brand-700 sm:shadow-card sm:backdrop-blur sm:transition-[bottom,background-color] sm:hover:bg-brand-600 sm:hover:text-white sm:hover:no-underline motion-reduce:transition-none print:hidden"
      >
        <Bug className="size-4 shrink-0" aria-hidden="true" />
        Report Bug
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <BugReportDialog open={open} onOpenChange={setOpen} returnFocus={() => returnTo.current} />
        </Suspense>
      ) : null}
    </>
  );
}
