import type { Collection, DocumentStore } from '../../domain/persistence/document-store.ts';
import type { BillableJob, BillableMaterial, JobMaterials } from '../../domain/invoices/job-materials.ts';
import type { InventoryRepository } from '../../domain/inventory/inventory-repository.ts';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Reads the 'jobs' collection loosely (the jobs feature owns its shape): client, site, number,
 * title and materials[] { itemId, qty }. Each material is priced from the inventory item; a
 * material whose item is gone or whose quantity is not a positive number is left out.
 */
export class DocumentJobMaterials implements JobMaterials {
  private readonly jobs: Collection;
  private readonly inventory: InventoryRepository;

  constructor(store: DocumentStore, inventory: InventoryRepository) {
    this.jobs = store.collection('jobs');
    this.inventory = inventory;
  }

  async billableJob(jobId: string): Promise<BillableJob | null> {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(jobId)) return null;
    const doc = (await this.jobs.get(jobId)) as Record<string, unknown> | null;
    const clientId = doc ? str(doc['clientId']) : null;
    if (!doc || !clientId) return null;
    const raw = Array.isArray(doc['materials']) ? (doc['materials'] as unknown[]) : [];
    const materials: BillableMaterial[] = [];
    for (const m of raw) {
      if (m === null || typeof m !== 'object') continue;
      const itemId = str((m as Record<string, unknown>)['itemId']);
      const qty = (m as Record<string, unknown>)['qty'] ?? (m as Record<string, unknown>)['quantity'];
      if (!itemId || typeof qty !== 'number' || !(qty > 0)) continue;
      const item = await this.inventory.getItem(itemId);
      if (!item) continue;
      materials.push({ itemId, description: `${item.name} (${item.sku})`, quantity: qty, unitPriceCents: item.unitPriceCents });
    }
    return { id: jobId, number: str(doc['number']) ?? jobId, clientId, siteId: str(doc['siteId']), title: str(doc['title']) ?? '', materials };
  }
}
