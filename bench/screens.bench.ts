/**
 * Back-office screens in Chromium (issue 16): for each screen, the time from the click on its
 * link (the admin menu, the dashboard's shortcuts, a row) to the first of its data on screen,
 * and the API latencies of a daily-work journey. Built app (`npm run build`), warm browser cache
 * (every screen is visited once before measuring), signed in as the admin, with a few hundred
 * clients and jobs and some of everything else seeded through the API.
 * Each round loads the admin panel afresh and opens every screen twice from it: the first visit
 * (code in the browser cache, data not yet fetched) and the revisit (what the query cache gives).
 * Median of BENCH_ROUNDS.
 * Timing is taken in the page: a capture-phase click listener marks the start, a
 * MutationObserver the moment the screen's marker text is in <main>, then the next frame.
 * Budgets: each screen ≤ 300 ms, journey API p95 ≤ 50 ms. Prints; never fails a build.
 * Run: `npm run bench -- screens` (or `node bench/screens.bench.ts` after `npm run build`).
 */
import type { Page, Request } from 'playwright-core';
import { existsSync } from 'node:fs';
import { launchBrowser, signInAndOpen } from '../test/support/browser.ts';
import { startServer } from '../test/support/server-process.ts';
import { TestClient, expectJson } from '../test/support/http-client.ts';
import { DEMO } from '../test/support/demo-users.ts';
import { aClientInput, aSiteInput } from '../test/unit/clients/client-factories.ts';
import { aQuoteForm, quoteFormData } from '../test/support/public-site-factories.ts';
import { aProposalRequest } from '../test/support/proposal-doubles.ts';
import type { ClientView } from '../src/contracts/clients.ts';
import type { JobDto } from '../src/contracts/jobs.ts';
import { fmt, pct } from './latency-figures.ts';

const SCREEN_BUDGET_MS = 300;
const API_P95_BUDGET_MS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 300);
const JOBS = Number(process.env.BENCH_JOBS ?? 300);
const SURNAMES = ['Featherstonehaugh-Okonkwo', 'Vanderberg-Castellanos', 'Montgomery-Achterberg', 'Wojciechowski-Delacroix'];

