// Runs after `npm install` / `npm ci` (the root `postinstall`, decision 113). npm checks every package's `engines`
// against the Node that runs npm itself — on a machine with only Node 20 that is not the Node that will run the
// project (npm's scripts find Node 24 from `node_modules/.bin` first), so `.npmrc` keeps npm's own warnings quiet
// and this script repeats the check against the Node that runs the scripts: the one that matters. A package that
// this Node does not satisfy is named here, as npm would have named it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
let semver;
try {
  semver = (await import('semver')).default;
} catch {
  // A production install without semver (it comes with Fastify, so this should not happen): nothing to check with.
  process.exit(0);
}

const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const unsupported = [];
for (const where of Object.keys(lock.packages)) {
  if (!where) continue;
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync(path.join(root, where, 'package.json'), 'utf8'));
  } catch {
    continue; // not installed here (another platform's optional package, or dev dependencies left out)
  }
  const wanted = pkg.engines?.node;
  if (typeof wanted !== 'string' || !semver.validRange(wanted)) continue;
  if (!semver.satisfies(process.version, wanted, { includePrerelease: true })) {
    unsupported.push(`${pkg.name}@${pkg.version} wants Node ${wanted}`);
  }
}

if (unsupported.length) {
  console.warn(
    `Certifiable runs on Node ${process.version} here, which ${unsupported.length} installed package(s) do not support:\n` +
      `  ${unsupported.join('\n  ')}\n` +
      'Use Node 24 LTS: `npm install` brings it for Linux and Windows (decision 113); elsewhere install it yourself.',
  );
}
