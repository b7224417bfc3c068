// Bundles the server (our code only; npm packages stay external) into dist/server.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/server.ts' },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built → dist/server/server.mjs');