/** Runs `fn` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  }));
}

async function seed(url: string): Promise<{ client: ClientView; job: JobDto }> {
  const admin = await TestClient.signedIn(url, DEMO.admin);
  const clients: ClientView[] = [];
  await inParallel(Array.from({ length: CLIENTS }, (_, i) => i), 4, async (i) => {
    const last = SURNAMES[i % SURNAMES.length]!;
    const body = aClientInput({
      name: `Margaret ${last} ${String(i).padStart(3, '0')}`,
      kind: i % 5 === 0 ? 'commercial' : 'residential',
      notes: 'Bench client: gate code 4411, dog in the yard, call before arriving.',
      sites: [aSiteInput({ label: `Main residence ${i}` })],
    });
    clients.push(await expectJson<ClientView>(await admin.send('POST', '/api/clients', body), 201));
  });
  clients.sort((a, b) => a.name.localeCompare(b.name));
  const jobs: JobDto[] = [];
  await inParallel(Array.from({ length: JOBS }, (_, i) => i), 4, async (i) => {
    const c = clients[i % clients.length]!;
    const body = { clientId: c.id, siteId: c.sites[0]!.id, type: i % 3 ? 'service' : 'install', title: `Alarm panel and door contacts ${i}`, checklist: ['Test every door contact', 'Walk the customer through the app', 'Photo of the panel'] };
    jobs.push(await expectJson<JobDto>(await admin.send('POST', '/api/jobs', body), 201));
  });
  await inParallel(Array.from({ length: 60 }, (_, i) => i), 4, async (i) => {
    const c = clients[i % clients.length]!;
    const line = { description: 'Smoke detector', quantity: 2, unitPriceCents: 5_000, taxRateBp: 825 };
    const inv = await expectJson<{ id: string }>(await admin.send('POST', '/api/invoices', { clientId: c.id, terms: 'net30', title: `Alarm install ${i}`, lines: [line] }), 201);
    if (i % 2) await admin.send('POST', `/api/invoices/${inv.id}/send`, {});
    await admin.send('POST', '/api/proposals', aProposalRequest(c.id, c.sites[0]!.id));
    await admin.send('POST', '/api/monitoring/contracts', { clientId: c.id, siteId: c.sites[0]!.id, plan: 'Gold', monthlyFeeCents: 3000, billingCycle: 'monthly', centralStation: 'Rapid Response', accountNumber: `KJ-${i}`, startDate: new Date().toISOString().slice(0, 10) });
    await admin.send('POST', '/api/inventory/items', { sku: `BENCH-${i}`, name: `Bench wireless sensor ${i}`, category: 'sensor', unitCostCents: 1000, unitPriceCents: 2500, reorderPoint: 2, reorderQuantity: 5 });
  });
  await expectJson(await admin.send('POST', '/api/camera-plans', { clientId: clients[0]!.id, siteId: clients[0]!.sites[0]!.id, name: 'Driveway and back door plan', gridWidthM: 20, gridHeightM: 10 }), 201);
  // The quote form allows a few requests per address and 10 minutes.
  for (let i = 0; i < 4; i++) {
    const visitor = new TestClient(url);
    await visitor.raw('/api/quotes', { method: 'POST', headers: { origin: url, 'x-csrf-token': await visitor.csrfToken() }, body: quoteFormData(aQuoteForm({ name: `Benedict Quoterequest ${i}` })) });
  }
  // The journey's job is scheduled for Maria today, so it can be started.
  const job = jobs.find((j) => j.clientId === clients[0]!.id) ?? jobs[0]!;
  const window = { start: new Date().toISOString(), end: new Date(Date.now() + 3_600_000).toISOString() };
  await expectJson(await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window, assignees: ['emp-maria'] }), 200);
  return { client: clients[0]!, job };
}

interface Screen {
  name: string;
  /** Clicks the link that opens the screen (the page shows the admin panel, or `from`). */
  open: (page: Page) => Promise<void>;
  /** Text that is on the screen only once its data is. */
  marker: string;
  /** Where the click starts, when not the admin panel: its path, its menu entry and its marker. */
  from?: { path: string; entry: string; marker: string };
}

