import { afterEach, vi } from 'vitest';

// Component tests share a worker's loaded modules and its happy-dom page (vitest.config.ts, `isolate: false`). Each
// file starts afresh: our own modules load again — the toast store, the query client, the consent store keep state
// in a module — while React, Testing Library and the other packages stay loaded; and the page is as new: its first
// address, no cookie a script can see, empty storage, an empty document.
if (typeof document !== 'undefined') {
  vi.resetModules();
  const page = globalThis as typeof globalThis & { __firstHref?: string; happyDOM?: { setURL(url: string): void } };
  page.__firstHref ??= location.href;
  // Cookies of the host the last file left the page on (ports share cookies), then of the first address.
  const dropCookies = () => {
    for (const cookie of document.cookie.split('; ')) {
      const name = cookie.split('=')[0];
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  };
  dropCookies();
  page.happyDOM?.setURL(page.__firstHref);
  dropCookies();
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
}

// A stray console.error is a bug somewhere: fail the test that caused it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length) throw new Error(`console.error was called: ${seen.map((a) => a.join(' ')).join('\n')}`);
});

// Component tests (happy-dom): Testing Library's matchers, and a clean document after each test.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
