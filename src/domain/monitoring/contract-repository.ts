import type { ContractStatus, MonitoringContract } from './monitoring-contract.ts';

export const CONTRACT_SORTS = ['createdAt', 'clientName', 'plan', 'monthlyFeeCents', 'startDate', 'status'] as const;
export type ContractSort = (typeof CONTRACT_SORTS)[number];

export interface ContractListQuery {
  status: ContractStatus | null;
  /** Lower-case words; a contract matches when every word starts one of its search terms. */
  words: string[];
  sort: ContractSort;
  direction: 'asc' | 'desc';
  limit: number;
  cursor: string | null;
}

export interface ContractPage {
  items: MonitoringContract[];
  total: number;
  nextCursor: string | null;
}

export type NewContract = Omit<MonitoringContract, 'id' | 'createdAt' | 'updatedAt'>;
export type ContractPatch = Partial<Omit<MonitoringContract, 'id' | 'createdAt' | 'updatedAt'>>;

export interface ContractRepository {
  get(id: string): Promise<MonitoringContract | null>;
  create(data: NewContract): Promise<MonitoringContract>;
  update(id: string, patch: ContractPatch): Promise<MonitoringContract>;
  list(query: ContractListQuery): Promise<ContractPage>;
  /** Billable contracts whose next billing date is on or before `today`. */
  listDueForBilling(today: string): Promise<MonitoringContract[]>;
  /** Every contract with the given statuses (summary figures; a family business has hundreds). */
  listByStatus(statuses: readonly ContractStatus[]): Promise<MonitoringContract[]>;
  listAll(): Promise<MonitoringContract[]>;
}

/**
 * Unpaid invoices of contracts, read from the invoices feature's records; an absent or foreign
 * shape reads as nothing, so this never blocks billing.
 */
export interface ContractInvoiceReader {
  /** Contract ids with an unpaid invoice whose due date is before `dueBefore` (YYYY-MM-DD). */
  contractsWithOverdueInvoices(dueBefore: string): Promise<Set<string>>;
  /** The invoice already made for a contract's period, if the invoices feature has one. */
  findPeriodInvoice(contractId: string, period: string): Promise<{ id: string; number: string | null } | null>;
  /** The contract's invoices still in draft (never sent), oldest period first: cancelling may void them. */
  unsentDrafts(contractId: string): Promise<UnsentDraft[]>;
  /** The status of each of the contract's invoices by invoice id (draft, sent, partial, paid, void). */
  invoiceStatuses(contractId: string): Promise<Map<string, string>>;
}

export interface UnsentDraft {
  invoiceId: string;
  number: string;
  period: string;
  totalCents: number;
}
