/**
 * The API gives same-origin paths (docs/decisions/037). A link someone copies or shares leaves the
 * site, so it is made whole on the host name this page was opened with, which is known to work.
 */
export function absoluteUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).href;
}
