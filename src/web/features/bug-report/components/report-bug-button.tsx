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
 * The floating 'Report Bug' button (spec §2): bottom right on every page, a round icon on phones, lifted above the
 * cookie banner and sticky action bars; Ctrl+Shift+B opens the same dialog from anywhere.
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
        className="fixed right-3 bottom-3 z-40 inline-flex size-11 items-center justify-center gap-2 rounded-full border border-brand-700/20 bg-white/95 text-sm font-semibold text-brand-700 shadow-card backdrop-blur transition-[bottom,background-color] hover:bg-brand-600 hover:text-white focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none motion-reduce:transition-none sm:right-5 sm:bottom-5 sm:h-11 sm:w-auto sm:px-4 print:hidden"
      >
        <Bug className="size-5 shrink-0 sm:size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Report Bug</span>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <BugReportDialog open={open} onOpenChange={setOpen} returnFocus={() => returnTo.current} />
        </Suspense>
      ) : null}
    </>
  );
}
