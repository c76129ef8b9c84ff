import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signInAndOpen } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { readCollection } from '../support/stored-documents.ts';
import { VISION_FIXTURES } from '../support/vision-factories.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

describe('the Vision-AI screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { VISION_WORKERS: '1' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
  });

  it('uploads cctv.jpg, shows boxes and people, saves it to a client site and finds it in the history by that link', async () => {
    // A real client with two sites, made through the API, to pick in the "Save to…" form.
    const api = new TestClient(server.url);
    await api.signIn(DEMO.admin);
    const created = await api.send('POST', '/api/clients', aClientInput({ name: 'Harbor View Storage', sites: [aSiteInput({ label: 'Office' }), aSiteInput({ label: 'North gate' })] }));
    expect(created.status).toBe(201);
    const client = (await created.json()) as { id: string; sites: { id: string; label: string }[] };
    const northGate = client.sites.find((s) => s.label === 'North gate')!;
    const jobRes = await api.send('POST', '/api/jobs', { clientId: client.id, siteId: northGate.id, type: 'inspection', title: 'Gate camera survey' });
    expect(jobRes.status).toBe(201);
    const job = (await jobRes.json()) as { id: string; number: string };

    const { page, context } = await newPage(browser);
    await signInAndOpen(page, server.url, 'Frank Miller', '/vision-ai-analysis');
    await page.getByRole('heading', { name: 'Vision-AI analysis' }).waitFor();

    await page.getByLabel('Choose images').setInputFiles(path.join(VISION_FIXTURES, 'cctv.jpg'));
    // The first analysis also starts the worker pool and loads the model.
    await page.getByRole('button', { name: 'Show cctv.jpg' }).click({ timeout: 45_000 });

    const overlay = page.getByTestId('detection-overlay');
    await overlay.waitFor();
    const personBoxes = await overlay.locator('[data-label="person"]').count();
    expect(personBoxes).toBeGreaterThanOrEqual(5);
    expect(Number(await page.getByTestId('count-person-value').textContent())).toBe(personBoxes);
    expect(await page.getByRole('progressbar', { name: /All 1 finished/ }).getAttribute('value')).toBe('1');

    // Raising the confidence slider to the top hides (client-side) what scores lower.
    await page.getByLabel(/Minimum confidence/).fill('0.95');
    expect(await overlay.locator('[data-label="person"]').count()).toBeLessThan(personBoxes);
    await page.getByLabel(/Minimum confidence/).fill('0.3');

    // Nobody types an id: the client by name, then its site and job from lists.
    const saveTo = page.getByRole('form', { name: 'Save to' });
    await saveTo.getByLabel('Find a client').fill('Harbor');
    await saveTo.getByRole('list', { name: 'Matching clients' }).getByRole('button', { name: /Harbor View Storage/ }).click();
    await saveTo.getByLabel('Site of Harbor View Storage').selectOption({ label: 'North gate' });
    await saveTo.getByLabel('Job', { exact: true }).selectOption({ label: `${job.number} · Gate camera survey` });
    expect(await saveTo.getByText('Client: Harbor View Storage').count()).toBe(1);
    expect(await saveTo.getByLabel('Client id').inputValue()).toBe(client.id);
    expect(await saveTo.getByLabel('Site id').inputValue()).toBe(northGate.id);
    await saveTo.getByRole('button', { name: 'Save links' }).click();
    await saveTo.getByRole('status').getByText('Saved.').waitFor();

    // The history is searched the same way: the client's other site has nothing, North gate has it.
    const search = page.getByRole('search', { name: 'Search analyses' });
    await search.getByLabel('Find a client').fill('Harbor');
    await search.getByRole('list', { name: 'Matching clients' }).getByRole('button', { name: /Harbor View Storage/ }).click();
    await search.getByLabel('Site of Harbor View Storage').selectOption({ label: 'Office' });
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No analyses match.').waitFor();
    await search.getByLabel('Site of Harbor View Storage').selectOption({ label: 'North gate' });
    await search.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('list', { name: 'Saved analyses' }).getByRole('listitem');
    // The links read as names, not ids.
    await found.first().getByText(/Harbor View Storage · North gate \(Harbor View Storage\) · .*Gate camera survey/).waitFor();
    expect(await found.count()).toBe(1);
    expect(await found.first().textContent()).toContain('cctv.jpg');
    expect(await found.first().textContent()).not.toContain(client.id);

    const stored = readCollection<{ fileName: string; clientId: string; siteId: string; jobId: string }>(server.dataDir, 'vision_analyses');
    expect(stored.map(({ fileName, clientId, siteId, jobId }) => ({ fileName, clientId, siteId, jobId }))).toEqual([
      { fileName: 'cctv.jpg', clientId: client.id, siteId: northGate.id, jobId: job.id },
    ]);
    await context.close();
  });
});