const menu = (label: string) => async (page: Page) => {
  await page.getByRole('button', { name: 'Admin menu' }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
};
const shortcut = (label: string) => async (page: Page) => {
  await page.getByRole('navigation', { name: 'Other tools' }).getByRole('link', { name: label, exact: true }).click();
};

function screens(client: ClientView, job: JobDto): Screen[] {
  return [
    { name: 'clients', open: menu('Client Database'), marker: SURNAMES[0]! },
    { name: 'client detail', from: { path: '/admin/clients', entry: 'Client Database', marker: SURNAMES[0]! }, open: (p) => p.getByRole('link', { name: client.name, exact: true }).first().click(), marker: 'Main residence' },
    { name: 'invoices', open: menu('Invoice Manager'), marker: SURNAMES[0]! },
    { name: 'tax reporting', open: menu('Tax Reporting'), marker: '8.25 %' },
    { name: 'payment reminders', open: menu('Payment Reminders'), marker: 'Coming up in the next' },
    { name: 'jobs', open: menu('Job Tracker'), marker: 'door contacts' },
    { name: 'job detail', from: { path: '/admin/jobs', entry: 'Job Tracker', marker: 'door contacts' }, open: (p) => p.getByRole('button', { name: new RegExp(`${job.title}$|${job.title}\\b`) }).first().click(), marker: 'Walk the customer through the app' },
    { name: 'monitoring', open: menu('Monitoring Services'), marker: SURNAMES[0]! },
    { name: 'employees', open: menu('Employee Database'), marker: 'Maria Lopez' },
    { name: 'time', open: menu('Time Tracking'), marker: 'Maria Lopez' },
    { name: 'inventory', open: menu('Inventory Manager'), marker: 'Bench wireless sensor' },
    { name: 'proposals', open: menu('Proposals'), marker: SURNAMES[0]! },
    { name: 'camera planner', open: menu('Camera Planner'), marker: 'Driveway and back door plan' },
    { name: 'leads', open: shortcut('Quote requests'), marker: 'Benedict Quoterequest' },
    { name: 'messages', open: shortcut('Contact messages'), marker: 'No messages here' },
    { name: 'reviews', open: shortcut('Review moderation'), marker: 'Nothing to show' },
    { name: 'shared files', open: shortcut('Shared files'), marker: 'No shared files yet' },
    { name: 'sent mail', open: shortcut('Sent mail'), marker: '@' },
  ];
}

/** The page's globals this bench uses (the bench is compiled without the DOM library). */
type BenchWindow = { __benchArm(marker: string): void; __benchResult: Promise<number> };

const ARM = `
  window.__benchArm = (marker) => {
    let t0 = 0;
    const main = () => document.getElementById('main');
    window.__benchResult = new Promise((resolve) => {
      const check = () => {
        if (t0 && main()?.textContent.includes(marker)) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t0));
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      document.addEventListener('click', () => { t0 = performance.now(); queueMicrotask(check); }, { capture: true, once: true });
    });
  };
`;

async function adminPanel(page: Page): Promise<void> {
  await page.getByRole('list', { name: 'Waiting for you' }).waitFor();
}

/** Opens `screen` by its link and returns the ms from the click to its marker on screen. */
async function measure(page: Page, url: string, screen: Screen, reload: boolean): Promise<number> {
  if (screen.from) {
    if (reload) await page.goto(`${url}${screen.from.path}`);
    else {
      await page.keyboard.press('Escape');
      await menu(screen.from.entry)(page);
    }
    await page.locator('main').getByText(screen.from.marker).first().waitFor();
  } else if (reload) {
    await page.goto(`${url}/admin`);
    await adminPanel(page);
  } else {
    // Close what the last screen left open (the job drawer).
    await page.keyboard.press('Escape');
    await menu('Admin Panel')(page);
    await adminPanel(page);
  }
  // Let the screen settle (fonts, late queries) so the click starts from a quiet page.
  await page.waitForTimeout(150);
  await page.evaluate((m) => (globalThis as unknown as BenchWindow).__benchArm(m), screen.marker);
  await screen.open(page);
  return page.evaluate(() => Promise.race([(globalThis as unknown as BenchWindow).__benchResult, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 10_000))]));
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
};

async function expectChecked(box: ReturnType<Page['getByRole']>): Promise<void> {
  for (let i = 0; i < 50 && !(await box.isChecked()); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await box.isChecked())) throw new Error('the checklist tick did not stay');
}

async function journey(page: Page, url: string, client: ClientView, job: JobDto): Promise<void> {
  // The office's part of the day: leads, the client, the job board, a job ticked and started, hours, invoices.
  await page.goto(`${url}/admin/leads`);
  await page.getByText('Benedict Quoterequest').first().waitFor();
  await page.goto(`${url}/admin/clients`);
  await page.getByRole('link', { name: client.name, exact: true }).first().click();
  await page.getByText('Main residence').first().waitFor();
  await page.goto(`${url}/admin/jobs?job=${job.id}`);
  const drawer = page.getByRole('dialog', { name: new RegExp(job.title) });
  const item = drawer.getByRole('region', { name: 'Checklist' }).getByRole('checkbox', { name: 'Test every door contact' });
  await item.click();
  await drawer.getByRole('button', { name: 'Mark in progress' }).click();
  await drawer.getByText('In progress', { exact: true }).waitFor();
  await expectChecked(item);
  await page.goto(`${url}/admin/employees?tab=hours`);
  await page.getByText('Maria Lopez').first().waitFor();
  await page.goto(`${url}/admin/invoices`);
  await page.getByText(SURNAMES[0]!).first().waitFor();
  await page.waitForTimeout(300);
}

