import { describe, expect, it } from 'vitest';
import { readCollection } from '../support/stored-documents.ts';
import { appRendered, newPage } from '../support/browser.ts';
import { serverAndBrowser } from '../support/e2e-environment.ts';
import { startServer } from '../support/server-process.ts';

const storedMessages = (dataDir: string) =>
  readCollection<{ name: string; email: string; phone: string | null; subject: string; message: string; status: string }>(dataDir, 'contact_messages').map(
    ({ name, email, phone, subject, message, status }) => ({ name, email, phone, subject, message, status }),
  );

describe('the Contact form in Chromium', () => {
  const env = serverAndBrowser();

  it('shows field-level errors for bad input and stores nothing', async () => {
    const { page, context } = await newPage(env.browser);
    await page.goto(`${env.server.url}/contact`);
    await appRendered(page);
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('Message').fill('short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please enter a valid e-mail address.').waitFor();
    expect(await page.getByText('Please enter your name.').isVisible()).toBe(true);
    expect(await page.getByText('Please write at least 10 characters.').isVisible()).toBe(true);
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(storedMessages(env.server.dataDir)).toHaveLength(0);
    await context.close();
  });

  it('sends a message, shows a success message, and the message survives a restart', async () => {
    const { page, context } = await newPage(env.browser);
    await page.goto(`${env.server.url}/contact`);
    await appRendered(page);
    await page.getByLabel('Name').fill('Dana Whitfield');
    await page.getByLabel('E-mail').fill('dana@example.com');
    await page.getByLabel('Phone (optional)').fill('555 867 5309');
    await page.getByLabel('Subject').fill('Doorbell camera');
    await page.getByLabel('Message').fill('Can you add a doorbell camera to our existing system next week?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText('Thank you, Dana Whitfield. Your message has been sent.').waitFor();
    await context.close();

    const dataDir = env.server.dataDir;
    expect(await env.server.stop()).toBe(0);
    env.server = await startServer({ dataDir });
    const ready = await fetch(`${env.server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(storedMessages(dataDir)).toEqual([
      {
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        phone: '555 867 5309',
        subject: 'Doorbell camera',
        message: 'Can you add a doorbell camera to our existing system next week?',
        status: 'new',
      },
    ]);
  });
});
