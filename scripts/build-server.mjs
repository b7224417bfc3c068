// Bundles the server (our code only; npm packages stay external) into dist/server.
// The certificate render processes run a second bundle beside it (docs/decisions/021).
import { build } from 'esbuild';

// `--outdir <dir>`: somewhere else than dist/server (tests start real server processes from their own build, made
// from the sources as they are: src/server/test/processes.ts). Two levels below the project, as dist/server is: the
// server finds the project's files (migrations, the web build) from where it runs.
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : 'dist/server';

await build({
  entryPoints: { server: 'src/server/server.ts', 'render-worker': 'src/server/modules/certificates/render-worker.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  // Dynamic imports become chunks of their own, so a module loaded only when configured (the S3 client) costs nothing otherwise.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server built → ${outdir}/server.mjs (+ render-worker.mjs)`);
