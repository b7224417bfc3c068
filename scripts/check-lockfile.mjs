// Fails when package-lock.json lacks an optional dependency some package declares. This registry
// mirror sometimes lacks other platforms' builds of a fresh release; npm install then leaves them out
// of the lock and `npm ci` on a clean clone refuses to run. Pin an older version when this fires.
import fs from 'node:fs';

const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const pkgs = lock.packages;
const missing = [];
for (const [where, info] of Object.entries(pkgs)) {
  for (const dep of Object.keys(info.optionalDependencies ?? {})) {
    let base = where;
    let found = false;
    for (;;) {
      if (pkgs[`${base ? `${base}/` : ''}node_modules/${dep}`]) {
        found = true;
        break;
      }
      if (!base) break;
      const i = base.lastIndexOf('/node_modules/');
      base = i >= 0 ? base.slice(0, i) : '';
    }
    if (!found) missing.push(`${dep} (optional dependency of ${where || 'the project'})`);
  }
}
if (missing.length) {
  console.error(`package-lock.json is missing entries that npm ci will demand:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log('package-lock.json: complete');
