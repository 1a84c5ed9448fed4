// Draws public/og-image.jpg (1200×630, the Open Graph preview) with Chromium. Run by hand when the
// brand changes: node site/scripts/make-og-image.mjs (needs /usr/bin/chromium or CHROMIUM_PATH).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const siteDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const art = readFileSync(path.join(siteDir, 'public/images/hero-network.svg'), 'utf8');
const logo = readFileSync(path.join(siteDir, 'public/favicon.svg'), 'utf8');

const html = `<!doctype html><html><head><style>
  body { margin: 0; width: 1200px; height: 630px; display: flex; align-items: center; gap: 40px; padding: 0 72px;
    box-sizing: border-box; font-family: 'Liberation Sans', Arial, sans-serif; color: #fff;
    background: radial-gradient(700px 420px at 100% 0%, rgba(140,201,165,.3), transparent 65%), linear-gradient(135deg, #0b4a3b, #06261e); }
  .text { flex: 1; }
  .brand { display: flex; align-items: center; gap: 16px; font-size: 30px; font-weight: 700; }
  .brand svg { width: 64px; height: 64px; }
  h1 { font-size: 60px; line-height: 1.08; margin: 36px 0 24px; letter-spacing: -1px; }
  h1 span { color: #8cc9a5; }
  p { font-size: 26px; line-height: 1.4; color: #d9e7e1; margin: 0; }
  .art svg { width: 400px; height: 350px; }
</style></head><body>
  <div class="text">
    <div class="brand">${logo}<span>Global Nutrition Network</span></div>
    <h1>Better nutrition care, <span>shared across borders</span></h1>
    <p>An international community of dietitians and nutritionists.</p>
  </div>
  <div class="art">${art}</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: path.join(siteDir, 'public/og-image.jpg'), type: 'jpeg', quality: 86 });
await browser.close();
console.log('wrote public/og-image.jpg');
