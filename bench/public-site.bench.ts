/**
 * The public website's quality bars (issue 5): Lighthouse 12, mobile preset, on /, /services,
 * /reviews and /quote against the built SPA served by the real server; then the JavaScript each
 * public page loads (gzipped) and a check that no back-office code is among it.
 * Needs the full build (`npm run build`: the SPA and the prerendered public pages, which are
 * what visitors get first) and Debian's chromium (CHROME_PATH, default /usr/bin/chromium).
 * Run: `node bench/public-site.bench.ts` (or `npm run bench public-site`). Exits 1 when a budget is missed.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { startServer } from '../test/support/server-process.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/services', '/reviews', '/quote'];
const ALL_PUBLIC = ['/', '/services', '/support', '/contact', '/reviews', '/quote'];
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100, lcpMs: 1800, cls: 0.05, tbtMs: 100, entryJsKb: 120 };
/** Text only back-office code contains: its API paths and the chart library. */
const BACK_OFFICE_MARKERS = ['/api/admin/', 'recharts'];

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

async function lighthouseRows(baseUrl: string): Promise<Row[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      const result = await lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { categories, audits } = result.lhr;
      if (result.lhr.runtimeError) console.log(`  ${page}: Lighthouse error ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      rows.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      });
      const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
      if (failing.length) console.log(`  ${page}: failing audits: ${failing.map((a) => a.id).join(', ')}`);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

/** The JS each public page loads (first visit), gzipped, and any back-office chunk among it. */
async function scriptsPerPage(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const out: { page: string; jsKb: number; files: number; backOffice: string[] }[] = [];
  try {
    for (const page of ALL_PUBLIC) {
      const context = await browser.newContext();
      const p = await context.newPage();
      const bodies = new Map<string, Buffer>();
      p.on('response', async (res) => {
        if (res.request().resourceType() === 'script') bodies.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
      });
      await p.goto(`${baseUrl}${page}`, { waitUntil: 'networkidle' });
      let gz = 0;
      const backOffice: string[] = [];
      for (const [url, body] of bodies) {
        gz += gzipSync(body).length;
        const text = body.toString('utf8');
        if (BACK_OFFICE_MARKERS.some((m) => text.includes(m))) backOffice.push(new URL(url).pathname);
      }
      out.push({ page, jsKb: Number((gz / 1024).toFixed(1)), files: bodies.size, backOffice });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function main(): Promise<number> {
  // A bare `vite build` has no prerendered pages: measuring it would report a slower site than
  // visitors get (LCP ≈ 2.5 s instead of ≈ 1 s), so refuse it.
  if (!existsSync('dist/web/index.html') || !existsSync('dist/web/prerendered/index.html')) {
    console.error('dist/web has no prerendered pages: run `npm run build` first');
    return 1;
  }
  const server = await startServer();
  let failed = false;
  try {
    const scripts = await scriptsPerPage(server.url);
    console.log(`\nJavaScript per public page (gzipped, first visit; budget ≤ ${BUDGET.entryJsKb} KB, no back-office code):`);
    for (const s of scripts) {
      const ok = s.jsKb <= BUDGET.entryJsKb && s.backOffice.length === 0;
      failed ||= !ok;
      console.log(`  ${ok ? 'ok  ' : 'MISS'} ${s.page.padEnd(10)} ${String(s.jsKb).padStart(6)} KB in ${s.files} files${s.backOffice.length ? `; back-office: ${s.backOffice.join(', ')}` : ''}`);
    }

    const rows = await lighthouseRows(server.url);
    console.log('\nLighthouse 12, mobile preset (budget: perf ≥ 95, a11y 100, best practices ≥ 95, SEO 100, LCP ≤ 1800 ms, CLS ≤ 0.05, TBT ≤ 100 ms):');
    console.log('  page        perf  a11y  bp   seo   LCP ms   CLS    TBT ms');
    for (const r of rows) {
      const ok =
        r.performance >= BUDGET.performance &&
        r.accessibility >= BUDGET.accessibility &&
        r['best-practices'] >= BUDGET['best-practices'] &&
        r.seo >= BUDGET.seo &&
        r.lcpMs <= BUDGET.lcpMs &&
        r.cls <= BUDGET.cls &&
        r.tbtMs <= BUDGET.tbtMs;
      failed ||= !ok;
      console.log(
        `  ${ok ? 'ok  ' : 'MISS'} ${r.page.padEnd(9)} ${String(r.performance).padStart(4)} ${String(r.accessibility).padStart(5)} ${String(r['best-practices']).padStart(4)} ${String(r.seo).padStart(5)} ${String(r.lcpMs).padStart(8)} ${String(r.cls).padStart(6)} ${String(r.tbtMs).padStart(8)}`,
      );
    }
  } finally {
    await server.stop();
    server.cleanup();
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
