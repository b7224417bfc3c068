// Bundles the server (our code only; npm packages stay external) into dist/server.
// The certificate render processes run a second bundle beside it (docs/decisions/021).
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/server.ts', 'render-worker': 'src/server/modules/certificates/render-worker.ts' },
  outdir: 'dist/server',
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
console.log('server built → dist/server/server.mjs (+ render-worker.mjs)');
