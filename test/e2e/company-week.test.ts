import { describe, expect, it } from 'vitest';
import { newPage, shot, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { TestClient, expectJson } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TEST_COMPANY_ZONE } from '../support/company-time.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { addDays, dateKey, wallTimeToInstant, weekStartOf, weekdayIndex } from '../../src/domain/time/zoned-week.ts';
import { dateTimeFormat } from '../../src/domain/shared/intl-format.ts';
import type { ClientView } from '../../src/contracts/clients.ts';

/** A browser a day ahead of the company: Monday morning in Auckland is still Sunday in Chicago. */
const BROWSER_ZONE = 'Pacific/Auckland';
const label = (day: string) => dateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

describe("the week calendar is the company's week, whatever the browser's zone", () => {
  const env = serverAndBrowser();

  it("a dispatcher's laptop on Auckland time opens the job calendar on Sunday afternoon in Chicago: this week is the company's week, the Sunday visit sits at 10:00 AM", async () => {
    // The next Sunday (company calendar) at least two days ahead, so the visit is in the future.
    const inTwoDays = dateKey(new Date(Date.now() + 2 * 86_400_000), TEST_COMPANY_ZONE);
    const sunday = addDays(inTwoDays, 6 - weekdayIndex(inTwoDays));
    const admin = await TestClient.signedIn(env.server.url, DEMO.admin);
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Annabel Featherstonehaugh-Wainwright', sites: [aSiteInput()] })), 201);
    const job = await expectJson<{ id: string; number: string }>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title: 'Replace the keypad in the north-east stairwell' }), 201);
    const start = wallTimeToInstant(`${sunday}T10:00`, TEST_COMPANY_ZONE).toISOString();
    const end = wallTimeToInstant(`${sunday}T12:00`, TEST_COMPANY_ZONE).toISOString();
    expect((await admin.send('PUT', `/api/jobs/${job.id}/schedule`, { window: { start, end } })).status).toBe(200);

    const { page, context } = await newPage(env.browser, { viewport: { width: 1366, height: 800 }, timezoneId: BROWSER_ZONE });
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin');
    // 13:00 on that Sunday in Chicago is 08:00 on Monday in Auckland.
    await page.clock.setFixedTime(wallTimeToInstant(`${sunday}T13:00`, TEST_COMPANY_ZONE));
    expect(await page.evaluate(() => new Date().getDay())).toBe(1); // the browser's own day is Monday
    await page.goto(`${env.server.url}/admin/jobs?view=calendar`);

    const calendar = page.getByRole('region', { name: 'Week calendar' });
    const monday = weekStartOf(sunday);
    await expect.poll(() => calendar.getByTestId('calendar-range').textContent()).toBe(`${label(monday)} – ${label(sunday)}`);
    const visit = calendar.getByTestId('calendar-day-0').getByRole('button', { name: new RegExp(`^10:00 AM ${job.number}`) });
    await visit.waitFor();
    await shot(page, 'company-week-desktop');

    // "This week" after moving away comes back to the company's week, not the browser's.
    await calendar.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => calendar.getByTestId('calendar-range').textContent()).toBe(`${label(addDays(monday, 7))} – ${label(addDays(sunday, 7))}`);
    await calendar.getByRole('button', { name: 'This week' }).click();
    await expect.poll(() => calendar.getByTestId('calendar-range').textContent()).toBe(`${label(monday)} – ${label(sunday)}`);
    // On a phone the week is a list, day under day: the Sunday visit under Sunday (today for the company), nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const agenda = calendar.getByTestId('calendar-agenda');
    const sundayItem = agenda.locator(`li[data-day="${sunday}"]`);
    await sundayItem.getByRole('button', { name: new RegExp(`^10:00 AM – \\d{1,2}:\\d{2} [AP]M · ${job.number}`) }).waitFor();
    expect(await sundayItem.getByRole('heading').textContent()).toBe(`${label(sunday)}· Today`);
    expect(await agenda.locator(`li[data-day="${monday}"]`).getByText('No visits.').isVisible()).toBe(true);
    expect(await visit.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await sundayItem.getByRole('button').first().scrollIntoViewIfNeeded();
    await shot(page, 'company-week-phone');
    // The job opens full screen on a phone; Back closes it and stays on the week.
    await sundayItem.getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/jobs');
    expect(new URL(page.url()).searchParams.get('view')).toBe('calendar');
    await sundayItem.getByRole('button').first().waitFor();
    await context.close();
  });

  it("a technician's Week opens on her own visits, says which are double-booked and which are done in words, and Everyone shows the rest", async () => {
    const admin = await TestClient.signedIn(env.server.url, DEMO.admin);
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Bartholomew Featherstonehaugh-Montgomery', sites: [aSiteInput()] })), 201);
    const newJob = async (title: string, type = 'service') =>
      expectJson<{ id: string; number: string }>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type, title }), 201);
    // Next week's Tuesday and Wednesday, company time.
    const monday = addDays(weekStartOf(dateKey(new Date(), TEST_COMPANY_ZONE)), 7);
    const at = (day: string, time: string) => wallTimeToInstant(`${day}T${time}`, TEST_COMPANY_ZONE).toISOString();
    const schedule = async (id: string, day: string, from: string, to: string, assignees: string[]) =>
      expect((await admin.send('PUT', `/api/jobs/${id}/schedule`, { window: { start: at(day, from), end: at(day, to) }, assignees })).status).toBe(200);
    const install = await newJob('Camera install at the loading dock', 'install');
    const service = await newJob('Keypad service in the lobby');
    const done = await newJob('Panel swap');
    const others = await newJob('Somebody else’s prewire', 'prewire');
    const callOut = await newJob('Alarm call-out before dawn');
    await schedule(install.id, addDays(monday, 1), '09:00', '13:00', ['emp-maria']);
    await schedule(service.id, addDays(monday, 1), '12:00', '14:00', ['emp-maria']);
    await schedule(done.id, addDays(monday, 2), '09:00', '10:00', ['emp-maria']);
    await schedule(others.id, addDays(monday, 2), '09:00', '10:00', []);
    await schedule(callOut.id, addDays(monday, 3), '04:00', '05:00', []);
    for (const status of ['in-progress', 'completed']) expect((await admin.send('POST', `/api/jobs/${done.id}/status`, { status })).status).toBe(200);

    const { page, context } = await newPage(env.browser, { viewport: { width: 390, height: 844 }, timezoneId: TEST_COMPANY_ZONE });
    await signInAndOpen(page, env.server.url, 'Maria Lopez', `/admin/jobs?view=calendar&week=${monday}`);
    const calendar = page.getByRole('region', { name: 'Week calendar' });
    const agenda = calendar.getByTestId('calendar-agenda');
    const item = (number: string) => agenda.getByRole('button', { name: new RegExp(number) });
    await item(install.number).waitFor();
    expect(await page.getByRole('combobox', { name: 'Employee' }).locator('option:checked').textContent()).toBe('Maria Lopez (me)');
    expect(await item(install.number).textContent()).toContain('Double-booked');
    expect(await item(service.number).textContent()).toContain('Double-booked');
    expect(await item(done.number).textContent()).toContain('Completed');
    expect(await item(done.number).textContent()).not.toContain('Double-booked');
    expect(await item(others.number).count()).toBe(0); // not hers
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await item(install.number).scrollIntoViewIfNeeded();
    await shot(page, 'technician-week-phone');

    await page.getByRole('combobox', { name: 'Employee' }).selectOption({ label: 'Everyone' });
    await item(others.number).waitFor();
    expect(new URL(page.url()).searchParams.get('employee')).toBe('all');
    await page.setViewportSize({ width: 1366, height: 800 });
    const tuesday = calendar.locator(`[data-day="${addDays(monday, 1)}"]`).last();
    const gridVisit = tuesday.getByRole('button', { name: new RegExp(install.number) });
    expect(await gridVisit.getAttribute('title')).toBe(`${install.number} Camera install at the loading dock · Double-booked`);
    // A 4 AM call-out widens the grid to show it, whole, above 6 AM.
    const early = calendar.locator(`[data-day="${addDays(monday, 3)}"]`).last().getByRole('button', { name: new RegExp(callOut.number) });
    expect(await early.textContent()).toMatch(/^4:00 AM/);
    const box = (await early.boundingBox())!;
    const sixAm = (await calendar.getByText('6 AM', { exact: true }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(sixAm.y + 1);
    expect(box.height).toBeGreaterThanOrEqual(35); // an hour tall, not a sliver
    await shot(page, 'technician-week-desktop');
    await context.close();
  });
});
