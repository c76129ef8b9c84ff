import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { buildContainer, TOKENS, type AppContainer } from '../../src/container.ts';
import { createClient } from '../../src/application/clients/create-client.ts';
import { clientInputSchema } from '../../src/contracts/clients.ts';
import { createInvoiceFromRequest } from '../../src/application/invoices/create-invoice.ts';
import { getInvoice } from '../../src/application/invoices/read-invoices.ts';
import { sendInvoice } from '../../src/application/invoices/send-invoice.ts';
import { runPaymentReminders } from '../../src/application/reminders/run-payment-reminders.ts';
import { reminderOverview, saveReminderPolicy } from '../../src/application/reminders/manage-reminders.ts';
import type { ReminderDeps } from '../../src/application/reminders/reminder-deps.ts';
import { DEFAULT_REMINDER_POLICY } from '../../src/domain/reminders/reminder-policy.ts';
import { addDays, dateKey } from '../../src/domain/shared/calendar-date.ts';
import { startSmtpPeer, subjectOf, type ReceivedMail, type SmtpPeer } from '../support/smtp-peer.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ADMIN } from '../support/invoice-deps.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';

const DAY_MS = 86_400_000;
const TZ = 'America/Chicago';

/** A received mail's body as a person reads it (quoted-printable undone). */
function bodyOf(m: ReceivedMail): string {
  const body = m.raw.slice(m.raw.search(/\r?\n\r?\n/));
  return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
}
const header = (m: ReceivedMail, name: string): string => new RegExp(`^${name}: (.*)$`, 'mi').exec(m.raw)?.[1]?.trim() ?? '';

/**
 * The real reminder run on the real container (SQLite, the invoices feature, SMTP to a real peer):
 * invoices are created and sent through the use cases today, then the run is started as it would
 * be today and on later days (only the run's clock moves), and the mails are read as the client
 * would read them.
 */
describe('payment reminders a client receives (real run, real SMTP peer)', () => {
  let smtp: SmtpPeer;
  let container: AppContainer;
  let dir: { path: string; remove: () => void };
  const today = dateKey(new Date(), TZ);
  const reminders = () => smtp.received.filter((m) => !/^(Invoice|Credit note) INV-\d+-\d+ from /.test(subjectOf(m)));
  const runOn = (daysFromNow: number) => {
    const deps: ReminderDeps = { ...container.resolve(TOKENS.ReminderDeps), clock: { now: () => new Date(Date.now() + daysFromNow * DAY_MS) } };
    return runPaymentReminders(deps);
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    dir = tempDir('reminders-smtp-');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir.path, DEMO_DATA: 'false', SMTP_URL: smtp.url, COMPANY_TIME_ZONE: TZ });
    container = await buildContainer(config);
  });
  afterAll(async () => {
    await container?.close();
    await smtp?.close();
    dir?.remove();
  });

  async function sentInvoice(email: string, issueDate: string, terms: 'net0' | 'net30') {
    const client = await createClient(container.resolve(TOKENS.ClientDeps), ADMIN, clientInputSchema.parse(aClientInput({ name: 'Lin Family Household', contacts: [{ name: 'Grace Lin', role: 'Owner', emails: [email], phones: [] }] })));
    const deps = container.resolve(TOKENS.InvoiceDeps);
    const inv = await createInvoiceFromRequest(deps, ADMIN, { clientId: client.id, siteId: null, terms, issueDate, lines: [{ description: 'Deposit', quantity: 1, unitPriceCents: 16_238, taxRateBp: 0, itemId: null }] });
    return sendInvoice(deps, ADMIN, inv.id, {});
  }

  it('a backdated invoice sent today gets no reminder in the grace period, then the gentle one, never an instant "final reminder"', async () => {
    const inv = await sentInvoice('backdated@example.com', addDays(today, -70), 'net30');
    expect(inv.dueDate).toBe(addDays(today, -40));
    await expect.poll(() => smtp.received.filter((m) => m.to.includes('backdated@example.com')).length).toBe(1); // the invoice itself

    for (const day of [0, 1, 6, 7]) expect((await runOn(day)).sent).toBe(0);
    expect(reminders().filter((m) => m.to.includes('backdated@example.com'))).toEqual([]);
    const overview = await reminderOverview(container.resolve(TOKENS.ReminderDeps), ADMIN, 30);
    expect(overview.upcoming.filter((u) => u.invoiceId === inv.id).map((u) => [u.date, u.stepId])[0]).toEqual([addDays(today, 8), 'after-1']);

    expect((await runOn(8)).sent).toBe(1);
    await expect.poll(() => reminders().filter((m) => m.to.includes('backdated@example.com')).length).toBe(1);
    const mail = reminders().find((m) => m.to.includes('backdated@example.com'))!;
    expect(subjectOf(mail)).toBe(`Invoice ${inv.number} is now due`);
    const text = bodyOf(mail);
    expect(text).toContain('Hello Grace,'); // the contact the reminder goes to, not the client's name
    expect(text).toContain('$162.38 is still open');
    expect(text).toMatch(/http:\/\/[^\s]+\/i\/[\w-]+/);
    expect(text).toContain('Shieldline Security');
    expect(text).not.toMatch(/final|\{\{|NaN|undefined|¢/i);
    expect(header(mail, 'Reply-To')).toContain('office@shieldline.example');
    expect((await runOn(8)).sent).toBe(0);
  });

  it('a Net-0 deposit invoice gets no "is due" reminder seconds after it was sent', async () => {
    const inv = await sentInvoice('deposit@example.com', today, 'net0');
    for (const day of [0, 3, 7]) expect((await runOn(day)).sent).toBe(0);
    expect(reminders().filter((m) => m.to.includes('deposit@example.com'))).toEqual([]);
    expect((await getInvoice(container.resolve(TOKENS.InvoiceDeps), ADMIN, inv.id)).invoice.totalCents).toBe(16_238);
  });

  it('no late fee inside the grace period, even when the policy charges one the day after the due date', async () => {
    const deps = container.resolve(TOKENS.ReminderDeps);
    const steps = DEFAULT_REMINDER_POLICY.steps.map((s) => (s.id === 'after-1' ? { ...s, lateFee: { kind: 'flat' as const, cents: 1_500 } } : s));
    await saveReminderPolicy(deps, ADMIN, { ...DEFAULT_REMINDER_POLICY, steps });
    const inv = await sentInvoice('fee@example.com', today, 'net0');
    expect((await runOn(1)).sent).toBe(0);
    expect((await getInvoice(container.resolve(TOKENS.InvoiceDeps), ADMIN, inv.id)).invoice.totalCents).toBe(16_238);
    await runOn(8);
    const after = (await getInvoice(container.resolve(TOKENS.InvoiceDeps), ADMIN, inv.id)).invoice;
    expect(after.totalCents).toBe(16_238 + 1_500);
    expect(after.lines.at(-1)!.description).toBe('Late fee (8 days past the due date)');
  });
});
