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
}

/** Who the scheduler acts as on invoices and audit entries. */
export const SCHEDULER_ACTOR = { id: 'system:scheduler', name: 'Scheduler' } as const;

export const contractScope = (contractId: string): string => `contract:${contractId}`;
export const contractPeriodKey = (contractId: string, period: string): string => `contract:${contractId}:${period}`;
