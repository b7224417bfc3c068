import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { serverOnlyExports } from './scripts/server-only-exports';

/**
 * The served page paints from its HTML (docs/decisions/089, 091), so the browser should fetch what that paint
 * needs before the code that only makes it interactive: the stylesheet moves to the top of <head>, and the
 * entry script and any chunk Vite preloads are asked for at low priority (the app itself is imported by the entry
 * once the page has painted, src/web/boot.ts).
 */
function paintFirst(): Plugin {
  return {
    name: 'certifiable:paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets: string[] = [];
        const withoutSheets = html.replace(/<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
          sheets.push(tag.trim());
          return '';
        });
        const viewport = /<meta name="viewport"[^>]*>/.exec(withoutSheets);
        if (!viewport || sheets.length === 0) throw new Error('paint-first: index.html needs a viewport meta tag and a stylesheet');
        const at = viewport.index + viewport[0].length;
        return (withoutSheets.slice(0, at) + `\n    ${sheets.join('\n    ')}` + withoutSheets.slice(at))
          .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
          .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ');
      },
    },
  };
}

const appEntry = fileURLToPath(new URL('./src/web/main.tsx', import.meta.url));
let appModules: Set<string> | undefined;

/**
 * One chunk for everything the app (main.tsx) imports statically: the entry script imports the app only once the
 * page has painted (src/web/boot.ts), which left the bundler splitting every module the app shares with a page
 * into a file of its own (a dozen 1–2 KB requests). Pages' own code still comes in their own chunks.
 */
function appChunk(id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }): string | null {
  if (!appModules) {
    appModules = new Set();
    const queue = [appEntry];
    while (queue.length) {
      const next = queue.pop()!;
      if (appModules.has(next)) continue;
      appModules.add(next);
      queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  // lucide-react's entry re-exports every icon, so following imports from the app reaches them all (and put every icon
  // any page draws into the app). Icons are left to the bundler: the app keeps the ones it uses itself, the rest go
  // with the pages that draw them — about 6 KB gzip off every first visit, for a few small requests more (decision 105).
  if (LUCIDE_ICON.test(id)) return null;
  return id !== appEntry && appModules.has(id) ? 'app' : null;
}
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

// The web app lives in src/web and builds to dist/web, which the Fastify server serves.
export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), paintFirst(), serverOnlyExports()],
  // "@/contract/…", "@/web/lib/…": one spelling from anywhere (tsconfig.json paths says the same).
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React Router's package exports only its development build (ENABLE_DEV_WARNINGS = true) to bundlers; the
      // browser's production bundle takes the production build beside it. The SSR bundle leaves react-router to
      // Node (external), so it is not aliased there: one copy of the router per process.
      ...(command === 'build' && !isSsrBuild
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : []),
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The server reads the manifest to precache the app shell in /sw.js.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    rolldownOptions: isSsrBuild ? {} : {
          output: {
            codeSplitting: {
              // Vite's preload helper apart: the entry script needs it to import the app, and must not wait for the app to get it.
              groups: [
                { name: 'preload-helper', test: /preload-helper/, priority: 2 },
                { name: appChunk, priority: 1 },
              ],
            },
          },
        },
  },
  // lucide-react's entry imports every one of its 4,806 icon modules: left external, the server loaded them all at each
  // start (150 ms). Bundled into the SSR build, only the icons the pages draw come along (docs/decisions/142).
  ssr: { noExternal: ['lucide-react'] },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sitemap.xml': 'http://localhost:3000',
      '/robots.txt': 'http://localhost:3000',
      '/sw.js': 'http://localhost:3000',
    },
  },
}));
