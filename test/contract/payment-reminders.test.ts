import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentReminderLog } from '../../src/adapters/documents/document-reminder-log.ts';
import { DocumentOutboxMailer } from '../../src/adapters/documents/document-outbox-mailer.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { Mailer } from '../../src/domain/mail/mailer.ts';
import { reminderKey } from '../../src/domain/reminders/reminder-policy.ts';
import type { ReminderDeps } from '../../src/application/reminders/reminder-deps.ts';
import { runPaymentReminders } from '../../src/application/reminders/run-payment-reminders.ts';
import { listReminderLog, pauseReminders, reminderOverview, resumeReminders, retryReminder, saveReminderPolicy } from '../../src/application/reminders/manage-reminders.ts';
import { DomainError } from '../../src/domain/shared/domain-error.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ADMIN, InvoicesInMemory, outboxOf, POLICY, reminderDeps, user } from './support/reminder-fixtures.ts';

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
  const depsOn = (store: DocumentStore, mailer?: Mailer): ReminderDeps => reminderDeps(store, invoices, () => now, mailer);
  const outbox = (store: DocumentStore) => outboxOf(store, () => now);

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

  // Two runs at once on two connections: the shared contract suite (document-store.contract.ts), on every driver.

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
