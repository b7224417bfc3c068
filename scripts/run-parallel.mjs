#!/usr/bin/env node
/**
 * Runs npm scripts side by side and fails if any of them fails: `node scripts/run-parallel.mjs typecheck lint build`.
 * `npm test` starts with the checks and the build this way (docs/decisions/124): the type checker and ESLint use one
 * core each and the build waits on its own files much of the time, so together they take about as long as the
 * longest of them. Each script's output is printed whole when it ends (not interleaved), headed by its time.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm[0], [...npm.slice(1), 'run', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.stack ?? err}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const ok = code === 0;
      process.stdout.write(`\n--- npm run ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(ok);
    });
  });
}

const results = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\n${failed.map((s) => `npm run ${s}`).join(', ')} failed`);
  process.exit(1);
}
