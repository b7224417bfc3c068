// Bundles the server, with the npm packages it uses (all but those listed in KEPT_EXTERNAL), into dist/server.
// The certificate render processes run a second bundle beside it (docs/decisions/021).
import { build } from 'esbuild';

// `--outdir <dir>`: somewhere else than dist/server (tests start real server processes from their own build, made
// from the sources as they are: src/server/test/processes.ts). Two levels below the project, as dist/server is: the
// server finds the project's files (migrations, the web build) from where it runs.
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : 'dist/server';
// `--packages-external`: every npm package left to Node, as the server was built before decision 142 (the comparison
// line of bench/server-start.ts only).
const allExternal = process.argv.includes('--packages-external');

/**
 * Packages left to Node, loaded from node_modules at run time; every other package the server imports is bundled
 * with it. Node resolves, reads and compiles each module of an external package at every start (2,758 files for the
 * server: kysely, stripe, pdf-lib, drizzle-orm …); bundled, a restart takes 0.6–0.8 of the CPU (docs/decisions/142).
 * These stay external because they need their own folder at run time, or are loaded only when configured:
 *  - @electric-sql/pglite: loads its WebAssembly and data files from beside its module;
 *  - pdfkit: reads its fonts' metrics from its own folder;
 *  - @resvg/resvg-js: a native addon;
 *  - pino, thread-stream: a transport runs in a worker thread that loads its files by path;
 *  - pg (and pg-native, should a bundled package ask for it): pg asks for the optional pg-native at run time;
 *  - @aws-sdk/client-s3: imported only when files are kept in S3 (a chunk of its own would be as large as the server);
 *  - @fastify/static, @fastify/swagger: serve files from their own folders.
 */
const KEPT_EXTERNAL = new Set(['@electric-sql/pglite', 'pdfkit', '@resvg/resvg-js', 'pino', 'thread-stream', 'pg', 'pg-native', '@aws-sdk/client-s3', '@fastify/static', '@fastify/swagger']);
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const keptExternal = {
  name: 'kept-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      !args.path.startsWith('@/') && KEPT_EXTERNAL.has(packageName(args.path)) ? { path: args.path, external: true } : undefined,
    );
  },
};

await build({
  entryPoints: { server: 'src/server/server.ts', 'render-worker': 'src/server/modules/certificates/render-worker.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  ...(allExternal
    ? { packages: 'external' }
    : {
        plugins: [keptExternal],
        // Bundled CommonJS packages ask for Node's own modules (and the external ones) with require(): an ES module has none.
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      }),
  // Dynamic imports become chunks of their own, so a module loaded only when configured (the S3 client) costs nothing otherwise.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server built → ${outdir}/server.mjs (+ render-worker.mjs)`);
