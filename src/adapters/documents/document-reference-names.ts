import type { Reference, ReferenceKind, ReferenceLabels, ReferenceNames } from '../../domain/audit/references.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { DocumentData } from '../../domain/persistence/document-data.ts';
import { where } from '../../domain/persistence/query.ts';
import { CLIENTS } from './document-client-repository.ts';
import { MONITORING_CONTRACTS } from './document-contract-repository.ts';
import { EMPLOYEES } from './document-employee-repository.ts';
import { INVENTORY_ITEMS } from './document-inventory-repository.ts';
import { INVOICES } from './document-invoice-repository.ts';
import { JOBS } from './document-job-repository.ts';
import { PROPOSALS } from './document-proposal-repository.ts';

/**
 * Labels of referenced records, read from their documents: one read per id (lists are short:
 * an audit page, a page of movements). Sites live inside their client's document, so they are
 * found through the clients collection. A record that no longer exists gets no label.
 */
const str = (d: DocumentData, k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');

const SOURCES: Readonly<Record<Exclude<ReferenceKind, 'site'>, { collection: string; label: (d: DocumentData) => string }>> = {
  employee: { collection: EMPLOYEES, label: (d) => str(d, 'name') },
  client: { collection: CLIENTS, label: (d) => str(d, 'name') },
  job: { collection: JOBS, label: (d) => joined(str(d, 'number'), str(d, 'title')) },
  item: { collection: INVENTORY_ITEMS, label: (d) => joined(str(d, 'sku'), str(d, 'name')) },
  proposal: { collection: PROPOSALS, label: (d) => joined(str(d, 'number'), str(d, 'title')) },
  invoice: { collection: INVOICES, label: (d) => str(d, 'number') },
  contract: { collection: MONITORING_CONTRACTS, label: (d) => joined(str(d, 'clientName'), str(d, 'plan')) },
};

export class DocumentReferenceNames implements ReferenceNames {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async labels(refs: readonly Reference[]): Promise<ReferenceLabels> {
    const out: ReferenceLabels = {};
    const sites = new Set<string>();
    await Promise.all(
      refs.map(async ({ kind, id }) => {
        if (kind === 'site') return void sites.add(id);
        const src = SOURCES[kind];
        // A job may be referred to by its number as people type it ("J-2026-014").
        const doc = (await this.store.collection(src.collection).get(id)) ?? (kind === 'job' ? await this.jobByNumber(id) : null);
        const label = doc ? src.label(doc) : '';
        if (label) out[id] = label;
      }),
    );
    if (sites.size > 0) Object.assign(out, await this.siteLabels(sites));
    return out;
  }

  private async jobByNumber(number: string): Promise<DocumentData | null> {
    const page = await this.store.collection(JOBS).query({ where: [where('number', '==', number)], limit: 1 });
    return page.docs[0] ?? null;
  }

  /** "Main house (Jane Smith)": the site's label and its client, so two clients' "Home" differ. */
  private async siteLabels(ids: ReadonlySet<string>): Promise<ReferenceLabels> {
    const out: ReferenceLabels = {};
    let cursor: string | null = null;
    do {
      const page = await this.store.collection(CLIENTS).query({ limit: 500, ...(cursor ? { startAfter: cursor } : {}) });
      for (const c of page.docs)
        for (const s of (c['sites'] ?? []) as unknown as { id: string; label: string }[])
          if (ids.has(s.id)) out[s.id] = str(c, 'name') ? `${s.label} (${str(c, 'name')})` : s.label;
      cursor = Object.keys(out).length === ids.size ? null : page.nextCursor;
    } while (cursor !== null);
    return out;
  }
}
