import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentReminderLog, DocumentReminderSettings } from '../../src/adapters/documents/document-reminder-log.ts';
import { DocumentOutboxMailer } from '../../src/adapters/documents/document-outbox-mailer.ts';
import { DocumentAuditLog } from '../../src/adapters/documents/document-audit-log.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { Mailer } from '../../src/domain/mail/mailer.ts';
import type { PauseScope, RemindableInvoice, ReminderInvoices } from '../../src/domain/reminders/reminder-log.ts';
import { reminderKey, type ReminderPolicy } from '../../src/domain/reminders/reminder-policy.ts';
import type { ReminderDeps } from '../../src/application/reminders/reminder-deps.ts';
import { runPaymentReminders } from '../../src/application/reminders/run-payment-reminders.ts';
import { listReminderLog, pauseReminders, reminderOverview, resumeReminders, retryReminder, saveReminderPolicy } from '../../src/application/reminders/manage-reminders.ts';
import { DomainError } from '../../src/domain/shared/domain-error.ts';
import { tempDir } from '../support/temp-dir.ts';

const user = (id: string, name: string) => ({ id, email: `${id}@example.com`, emailVerified: true, displayName: name, photoUrl: null });
const ADMIN: AuthState = { kind: 'admin', user: user('demo-admin-frank', 'Frank Miller') };

/**
 * The invoices as the reminders see them, kept in memory here: this suite is about the log,
 * the claims and the mail on a real SQLite file, and the invoices' own store has its own tests.
 * Late fees are idempotent per key, as the port requires.
 */
class InvoicesInMemory implements ReminderInvoices {
  readonly invoices = new Map<string, RemindableInvoice>();
  readonly feeKeys: string[] = [];

  add(overrides: Partial<RemindableInvoice> = {}): RemindableInvoice {
    const n = this.invoices.size + 1;
    const inv: RemindableInvoice = {
      id: `inv-${n}`,
      number: `INV-2026-${String(n).padStart(4, '0')}`,
      clientId: `client-${n}`,
      clientName: `Client ${n}`,
      email: `client${n}@example.com`,
      status: 'sent',
      dueDate: '2026-11-20',
      firstSentDate: '2026-10-21',
      totalCents: 100_000,
      balanceCents: 100_000,
      publicUrl: `https://shieldline.example/i/token-${n}`,
      ...overrides,
    };
    this.invoices.set(inv.id, inv);
    return inv;
  }
  async listUnpaid() {
    return [...this.invoices.values()].filter((i) => i.status === 'sent' || i.status === 'partial').map((i) => ({ ...i }));
  }
  async labelFor(scope: PauseScope, id: string) {
    const all = [...this.invoices.values()];
    return scope === 'invoice' ? (this.invoices.get(id)?.number ?? null) : (all.find((i) => i.clientId === id)?.clientName ?? null);
  }
  async addLateFee(invoiceId: string, fee: { amountCents: number; key: string }) {
    const inv = this.invoices.get(invoiceId);
    if (inv === undefined) throw new DomainError('not-found', 'No such invoice.');
    if (!this.feeKeys.includes(fee.key)) {
      this.feeKeys.push(fee.key);
      inv.totalCents += fee.amountCents;
      inv.balanceCents += fee.amountCents;
    }
    return { balanceCents: inv.balanceCents, totalCents: inv.totalCents };
  }
}

const POLICY: ReminderPolicy = {
  enabled: true,
  graceDays: 7,
  steps: [
    { id: 'before-3', offsetDays: -3, template: { subject: '{{number}} is due {{dueDate}}', body: 'Hi {{client}}, {{total}} due. {{link}}' }, lateFee: null },
    { id: 'after-7', offsetDays: 7, template: { subject: '{{number}} is {{daysOverdue}} days late', body: 'Hi {{client}}, {{balance}} open incl. {{lateFee}} fee.' }, lateFee: { kind: 'percent', basisPoints: 150 } },
  ],
};

