import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/** Whether a click on `target` follows a link to another page of this site in this tab: the href to go to, or null. */
function internalLeave(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  // Another site: the page unloads, and the browser's own question (beforeunload) asks.
  if (url.origin !== window.location.origin) return null;
  // A jump within this page (the settings' section links) keeps everything.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Keeps unsaved edits while `when` is true (docs/decisions/106): closing, reloading or leaving the site asks the
 * browser's own question, and following a link to another page of the app asks first in our dialog. The app runs
 * on a declarative BrowserRouter, which has no navigation blocker, so links are caught on the document in the
 * capture phase, before React Router's Link sees the click. The back button is not caught: a browser gives a page
 * no way to ask before a step back within it.
 */
export function UnsavedChangesGuard({ when, what = 'Your changes' }: { when: boolean; what?: string }) {
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = internalLeave(event);
      if (to === null) return;
      event.preventDefault();
      setLeavingTo(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  return (
    <ConfirmDialog
      open={leavingTo !== null}
      title="Leave without saving?"
      description={`${what} are not saved yet. Leave this page and they are gone.`}
      confirmLabel="Leave without saving"
      destructive
      onCancel={() => setLeavingTo(null)}
      onConfirm={() => {
        const to = leavingTo;
        setLeavingTo(null);
        if (to !== null) void navigate(to);
      }}
    />
  );
}
