/**
 * Zod compiles object parsers with `new Function` after probing whether eval is allowed; in the browser our
 * Content-Security-Policy forbids eval, so the probe itself is a CSP violation that Chromium reports as an
 * issue (Lighthouse's best-practices "inspector-issues"). Browser-side parsing is small, so skip the compiler
 * there; the server (same modules under SSR) keeps the compiled parsers.
 *
 * This is `z.config({ jitless: true })` without importing zod: zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (zod/v4/core/core.js) and adopts an object already there, and importing
 * even `config` would put zod's core on the first page (≈ 10 KB) where no schema is needed yet.
 */
if (typeof document !== 'undefined') {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (scope.__zod_globalConfig ??= {}).jitless = true;
}

export {};
