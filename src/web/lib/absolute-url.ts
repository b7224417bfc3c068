import { getSiteSettings } from './site-settings';

/**
 * The site's public origin (PUBLIC_URL, written into the page by the server): the host of every address that
 * leaves the site — a link someone copies or shares, the canonical link, link-preview images (docs/decisions/121).
 * Whatever host name this page was opened on (an internal name, 127.0.0.1, a preview deploy) stays inside.
 * The browser's own origin only when the page carries none (a page not served by our server).
 */
export function publicOrigin(): string {
  const configured = getSiteSettings().public_url;
  if (configured) return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * The API gives same-origin paths (docs/decisions/037). A link someone copies or shares leaves the site, so it is
 * made whole on the public origin.
 */
export function absoluteUrl(path: string, origin: string = publicOrigin()): string {
  return new URL(path, origin).href;
}