describe('payment reminders on SQLite: each (invoice, step) goes out at most once', () => {
  let dir: { path: string; remove: () => void };
  let stores: DocumentStore[];
  let invoices: InvoicesInMemory;
  let now: Date;
  const open = () => {
    const s = openSqliteDocumentStore(join(dir.path, 'app.db'));
    stores.push(s);
    return s;
  };
  const depsOn = (store: DocumentStore, mailer?: Mailer): ReminderDeps => ({
    invoices,
    log: new DocumentReminderLog(store),
    settings: new DocumentReminderSettings(store),
    mailer: mailer ?? new DocumentOutboxMailer(store, { now: () => now }, { next: () => randomUUID() }),
    audit: new DocumentAuditLog(store, { next: () => randomUUID() }),
    clock: { now: () => now },
    timeZone: 'America/Chicago',
    company: { name: 'Miller Security', phone: '(555) 010-0000', email: 'office@miller.example' },
    money: { currency: 'USD', locale: 'en-US' },
  });
  const outbox = async (store: DocumentStore) => (await new DocumentOutboxMailer(store, { now: () => now }, { next: () => randomUUID() }).list(100)).reverse();

  beforeEach(async () => {
    dir = tempDir('reminders-');
    stores = [];
    invoices = new InvoicesInMemory();
    now = new Date('2026-11-17T15:00:00Z'); // 09:00 in Chicago, three days before the due date
    await saveReminderPolicy(depsOn(open()), ADMIN, POLICY);
  });
  afterEach(async () => {
    await Promise.all(stores.map((s) => s.close()));
    dir.remove();
  });

  it('sends the step that is due, filled in, and a second run sends nothing', async () => {
    const store = stores[0]!;
    const deps = depsOn(store);
    invoices.add({ clientName: 'Ana Ruiz' });
    expect(await runPaymentReminders(deps)).toEqual({ sent: 1, skipped: 0, failed: 0, claimedElsewhere: 0 });
    expect(await runPaymentReminders(deps)).toEqual({ sent: 0, skipped: 0, failed: 0, claimedElsewhere: 0 });
    const mails = await outbox(store);
    expect(mails.map((m) => [m.to, m.subject, m.text])).toEqual([['client1@example.com', 'INV-2026-0001 is due Nov 20, 2026', 'Hi Ana Ruiz, $1,000.00 due. https://shieldline.example/i/token-1']]);
    const log = await listReminderLog(deps, ADMIN, { status: null, invoiceId: null, limit: 10, cursor: null });
    expect(log.entries.map((e) => [e.id, e.status, e.mailId])).toEqual([[reminderKey('inv-1', 'before-3'), 'sent', mails[0]!.id]]);
  });

  it('two runs at once on two connections to the same file send one mail per step', async () => {
    for (let i = 0; i < 20; i++) invoices.add();
    const a = depsOn(stores[0]!);
    const b = depsOn(open());
    const [ra, rb] = await Promise.all([runPaymentReminders(a), runPaymentReminders(b)]);
    expect(ra.sent + rb.sent).toBe(20);
    const mails = await outbox(stores[0]!);
    expect(mails).toHaveLength(20);
    expect(new Set(mails.map((m) => m.to)).size).toBe(20);
  });

  it('of many claims of one key on two connections, exactly one wins', async () => {
    const logs = [new DocumentReminderLog(stores[0]!), new DocumentReminderLog(open())];
    const entry = (i: number) => ({ id: 'reminder:inv-1:after-7', invoiceId: 'inv-1', invoiceNumber: 'INV-2026-0001', clientId: 'c', clientName: 'C', stepId: 'after-7', offsetDays: 7, status: 'sending' as const, to: `run${i}@example.com`, subject: null, lateFeeCents: 0, at: now.toISOString(), sentAt: null, mailId: null, error: null });
    const wins = await Promise.all(Array.from({ length: 12 }, (_, i) => logs[i % 2]!.claim(entry(i))));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = wins.indexOf(true);
    expect((await logs[0]!.get('reminder:inv-1:after-7'))!.to).toBe(`run${winner}@example.com`);
  });

  it('a late step adds its fee once, skips the missed earlier step, and is never sent twice', async () => {
    const deps = depsOn(stores[0]!);
    invoices.add({ status: 'partial', balanceCents: 40_000 });
    now = new Date('2026-11-28T15:00:00Z'); // 8 days late; the −3 step was never sent
    expect(await runPaymentReminders(deps)).toEqual({ sent: 1, skipped: 1, failed: 0, claimedElsewhere: 0 });
    expect(await runPaymentReminders(deps)).toEqual({ sent: 0, skipped: 0, failed: 0, claimedElsewhere: 0 });
    expect(invoices.feeKeys).toEqual([reminderKey('inv-1', 'after-7')]);
    expect(invoices.invoices.get('inv-1')!.balanceCents).toBe(40_600);
    const [mail] = await outbox(stores[0]!);
    expect(mail!.subject).toBe('INV-2026-0001 is 8 days late');
    expect(mail!.text).toBe('Hi Client 1, $406.00 open incl. $6.00 fee.');
  });

  it('paid, void and draft invoices get nothing; a paused client gets nothing until resumed', async () => {
    const deps = depsOn(stores[0]!);
    invoices.add({ status: 'paid', balanceCents: 0 });
    invoices.add({ status: 'void' });
    invoices.add({ status: 'draft' });
    const paused = invoices.add({ clientId: 'client-ana', clientName: 'Ana Ruiz' });
    await pauseReminders(deps, ADMIN, 'client', 'client-ana');
    expect((await runPaymentReminders(deps)).sent).toBe(0);
    expect((await reminderOverview(deps, ADMIN, 30)).pauses.map((p) => p.label)).toEqual(['Ana Ruiz']);
    await resumeReminders(deps, ADMIN, 'client', 'client-ana');
    expect(await runPaymentReminders(deps)).toMatchObject({ sent: 1 });
    expect((await outbox(stores[0]!)).map((m) => m.to)).toEqual([paused.email]);
  });

  it('a mail that fails is logged with its reason and can be retried; nothing is sent twice', async () => {
    let down = true;
    const store = stores[0]!;
    const outboxMailer = new DocumentOutboxMailer(store, { now: () => now }, { next: () => randomUUID() });
    const flaky: Mailer = { send: async (m) => (down ? Promise.reject(new Error('SMTP peer refused: 451 try later')) : outboxMailer.send(m)) };
    const deps = depsOn(store, flaky);
    invoices.add();
    expect(await runPaymentReminders(deps)).toMatchObject({ sent: 0, failed: 1 });
    const key = reminderKey('inv-1', 'before-3');
    expect((await deps.log.get(key))!).toMatchObject({ status: 'failed', error: 'SMTP peer refused: 451 try later' });
    expect(await runPaymentReminders(deps)).toMatchObject({ sent: 0, failed: 0 });
    down = false;
    expect(await retryReminder(deps, ADMIN, key)).toMatchObject({ sent: 1 });
    expect(await outbox(store)).toHaveLength(1);
    await expect(retryReminder(deps, ADMIN, key)).rejects.toThrow('A sent reminder cannot be retried.');
  });

  it('a run that stopped after its claim leaves the step stuck, never resent on its own; an admin may retry after 15 minutes', async () => {
    const deps = depsOn(stores[0]!);
    invoices.add();
    const key = reminderKey('inv-1', 'before-3');
    // What a run that died between claim and mail leaves behind.
    await deps.log.claim({ id: key, invoiceId: 'inv-1', invoiceNumber: 'INV-2026-0001', clientId: 'client-1', clientName: 'Client 1', stepId: 'before-3', offsetDays: -3, status: 'sending', to: 'client1@example.com', subject: null, lateFeeCents: 0, at: now.toISOString(), sentAt: null, mailId: null, error: null });
    expect(await runPaymentReminders(deps)).toMatchObject({ sent: 0 });
    await expect(retryReminder(deps, ADMIN, key)).rejects.toThrow('being sent right now');
    now = new Date(now.getTime() + 16 * 60_000);
    expect(await retryReminder(deps, ADMIN, key)).toMatchObject({ sent: 1 });
    expect(await outbox(stores[0]!)).toHaveLength(1);
  });

  it('a client without an e-mail address is logged as failed, not silently dropped', async () => {
    const deps = depsOn(stores[0]!);
    invoices.add({ email: null });
    expect(await runPaymentReminders(deps)).toMatchObject({ failed: 1 });
    const log = await listReminderLog(deps, ADMIN, { status: 'failed', invoiceId: null, limit: 10, cursor: null });
    expect(log.entries.map((e) => e.error)).toEqual(['The client has no e-mail address.']);
  });

  it('the upcoming list shows what goes out when, and saving a bad policy changes nothing', async () => {
    const deps = depsOn(stores[0]!);
    invoices.add();
    const overview = await reminderOverview(deps, ADMIN, 30);
    expect(overview.upcoming.map((u) => [u.date, u.stepId, u.lateFeeCents])).toEqual([
      ['2026-11-17', 'before-3', 0],
      ['2026-11-27', 'after-7', 1_500],
    ]);
    await expect(saveReminderPolicy(deps, ADMIN, { ...POLICY, steps: [{ ...POLICY.steps[0]!, offsetDays: 1.5 }] })).rejects.toThrow(DomainError);
    expect((await reminderOverview(deps, ADMIN, 30)).policy).toEqual(POLICY);
  });

  it('viewers cannot change the policy, pause or run', async () => {
    const deps = depsOn(stores[0]!);
    const viewer: AuthState = {
      kind: 'employee',
      user: user('demo-employee-maria', 'Maria Lopez'),
      employee: { id: 'emp-maria', email: 'maria@example.com', employmentStatus: 'active', permissions: { viewInvoices: true }, name: 'Maria Lopez', phone: null, title: null, photoUrl: null },
    } as AuthState;
    await expect(reminderOverview(deps, viewer, 7)).resolves.toBeDefined();
    await expect(saveReminderPolicy(deps, viewer, POLICY)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(pauseReminders(deps, viewer, 'client', 'client-1')).rejects.toMatchObject({ code: 'forbidden' });
  });
});
