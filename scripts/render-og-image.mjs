// Renders the default link-preview image (1200×630) with Debian's Chromium and the shipped fonts.
// Run after changing the brand look: node scripts/render-og-image.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const font = (pkg, file) => fs.readFileSync(path.join(root, 'node_modules', pkg, 'files', file)).toString('base64');
const seal = fs.readFileSync(path.join(root, 'src/web/public/favicon.svg'), 'utf8');
const awardFiles = fs.readdirSync(path.join(root, 'src/web/public/awards')).slice(0, 6);
const badges = awardFiles.map((f) => `data:image/svg+xml;base64,${fs.readFileSync(path.join(root, 'src/web/public/awards', f)).toString('base64')}`);

const html = `<!doctype html><html><head><style>
@font-face { font-family: Fraunces; src: url(data:font/woff2;base64,${font('@fontsource-variable/fraunces', 'fraunces-latin-wght-normal.woff2')}) format('woff2'); font-weight: 100 900; }
@font-face { font-family: FrauncesItalic; src: url(data:font/woff2;base64,${font('@fontsource-variable/fraunces', 'fraunces-latin-wght-italic.woff2')}) format('woff2'); font-weight: 100 900; }
@font-face { font-family: Inter; src: url(data:font/woff2;base64,${font('@fontsource-variable/inter', 'inter-latin-wght-normal.woff2')}) format('woff2'); font-weight: 100 900; }
* { margin: 0; box-sizing: border-box; }
body { width: 1200px; height: 630px; background: #fff8ef; font-family: Inter; color: #1f1a17; overflow: hidden; position: relative; }
.rings { position: absolute; inset: 0; background: repeating-radial-gradient(circle at 85% 40%, rgba(200,16,46,.09) 0 2px, transparent 2px 26px); }
.bar { position: absolute; left: 0; top: 0; bottom: 0; width: 28px; background: #c8102e; }
.content { position: absolute; left: 90px; top: 80px; width: 640px; }
.brand { display: flex; align-items: center; gap: 16px; font-family: Fraunces; font-weight: 600; font-size: 44px; }
.brand svg { width: 64px; height: 64px; }
h1 { margin-top: 44px; font-family: Fraunces; font-weight: 650; font-size: 76px; line-height: 1.02; letter-spacing: -1.5px; }
h1 em { font-family: FrauncesItalic; color: #c8102e; }
p { margin-top: 28px; font-size: 28px; color: #4a403a; line-height: 1.35; }
.grid { position: absolute; right: 70px; top: 95px; display: grid; grid-template-columns: repeat(2, 190px); gap: 26px; transform: rotate(-4deg); }
.grid img { width: 190px; height: 190px; filter: drop-shadow(0 14px 18px rgba(31,26,23,.25)); }
</style></head><body>
<div class="rings"></div><div class="bar"></div>
<div class="content">
  <div class="brand">${seal}<span>Certifiable</span></div>
  <h1>Official awards for gloriously <em>unofficial</em> achievements.</h1>
  <p>Nominate a friend. Share the certificate. Print it, frame it, ship it worldwide.</p>
</div>
<div class="grid">${badges.map((b) => `<img src="${b}" alt="">`).join('')}</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html, { waitUntil: 'load' });
await page.evaluate(() => document.fonts.ready);
const out = path.join(root, 'src/web/public/og-image.png');
await page.screenshot({ path: out, type: 'png' });
await browser.close();
console.log(`wrote ${path.relative(root, out)}`);
