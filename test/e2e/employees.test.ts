import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readCollection } from '../support/stored-documents.ts';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';

type StoredAudit = { action: string; actorName: string; entityId: string; changes: { field: string; from: unknown; to: unknown }[] };

async function signInAsAdmin(page: Page, url: string): Promise<void> {
  await signInAndOpen(page, url, 'Frank Miller', '/admin/employees');
  await page.getByRole('heading', { name: 'Employee database' }).waitFor();
}

describe('the employee database in Chromium', () => {
  const env = serverAndBrowser();

  it('an admin creates an employee with two permissions, edits one, and sees the audit entry', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAsAdmin(page, env.server.url);
    await page.getByRole('button', { name: 'Maria Lopez' }).waitFor();

    await page.getByRole('button', { name: 'New employee' }).click();
    const form = page.getByRole('form', { name: 'New employee' });
    await form.getByLabel('Name').fill('Rosa Diaz');
    await form.getByLabel('E-mail').fill('Rosa.Diaz@Shieldline.Example');
    await form.getByLabel('Title').fill('Alarm technician');
    await form.getByRole('switch', { name: 'View clients' }).click();
    await form.getByRole('switch', { name: 'Use Vision AI analysis' }).click();
    // Edit implies view in the editor: edit on turns view on, view off turns edit off.
    await form.getByRole('switch', { name: 'Edit jobs' }).click();
    expect(await form.getByRole('switch', { name: 'View jobs' }).getAttribute('aria-checked')).toBe('true');
    await form.getByRole('switch', { name: 'View jobs' }).click();
    expect(await form.getByRole('switch', { name: 'Edit jobs' }).getAttribute('aria-checked')).toBe('false');
    await form.getByRole('button', { name: 'Create employee' }).click();

    const edit = page.getByRole('form', { name: 'Edit Rosa Diaz' });
    await edit.waitFor();
    await page.getByRole('button', { name: 'Rosa Diaz' }).waitFor(); // the list was refreshed
    expect(await edit.getByLabel('E-mail').inputValue()).toBe('rosa.diaz@shieldline.example');
    const history = page.getByRole('list', { name: 'Change history' });
    await history.getByText('Created by Frank Miller').waitFor();

    await edit.getByRole('switch', { name: 'Edit clients' }).click();
    await edit.getByText('Unsaved changes').waitFor();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved changes to Rosa Diaz.').waitFor();
    await history.getByText('Updated by Frank Miller').waitFor();
    await history.getByText('Edit clients: off → on').waitFor();

    // The audit log is shared by every area; this test is about the employee entries.
    const stored = readCollection<StoredAudit & { entity: string }>(env.server.dataDir, 'audit_log').filter((e) => e.entity === 'employee');
    expect(stored.map((e) => e.action)).toEqual(['create', 'update']);
    expect(stored[1]).toMatchObject({ actorName: 'Frank Miller', changes: [{ field: 'permissions.editClients', from: false, to: true }] });
    const granted = stored[0]!.changes.filter((c) => c.field.startsWith('permissions.')).map((c) => c.field);
    expect(granted).toEqual(['permissions.viewClients', 'permissions.useVisionAi']);
    await context.close();
  });

  it('searches and filters the list, warns before discarding edits, and refuses a duplicate e-mail next to its field', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAsAdmin(page, env.server.url);
    await page.getByLabel('Status').selectOption('inactive');
    await page.getByRole('button', { name: 'Tom Reed' }).waitFor();
    await page.getByRole('button', { name: 'Maria Lopez' }).waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search').fill('no-such-person');
    await page.getByText('No employees match the search.').waitFor();
    await page.getByLabel('Search').fill('');

    await page.getByRole('button', { name: 'New employee' }).click();
    const form = page.getByRole('form', { name: 'New employee' });
    await form.getByLabel('Name').fill('Someone New');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Maria Lopez' }).click();
    expect(asked).toContain('unsaved changes');
    expect(await form.getByLabel('Name').inputValue()).toBe('Someone New');

    await form.getByLabel('E-mail').fill('maria@shieldline.example');
    await form.getByRole('button', { name: 'Create employee' }).click();
    await form.getByText('Another employee already uses this e-mail address.', { exact: true }).first().waitFor();
    expect(await form.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});