async function main(): Promise<void> {
  if (!existsSync('dist/web/index.html')) throw new Error('Run `npm run build` first.');
  const [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  try {
    const seedStart = Date.now();
    const { client, job } = await seed(server.url);
    console.log(`seeded ${CLIENTS} clients, ${JOBS} jobs, 60 invoices, proposals, contracts and items, a camera plan, 4 leads in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.addInitScript(ARM);
    const page = await context.newPage();
    await signInAndOpen(page, server.url, 'Frank Miller', '/admin');
    await adminPanel(page);
    const list = screens(client, job);
    // Warm the browser cache: every screen's code once.
    for (const s of list) {
      const t = await measure(page, server.url, s, true).catch((e: unknown) => (console.log(`  warm-up ${s.name}: ${String(e).split('\n')[0]}`), Number.NaN));
      if (Number.isNaN(t)) console.log(`  warm-up ${s.name}: marker "${s.marker}" not seen; main reads: ${((await page.locator('main').textContent()) ?? '').slice(0, 400)}`);
    }

    const first = new Map<string, number[]>();
    const again = new Map<string, number[]>();
    for (let r = 0; r < ROUNDS; r++) {
      // A fresh page (empty query cache, code in the browser cache), then every screen twice.
      await page.goto(`${server.url}/admin`);
      await adminPanel(page);
      for (const s of list) {
        const t = await measure(page, server.url, s, false).catch(() => Number.NaN);
        first.set(s.name, [...(first.get(s.name) ?? []), t]);
      }
      for (const s of list) {
        const t = await measure(page, server.url, s, false).catch(() => Number.NaN);
        again.set(s.name, [...(again.get(s.name) ?? []), t]);
      }
    }

    const timings: { path: string; ms: number }[] = [];
    const onFinished = (req: Request) => {
      const u = new URL(req.url());
      if (!u.pathname.startsWith('/api/')) return;
      const t = req.timing();
      if (t.responseEnd > 0) timings.push({ path: `${req.method()} ${u.pathname}`, ms: t.responseEnd });
    };
    page.on('requestfinished', onFinished);
    await journey(page, server.url, client, job);
    page.off('requestfinished', onFinished);

    console.log(`\nBack-office screens in Chromium: click → first data visible, median of ${ROUNDS} rounds (budget ≤ ${SCREEN_BUDGET_MS} ms)`);
    console.log(`  ${'screen'.padEnd(20)} ${'first visit'.padStart(12)} ${'revisit'.padStart(10)}`);
    let worst = 0;
    for (const s of list) {
      const f = median(first.get(s.name)!);
      const a = median(again.get(s.name)!);
      worst = Math.max(worst, Number.isNaN(f) ? Infinity : f, Number.isNaN(a) ? Infinity : a);
      console.log(`  ${s.name.padEnd(20)} ${`${fmt(f)} ms`.padStart(12)} ${`${fmt(a)} ms`.padStart(10)}${f > SCREEN_BUDGET_MS || Number.isNaN(f) ? '  over budget' : ''}`);
    }
    const ms = timings.map((t) => t.ms).sort((a, b) => a - b);
    console.log(`\nDaily-work journey (office side): ${ms.length} API calls, p50 ${fmt(pct(ms, 50))} ms, p95 ${fmt(pct(ms, 95))} ms, max ${fmt(ms.at(-1) ?? Number.NaN)} ms (budget p95 ≤ ${API_P95_BUDGET_MS} ms)`);
    for (const t of [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5)) console.log(`  slowest: ${t.path} ${fmt(t.ms)} ms`);
    console.log(`\nworst screen ${fmt(worst)} ms (budget ${SCREEN_BUDGET_MS}), journey p95 ${fmt(pct(ms, 95))} ms (budget ${API_P95_BUDGET_MS})${worst <= SCREEN_BUDGET_MS && pct(ms, 95) <= API_P95_BUDGET_MS ? ' — within budget' : ' — over budget'}`);
  } finally {
    await browser.close();
    await server.stop();
    server.cleanup();
  }
}

await main();
