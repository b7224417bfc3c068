import { parseAst, type Plugin } from 'vite';

/**
 * What a route module exports for the server alone (docs/decisions/126): `serverRender` prefetches the page's data for
 * its server render. The browser never reads it, but a bundler must keep every export of a module that is imported
 * dynamically, and with it everything it uses (the prefetching helpers, API options only the server calls) — about
 * 1 KB gzip on every public page's first visit. As React Router and Next.js do with their loaders, the browser's build
 * drops these exports from route modules before bundling, and tree-shaking drops what only they used (decision 145).
 */
export const SERVER_ONLY_EXPORTS = ['serverRender'] as const;

const ROUTE_MODULE = /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/].*\.tsx$/;

/**
 * The module's source with each `export const <server-only> = …;` blanked out: the same length and line breaks, so
 * every other position (and the source map) stays as it was. Null when the module exports none of them.
 */
export function withoutServerOnlyExports(code: string, file: string): string | null {
  if (!SERVER_ONLY_EXPORTS.some((name) => code.includes(name))) return null;
  const program = parseAst(code, { lang: 'tsx', sourceType: 'module' }, file);
  const spans: [number, number][] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.declaration?.type !== 'VariableDeclaration') continue;
    const names = statement.declaration.declarations.map((d) => (d.id.type === 'Identifier' ? d.id.name : ''));
    if (!names.some((n) => (SERVER_ONLY_EXPORTS as readonly string[]).includes(n))) continue;
    if (names.length !== 1) throw new Error(`${file}: declare ${names.join(', ')} one per statement (server-only exports)`);
    spans.push([statement.start, statement.end]);
  }
  if (spans.length === 0) return null;
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    out += code.slice(at, start) + code.slice(start, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  return out + code.slice(at);
}

/** The browser build's side of the above; the server render bundle keeps the exports. */
export function serverOnlyExports(): Plugin {
  return {
    name: 'certifiable:server-only-exports',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: ROUTE_MODULE },
      handler(code, id) {
        if (this.environment.config.consumer !== 'client') return null;
        const stripped = withoutServerOnlyExports(code, id);
        return stripped === null ? null : { code: stripped, map: null };
      },
    },
  };
}
