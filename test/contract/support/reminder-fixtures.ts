import { randomUUID } from 'node:crypto';
import { DocumentReminderLog, DocumentReminderSettings } from '../../../src/adapters/documents/document-reminder-log.ts';
import { DocumentOutboxMailer } from '../../../src/adapters/documents/document-outbox-mailer.ts';
import { DocumentAuditLog } from '../../../src/adapters/documents/document-audit-log.ts';
import type { DocumentStore } from '../../../src/domain/persistence/document-store.ts';
import type { AuthState } from '../../../src/domain/auth/permissions.ts';
import type { Mailer } from '../../../src/domain/mail/mailer.ts';
import type { PauseScope, RemindableInvoice, ReminderInvoices } from '../../../src/domain/reminders/reminder-log.ts';
import type { ReminderPolicy } from '../../../src/domain/reminders/reminder-policy.ts';
import type { ReminderDeps } from '../../../src/application/reminders/reminder-deps.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';

/** The reminder run's parts on a real store (payment-reminders.test.ts, and the shared contract suite on every driver). */

export const user = (id: string, name: string) => ({ id, email: `${id}@example.com`, emailVerified: true, displayName: name, photoUrl: null });
export const ADMIN: AuthState = { kind: 'admin', user: user('demo-admin-frank', 'Frank Miller') };

/**
 * The invoices as the reminders see them, kept in memory here: this suite is about the log,
 * the claims and the mail on a real SQLite file, and the invoices' own store has its own tests.
 * Late fees are idempotent per key, as the port requires.
 */
export class InvoicesInMemory implements ReminderInvoices {
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

export const POLICY: ReminderPolicy = {
  enabled: true,
  graceDays: 7,
  steps: [
    { id: 'before-3', offsetDays: -3, template: { subject: '{{number}} is due {{dueDate}}', body: 'Hi {{client}}, {{total}} due. {{link}}' }, lateFee: null },
    { id: 'after-7', offsetDays: 7, template: { subject: '{{number}} is {{daysOverdue}} days late', body: 'Hi {{client}}, {{balance}} open incl. {{lateFee}} fee.' }, lateFee: { kind: 'percent', basisPoints: 150 } },
  ],
};

/** The reminder run's deps on `store`, the invoices in memory and the time `now()` says. */
export const reminderDeps = (store: DocumentStore, invoices: ReminderInvoices, now: () => Date, mailer?: Mailer): ReminderDeps => ({
  invoices,
  log: new DocumentReminderLog(store),
  settings: new DocumentReminderSettings(store),
  mailer: mailer ?? new DocumentOutboxMailer(store, { now }, { next: () => randomUUID() }),
  audit: new DocumentAuditLog(store, { next: () => randomUUID() }),
  clock: { now },
  timeZone: 'America/Chicago',
  company: { name: 'Miller Security', phone: '(555) 010-0000', email: 'office@miller.example' },
  money: { currency: 'USD', locale: 'en-US' },
});

/** The mails queued, oldest first. */
export const outboxOf = async (store: DocumentStore, now: () => Date) => (await new DocumentOutboxMailer(store, { now }, { next: () => randomUUID() }).list(100)).reverse();
