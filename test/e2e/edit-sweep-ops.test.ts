import { describe, expect, it } from 'vitest';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { api } from '../support/page-api.ts';


const LONG_NAME = 'Maximilian Alexander Bartholomew-Fitzgerald';
const LONG_EMAIL = 'maximilian.alexander.bartholomew-fitzgerald@security-installations-example.com';

/**
 * Edit sweep (jobs, employees, monitoring contracts): each record is made, edited through its
 * screen, saved and read back after a reload; a bad value in each form shows its field message
 * and changes nothing that was stored.
 */
describe('edit sweep: jobs, employees, monitoring contracts', () => {
  const env = serverAndBrowser();

  it('edits a job, an employee and a contract through their screens; bad values get field messages and change nothing', async () => {
    const { page, context } = await newPage(env.browser, { viewport: { width: 1366, height: 800 } });
    const url = env.server.url;
    await signInAndOpen(page, url, 'Frank Miller', '/admin');
    const client = await api<{ id: string; sites: { id: string }[] }>(
      page,
      'POST',
      '/api/clients',
      aClientInput({ name: 'Bartholomew-Fitzgerald Holdings', sites: [aSiteInput({ label: 'Riverside warehouse and loading docks' })] }),
    );
    expect(client.status).toBe(201);
    const siteId = client.json.sites[0]!.id;

    // --- A job: details edited, a wrong year in the schedule refused at Start.
    const job = await api<{ id: string; number: string }>(page, 'POST', '/api/jobs', { clientId: client.json.id, siteId, type: 'service', title: 'Replace the warehouse door contacts' });
    expect(job.status).toBe(201);
    await page.goto(`${url}/admin/jobs?job=${job.json.id}`);
    const details = page.getByRole('form', { name: 'Job details' });
    await details.getByLabel('Title').fill('Replace every door contact on the riverside warehouse loading docks');
    await details.getByLabel('Notes').fill('Bring the long ladder; the dock doors are 14 ft high.');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByRole('button', { name: 'Save details' }).and(page.locator(':disabled')).waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('form', { name: 'Job details' }).getByLabel('Title').inputValue()).toBe('Replace every door contact on the riverside warehouse loading docks');
    expect(await page.getByRole('form', { name: 'Job details' }).getByLabel('Notes').inputValue()).toBe('Bring the long ladder; the dock doors are 14 ft high.');

    const scheduleForm = page.getByRole('form', { name: 'Schedule' });
    await scheduleForm.getByLabel('Start').fill('1926-11-24T09:00');
    await scheduleForm.getByLabel('End').fill('1926-11-24T11:00');
    await scheduleForm.getByRole('button', { name: 'Save schedule' }).click();
    await scheduleForm.getByText(/^Start: Nov 24, 1926 is more than 2 years ago\. Check the year\.$/).waitFor();
    expect(await scheduleForm.getByLabel('Start').getAttribute('aria-invalid')).toBe('true');
    // A five-digit year makes no date at all: said at End, the earlier message at Start gone.
    await scheduleForm.getByLabel('Start').fill('2026-12-01T09:00');
    await scheduleForm.getByLabel('End').fill('20266-12-01T11:00');
    await scheduleForm.getByRole('button', { name: 'Save schedule' }).click();
    await scheduleForm.getByText(/^End: the year 20266 looks mistyped; enter a date such as \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
    expect(await scheduleForm.getByText(/more than 2 years ago/).count()).toBe(0);
    await scheduleForm.getByLabel('End').fill('');
    await scheduleForm.getByRole('button', { name: 'Save schedule' }).click();
    await scheduleForm.getByText('End: enter when the visit ends, or clear Start too.').waitFor();
    const storedJob = await api<{ job: { scheduledStart: string | null; status: string; title: string } }>(page, 'GET', `/api/jobs/${job.json.id}`);
    expect(storedJob.json.job).toMatchObject({ scheduledStart: null, status: 'unscheduled', title: 'Replace every door contact on the riverside warehouse loading docks' });

    // --- An employee: corrected name, title and e-mail; a bad e-mail and a too-long name refused at their fields.
    const employee = await api<{ id: string }>(page, 'POST', '/api/employees', { name: 'Maximilian Bartholomew', email: 'max.b@example.com' });
    expect(employee.status).toBe(201);
    await page.goto(`${url}/admin/employees`);
    await page.getByRole('button', { name: 'Maximilian Bartholomew' }).click();
    let edit = page.getByRole('form', { name: 'Edit Maximilian Bartholomew' });
    await edit.getByLabel('Name').fill(LONG_NAME);
    await edit.getByLabel('E-mail').fill(LONG_EMAIL);
    await edit.getByLabel('Title').fill('Senior alarm and access-control technician');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Saved changes to ${LONG_NAME}.`).waitFor();
    await page.reload();
    await page.getByRole('button', { name: LONG_NAME }).click();
    edit = page.getByRole('form', { name: `Edit ${LONG_NAME}` });
    expect(await edit.getByLabel('E-mail').inputValue()).toBe(LONG_EMAIL);
    expect(await edit.getByLabel('Title').inputValue()).toBe('Senior alarm and access-control technician');

    await edit.getByLabel('E-mail').fill('max at example dot com');
    await edit.getByLabel('Name').fill('M'.repeat(101));
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('Please enter a valid e-mail address.').waitFor();
    await edit.getByText('Name is too long (100 characters at most).').waitFor();
    expect(await edit.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    const storedEmployee = await api<{ name: string; email: string }>(page, 'GET', `/api/employees/${employee.json.id}`);
    expect(storedEmployee.json).toMatchObject({ name: LONG_NAME, email: LONG_EMAIL });
    page.once('dialog', (d) => void d.accept()); // leave the unsaved edit

    // --- A monitoring contract: plan and fee edited; a start date decades back refused at its field.
    const today = new Date().toISOString().slice(0, 10);
    const contract = await api<{ id: string }>(page, 'POST', '/api/monitoring/contracts', {
      clientId: client.json.id,
      siteId,
      plan: 'Gold',
      monthlyFeeCents: 3999,
      billingCycle: 'monthly',
      startDate: today,
    });
    expect(contract.status).toBe(201);
    await page.goto(`${url}/admin/monitoring?contract=${contract.json.id}`);
    const drawer = page.getByRole('dialog', { name: 'Contract: Gold' });
    await drawer.getByRole('button', { name: 'Edit' }).click();
    let form = drawer.getByRole('form', { name: 'Edit contract' });
    await form.getByLabel(/^Plan/).fill('Gold monitoring with cellular backup and video verification');
    await form.getByLabel(/^Monthly fee/).fill('1049.50');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    await page.reload();
    const reopened = page.getByRole('dialog', { name: 'Contract: Gold monitoring with cellular backup and video verification' });
    await reopened.getByText('$1,049.50').first().waitFor();

    await reopened.getByRole('button', { name: 'Edit' }).click();
    form = reopened.getByRole('form', { name: 'Edit contract' });
    await form.getByLabel(/^Start date/).fill('1996-11-25');
    await form.getByRole('button', { name: 'Save changes' }).click();
    const message = form.getByText(/^Start date: Nov 25, 1996 is more than 2 years ago\. Enter a date from .+ on \(check the year\)\.$/);
    await message.last().waitFor();
    // The message sits at the field (its description), not only at the top of the form.
    const start = form.getByLabel(/^Start date/);
    expect(await start.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await start.getAttribute('aria-describedby'))!.split(' ');
    expect(await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()))).toContainEqual(expect.stringMatching(/^Start date: Nov 25, 1996/));
    const storedContract = await api<{ contract: { startDate: string; plan: string; monthlyFeeCents: number } }>(page, 'GET', `/api/monitoring/contracts/${contract.json.id}`);
    expect(storedContract.json.contract).toMatchObject({ startDate: today, plan: 'Gold monitoring with cellular backup and video verification', monthlyFeeCents: 104950 });
    await context.close();
  });
});
