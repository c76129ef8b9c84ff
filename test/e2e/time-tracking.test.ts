import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { readCollection } from '../support/stored-documents.ts';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

type StoredEntry = { employeeId: string; clockIn: string; clockOut: string | null; breaks: { start: string; end: string | null }[]; status: string; history: { reason: string }[] };

describe('time tracking in Chromium', () => {
  const env = serverAndBrowser();

  it('Maria clocks in and out on her phone; the admin sees her hours, corrects them with a reason, approves the week and downloads the CSV', async () => {
    // --- Maria, on a phone.
    const phone = await newPage(env.browser, { userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const m = phone.page;
    await signInAndOpen(m, env.server.url, 'Maria Lopez', '/employee-dashboard');
    await m.getByRole('heading', { level: 1, name: 'My dashboard' }).waitFor();
    await m.getByText('Hello, Maria.').waitFor();
    const clock = m.getByRole('region', { name: 'Time clock' });
    await clock.getByText('You are clocked out.').waitFor();
    await clock.getByRole('button', { name: 'Clock in' }).tap();
    await clock.getByText('Clocked in', { exact: true }).waitFor();
    await clock.getByRole('button', { name: 'Start break' }).tap();
    await clock.getByText('On a break', { exact: true }).waitFor();
    await clock.getByRole('button', { name: 'End break' }).tap();
    await clock.getByText('Clocked in', { exact: true }).waitFor();
    await clock.getByLabel('Note for this shift (optional)').fill('Panel wired at Oak St');
    await clock.getByRole('button', { name: 'Clock out' }).tap();
    await clock.getByText('You are clocked out.').waitFor();
    await m.getByRole('region', { name: 'Hours this week' }).getByRole('list', { name: 'Hours per day' }).waitFor();
    // Nothing is wider than the phone.
    expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const [stored] = readCollection<StoredEntry>(env.server.dataDir, 'time_entries');
    expect(stored).toMatchObject({ employeeId: 'emp-maria', status: 'submitted', breaks: [{ end: expect.any(String) }] });
    expect(stored!.clockOut).not.toBeNull();
    await phone.context.close();

    // --- Frank, the admin, at a desk.
    const desk = await newPage(env.browser, { viewport: { width: 1280, height: 900 } });
    const a = desk.page;
    await signInAndOpen(a, env.server.url, 'Frank Miller', '/admin/employees?tab=hours');
    await a.getByRole('heading', { name: 'Time tracking' }).waitFor();
    const row = a.getByRole('row', { name: /Maria Lopez/ });
    await row.waitFor();
    await row.getByText('Not approved').waitFor();
    await row.getByRole('button', { name: 'Maria Lopez' }).click();

    // Correct the clock-in to the start of that day, with a reason.
    const panel = a.getByRole('region', { name: /Maria Lopez ·/ });
    await panel.getByRole('button', { name: /^Edit entry of/ }).click();
    const form = panel.getByRole('form', { name: /^Edit entry of/ });
    const clockIn = form.getByLabel('Clock in');
    const day = (await clockIn.inputValue()).slice(0, 10);
    await clockIn.fill(`${day}T00:00`);
    await form.getByRole('button', { name: 'Save entry' }).click();
    await form.getByText('Say why (at least 3 characters).').waitFor(); // the reason is required
    await form.getByLabel('Reason for the change').fill('Started at midnight call-out, clock-in was missed');
    await form.getByRole('button', { name: 'Save entry' }).click();
    await form.waitFor({ state: 'detached' });
    await panel.getByText('Edit history (1)').click();
    await panel.getByText('“Started at midnight call-out, clock-in was missed”', { exact: false }).waitFor();

    // The table shows the corrected hours: the entry's worked time is now the row's total.
    const worked = (await panel.getByText(/h worked/).first().textContent())!.match(/(\d+:\d\d) h worked/)![1]!;
    await expect.poll(async () => row.getByRole('cell').nth(-3).textContent()).toBe(worked);

    // Approve: the week has not ended, so the admin reads what stays open first; the entries lock.
    await panel.getByRole('button', { name: 'Approve week' }).click();
    const warning = panel.getByRole('alertdialog', { name: 'Approve a week that has not ended' });
    expect(await warning.textContent()).toMatch(/This week ends on Sunday \d{1,2}\/\d{1,2}; entries from today \(\d{1,2}\/\d{1,2}\) on can still be added/);
    await warning.getByRole('button', { name: 'Approve entries so far' }).click();
    await panel.getByText(/^Approved Maria Lopez's week\. Its entries so far are locked\./).waitFor();
    await panel.getByText("Locked by the week's approval").waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await panel.getByRole('button', { name: /^Edit entry of/ }).count()).toBe(0);

    // Payroll CSV.
    const [download] = await Promise.all([a.waitForEvent('download'), a.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = Papa.parse<Record<string, string>>(readFileSync((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true }).data;
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({ Employee: 'Maria Lopez', 'Clock in': '00:00', Note: 'Panel wired at Oak St', Status: 'approved', Edited: 'yes' });
    expect(csv[0]!['Worked hours']).toBe((Number(worked.split(':')[0]) + Number(worked.split(':')[1]) / 60).toFixed(2));

    const after = readCollection<StoredEntry>(env.server.dataDir, 'time_entries')[0]!;
    expect(after.status).toBe('approved');
    expect(after.history.map((h) => h.reason)).toEqual(['Started at midnight call-out, clock-in was missed']);
    const audit = readCollection<{ entity: string; action: string }>(env.server.dataDir, 'audit_log').filter((e) => e.entity === 'time-entry' || e.entity === 'timesheet');
    expect(audit.map((e) => `${e.entity}:${e.action}`)).toEqual(['time-entry:edit', 'timesheet:approve']);

    // The approval left today open: Maria clocks in again, and the admin sees one new entry to approve.
    const again = await newPage(env.browser, { userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInAndOpen(again.page, env.server.url, 'Maria Lopez', '/employee-dashboard');
    const clock2 = again.page.getByRole('region', { name: 'Time clock' });
    await clock2.getByRole('button', { name: 'Clock in' }).tap();
    await clock2.getByText('Clocked in', { exact: true }).waitFor();
    await clock2.getByRole('button', { name: 'Clock out' }).tap();
    await clock2.getByText('You are clocked out.').waitFor();
    await again.context.close();
    await a.reload();
    await a.getByRole('row', { name: /Maria Lopez/ }).getByText('Approved · 1 new').waitFor();
    await desk.context.close();
  });
});
