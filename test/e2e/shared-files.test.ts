import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newPage, signInAndOpen } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';

/** A tiny but well-formed one-page PDF (header, objects, xref table with real offsets, trailer). */
function aTinyPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 20 50 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 20 50 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('shared files in Chromium', () => {
  const env = serverAndBrowser();
  const pdf = aTinyPdf('Gate motor manual');
  const NAME = 'Gate motor manual.pdf';

  /** Frank signed in on the shared files screen, accepting every confirm() and keeping its question. */
  async function frankOnFiles() {
    const { page, context } = await newPage(env.browser);
    const questions: string[] = [];
    page.on('dialog', (d) => {
      questions.push(d.message());
      void d.accept();
    });
    await signInAndOpen(page, env.server.url, 'Frank Miller', '/admin/files');
    return { page, context, questions };
  }

  it('Frank uploads a PDF, sees it listed, hands out a link that works without a session, then revokes it', async () => {
    const { page, context, questions } = await frankOnFiles();
    const table = page.getByRole('table', { name: 'Shared files' });
    await table.getByText('No shared files yet. Upload the first one.').waitFor();

    await page.getByRole('button', { name: 'Upload a file' }).click();
    const form = page.getByRole('form', { name: 'Upload a shared file' });
    // The client refuses what the server would refuse, before sending anything.
    await form.getByLabel('File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
    await form.getByRole('button', { name: 'Upload' }).click();
    await form.getByText(/This type of file is not accepted/).waitFor();
    // Sorting the list with a half-filled form keeps the form as it is, without asking.
    await table.getByRole('button', { name: 'Name' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'name');
    expect(await form.getByText(/This type of file is not accepted/).count()).toBe(1);
    expect(questions).toEqual([]);

    await form.getByLabel('File').setInputFiles({ name: 'gate-motor.pdf', mimeType: 'application/pdf', buffer: pdf });
    expect(await form.getByLabel('Name').inputValue()).toBe('gate-motor.pdf');
    await form.getByLabel('Name').fill(NAME);
    await form.getByLabel('Description (optional)').fill('Sliding gate motor, model SG-400');
    await form.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('status').getByText(`${NAME} was uploaded.`).waitFor();

    const row = table.getByRole('row').filter({ hasText: NAME });
    await row.getByText('Sliding gate motor, model SG-400').waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['PDF', `${pdf.length} B`, '0']));

    // A new link, shown to copy; it serves the same bytes to anyone, no session needed.
    await row.getByRole('button', { name: `Copy a new link to ${NAME}` }).click();
    const panel = page.getByRole('region', { name: `Download links: ${NAME}` });
    const url = await panel.getByLabel('New link').inputValue();
    expect(url).toMatch(/\/api\/files\/public\/shared-files%2F.+\?alt=media&token=/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdf);
    await panel.getByRole('listitem').first().waitFor();
    expect(await panel.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('1');

    // Revoked: the same URL is refused at once.
    await panel.getByRole('button', { name: /^Revoke link 1/ }).click();
    await panel.getByText('No active links.').waitFor();
    expect(questions).toEqual([expect.stringContaining('Revoke this link?')]);
    expect((await fetch(url)).status).toBe(403);
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('0');
    await context.close();
  });

  it('Maria (an employee) sees the list and downloads the file, with no upload, link or delete controls', async () => {
    const { page, context } = await newPage(env.browser);
    await signInAndOpen(page, env.server.url, 'Maria Lopez', '/admin/files');
    const table = page.getByRole('table', { name: 'Shared files' });
    const row = table.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Type', 'Size', 'Added', 'Actions']);

    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${NAME}` }).click();
    const saved = await (await download).path();
    expect(readFileSync(saved)).toEqual(pdf);

    expect(await page.getByRole('button', { name: 'Upload a file' }).count()).toBe(0);
    expect(await row.getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('Frank deletes the file after confirming; it leaves the list', async () => {
    const { page, context, questions } = await frankOnFiles();
    const table = page.getByRole('table', { name: 'Shared files' });
    await table.getByRole('row').filter({ hasText: NAME }).getByRole('button', { name: `Delete ${NAME}` }).click();
    await page.getByRole('status').getByText(`${NAME} was deleted.`).waitFor();
    await table.getByText('No shared files yet. Upload the first one.').waitFor();
    expect(questions).toEqual([expect.stringContaining(`Delete ${NAME}?`)]);
    await context.close();
  });
});
