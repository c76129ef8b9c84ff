import type { DocumentStore, UpdatePatch } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { orderBy, where, type Filter } from '../../domain/persistence/query.ts';
import type { ContractListQuery, ContractPage, ContractPatch, ContractRepository, NewContract } from '../../domain/monitoring/contract-repository.ts';
import { contractKeywords, type ContractStatus, type MonitoringContract } from '../../domain/monitoring/monitoring-contract.ts';
import { BILLABLE_STATUSES } from '../../domain/monitoring/monitoring-contract.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

/** Stored alongside the contract for the list: search prefixes and a case-folded sort name. */
type Doc = NewContract & { keywords: string[]; clientNameKey: string };

export const MONITORING_CONTRACTS = 'monitoring_contracts';

const toContract = (d: StoredDocument<Doc>): MonitoringContract => ({
  id: d.id,
  clientId: d.clientId,
  siteId: d.siteId,
  clientName: d.clientName,
  siteLabel: d.siteLabel,
  plan: d.plan,
  monthlyFeeCents: d.monthlyFeeCents,
  taxRateBp: d.taxRateBp,
  billingCycle: d.billingCycle,
  centralStation: d.centralStation,
  accountNumber: d.accountNumber,
  startDate: d.startDate,
  endDate: d.endDate,
  status: d.status,
  cancelReason: d.cancelReason,
  activatedAt: d.activatedAt,
  cancelledAt: d.cancelledAt,
  nextBillingDate: d.nextBillingDate,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

const derived = (c: NewContract): Pick<Doc, 'keywords' | 'clientNameKey'> => ({ keywords: contractKeywords(c), clientNameKey: c.clientName.toLowerCase() });

/** A stored contract's fields after its client was renamed: the name, its search prefixes and sort key. */
export const contractClientNamePatch = (d: StoredDocument<Doc>, clientName: string): UpdatePatch => ({ clientName, ...derived({ ...d, clientName }) });

const SORT_FIELD: Record<ContractListQuery['sort'], string> = {
  createdAt: 'createdAt',
  clientName: 'clientNameKey',
  plan: 'plan',
  monthlyFeeCents: 'monthlyFeeCents',
  startDate: 'startDate',
  status: 'status',
};

/** Monitoring contracts on the document store (SQLite or MongoDB). */
export class DocumentContractRepository implements ContractRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get contracts() {
    return this.store.collection<Doc>(MONITORING_CONTRACTS);
  }

  async get(id: string): Promise<MonitoringContract | null> {
    const d = await this.contracts.get(id);
    return d ? toContract(d) : null;
  }

  async create(data: NewContract): Promise<MonitoringContract> {
    return toContract(await this.contracts.create({ ...data, ...derived(data) }));
  }

  async update(id: string, patch: ContractPatch): Promise<MonitoringContract> {
    const before = await this.get(id);
    if (!before) throw new DomainError('not-found', 'No such contract.');
    const { id: _id, createdAt: _c, updatedAt: _u, ...merged } = { ...before, ...patch };
    return toContract(await this.contracts.update(id, { ...patch, ...derived(merged) }));
  }

  async list(q: ContractListQuery): Promise<ContractPage> {
    const filters: Filter[] = [];
    if (q.status !== null) filters.push(where('status', '==', q.status));
    for (const w of q.words) filters.push(where('keywords', 'array-contains', w));
    const [page, total] = await Promise.all([
      this.contracts.query({ where: filters, orderBy: [orderBy(SORT_FIELD[q.sort], q.direction)], limit: q.limit, ...(q.cursor ? { startAfter: q.cursor } : {}) }),
      this.contracts.count(filters),
    ]);
    return { items: page.docs.map(toContract), total, nextCursor: page.nextCursor };
  }

  async listDueForBilling(today: string): Promise<MonitoringContract[]> {
    return this.all([where('status', 'in', [...BILLABLE_STATUSES]), where('nextBillingDate', '<=', today)]);
  }

  listByStatus(statuses: readonly ContractStatus[]): Promise<MonitoringContract[]> {
    return this.all([where('status', 'in', [...statuses])]);
  }

  listAll(): Promise<MonitoringContract[]> {
    return this.all([]);
  }

  private async all(filters: Filter[]): Promise<MonitoringContract[]> {
    const out: MonitoringContract[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.contracts.query({ where: filters, orderBy: [orderBy('createdAt')], limit: 500, ...(cursor ? { startAfter: cursor } : {}) });
      out.push(...page.docs.map(toContract));
      cursor = page.nextCursor;
    } while (cursor !== null);
    return out;
  }
}
