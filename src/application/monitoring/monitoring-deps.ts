import type { Actor } from '../../domain/audit/audit-entry.ts';
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { ClientDirectory } from '../../domain/clients/client-directory.ts';
import type { InvoiceIssuer } from '../../domain/invoices/invoice-issuer.ts';
import type { ContractInvoiceReader, ContractRepository } from '../../domain/monitoring/contract-repository.ts';
import type { IdempotencyKeys } from '../../domain/schedule/idempotency-keys.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';

export interface MonitoringDeps {
  contracts: ContractRepository;
  directory: ClientDirectory;
  keys: IdempotencyKeys;
  issuer: InvoiceIssuer;
  invoices: ContractInvoiceReader;
  audit: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  /** IANA zone the company's calendar dates are in. */
  timeZone: string;
  /** BCP 47 locale dates in messages are written in (config LOCALE). */
  locale: string;
  /** Voids one of the contract's draft invoices (the invoices feature, audited there). */
  voidDraftInvoice: (invoiceId: string, reason: string, actor: Actor) => Promise<void>;
  /** This process's id on idempotency claims. */
  holder: string;
  /** An unpaid contract invoice this many days past its due date makes the contract past-due. */
  pastDueAfterDays: number;
  /** A claim left unfinished this long shows as stuck. */
  stuckAfterMs: number;
  /** Auto-pay (docs/payments.md): clients on auto-pay with a card get their invoice issued and charged; absent: drafts, as before. */
  autoPay?: AutoPayHook;
}

/** What the billing run asks of payments: whose invoices are charged, and the charge (idempotent per invoice). */
export interface AutoPayHook {
  /** True when the client is on auto-pay with a card on file. */
  isOn(clientId: string): Promise<boolean>;
  /** Charges the issued invoice to the client's card; the outcome is audited on the invoice, a decline reported by the provider's webhook. */
  charge(clientId: string, invoiceId: string): Promise<void>;
}

/** Who the scheduler acts as on invoices and audit entries. */
export const SCHEDULER_ACTOR = { id: 'system:scheduler', name: 'Scheduler' } as const;

export const contractScope = (contractId: string): string => `contract:${contractId}`;
export const contractPeriodKey = (contractId: string, period: string): string => `contract:${contractId}:${period}`;
