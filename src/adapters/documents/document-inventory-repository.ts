import type { DocumentStore, Transaction } from '../../domain/persistence/document-store.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import { isDatabaseError } from '../../domain/persistence/database-error.ts';
import { orderBy, where, type Filter } from '../../domain/persistence/query.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { NewAuditEntry } from '../../domain/audit/audit-entry.ts';
import { normaliseSku, searchKeywords, type InventoryItem } from '../../domain/inventory/inventory-item.ts';
import type { InventoryRepository, ItemQuery } from '../../domain/inventory/inventory-repository.ts';
import type { Page } from '../../domain/shared/page.ts';
import { normaliseSerial, serialRecordId, type SerialRecord } from '../../domain/inventory/serial-number.ts';
import type { AppliedMovement, AppliedReversal, StockMovement } from '../../domain/inventory/stock-movement.ts';
import { writeAuditEntry } from './document-audit-log.ts';
import { QueuedTransactions } from './queued-transactions.ts';

export const INVENTORY_ITEMS = 'inventory_items';
export const STOCK_MOVEMENTS = 'stock_movements';
export const SERIAL_NUMBERS = 'serial_numbers';


const toDoc = (i: InventoryItem): DocumentData => {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = i;
  // nameKey: names sort case-insensitively ('PowerG door' before 'PowerG PIR').
  return { ...rest, camera: rest.camera ? { ...rest.camera } : null, keywords: searchKeywords(i), nameKey: i.name.toLowerCase() } as unknown as DocumentData;
};

const toItem = (d: StoredDocument): InventoryItem => {
  const { keywords: _k, nameKey: _n, ...rest } = d as unknown as InventoryItem & { keywords: string[]; nameKey: string };
  return rest;
};

const stripMeta = <T extends { id: string }>(v: T): DocumentData => {
  const { id: _id, ...rest } = v;
  return JSON.parse(JSON.stringify(rest)) as DocumentData;
};

const fromStored = <T>(d: StoredDocument<DocumentData>): T => {
  const { createdAt: _c, updatedAt: _u, ...rest } = d;
  return rest as unknown as T;
};

const notFound = (id: string) => new DomainError('not-found', `No inventory item ${id}.`);
const skuTaken = (sku: string) => new DomainError('conflict', `SKU ${sku} is already used by another item.`, { sku: ['This SKU is already in use.'] });

/**
 * Inventory on the document store. A movement is one transaction: the item's counters, the
 * movement, the serial records and the audit entry commit together or not at all; the store
 * re-runs the transaction when the item changed under it. Within this process, movements on one
 * item also queue behind each other (KeyedLock), so a burst of them does not spend its retries
 * colliding; across processes the transaction alone keeps them right.
 */
export class DocumentInventoryRepository implements InventoryRepository {
  private readonly store: DocumentStore;
  private readonly transactions: QueuedTransactions;

  constructor(store: DocumentStore, options: { maxAttempts?: number } = {}) {
    this.store = store;
    this.transactions = new QueuedTransactions(store, options.maxAttempts ?? 25);
  }

  async createItem(item: InventoryItem, audit: NewAuditEntry): Promise<InventoryItem> {
    if (await this.findBySku(item.sku)) throw skuTaken(item.sku);
    try {
      await this.store.runTransaction(async (tx) => {
        tx.create(INVENTORY_ITEMS, item.id, toDoc(item));
        writeAuditEntry(tx, audit);
      });
    } catch (e) {
      if (isDatabaseError(e, 'already-exists')) throw skuTaken(item.sku);
      throw e;
    }
    return (await this.getItem(item.id)) ?? item;
  }

  async updateItem(id: string, change: (current: InventoryItem) => { item: InventoryItem; audit: NewAuditEntry | null }): Promise<InventoryItem> {
    try {
      await this.transactions.run(id, async (tx) => {
        const doc = await tx.get(INVENTORY_ITEMS, id);
        if (!doc) throw notFound(id);
        const { item, audit } = change(toItem(doc));
        tx.set(INVENTORY_ITEMS, id, toDoc(item));
        if (audit) writeAuditEntry(tx, audit);
      });
    } catch (e) {
      if (isDatabaseError(e, 'already-exists')) throw new DomainError('conflict', 'That SKU is already used by another item.', { sku: ['This SKU is already in use.'] });
      throw e;
    }
    return (await this.getItem(id)) ?? notFoundThrow(id);
  }

  async getItem(id: string): Promise<InventoryItem | null> {
    const d = await this.store.collection(INVENTORY_ITEMS).get(id);
    return d ? toItem(d) : null;
  }

  async findBySku(sku: string): Promise<InventoryItem | null> {
    const page = await this.store.collection(INVENTORY_ITEMS).query({ where: [where('sku', '==', normaliseSku(sku))], limit: 1 });
    return page.docs[0] ? toItem(page.docs[0]) : null;
  }

  async listItems(q: ItemQuery): Promise<Page<InventoryItem>> {
    const filters: Filter[] = [];
    if (q.category !== null) filters.push(where('category', '==', q.category));
    if (q.lowStock !== null) filters.push(where('lowStock', '==', q.lowStock));
    for (const w of q.words) filters.push(where('keywords', 'array-contains', w));
    const page = await this.store.collection(INVENTORY_ITEMS).query({
      where: filters,
      orderBy: [orderBy(q.sort === 'name' ? 'nameKey' : q.sort, q.direction)],
      limit: q.limit,
      ...(q.cursor ? { startAfter: q.cursor } : {}),
    });
    return { items: page.docs.map(toItem), nextCursor: page.nextCursor };
  }

  async allItems(filter: { lowStock?: boolean } = {}): Promise<InventoryItem[]> {
    const out: InventoryItem[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.collection(INVENTORY_ITEMS).query({
        where: filter.lowStock === undefined ? [] : [where('lowStock', '==', filter.lowStock)],
        orderBy: [orderBy('sku')],
        limit: 500,
        ...(cursor ? { startAfter: cursor } : {}),
      });
      out.push(...page.docs.map(toItem));
      cursor = page.nextCursor;
    } while (cursor !== null);
    return out;
  }

  countItems(): Promise<number> {
    return this.store.collection(INVENTORY_ITEMS).count();
  }

  async applyMovement(
    itemId: string,
    serials: string[],
    apply: (item: InventoryItem, serials: ReadonlyMap<string, SerialRecord | null>) => AppliedMovement & { audit: NewAuditEntry },
  ): Promise<AppliedMovement> {
    return this.transactions.run(itemId, async (tx) => {
      const doc = await tx.get(INVENTORY_ITEMS, itemId);
      if (!doc) throw notFound(itemId);
      const applied = apply(toItem(doc), await readSerials(tx, itemId, serials));
      return commitMovement(tx, applied);
    });
  }

  async reverseMovement(
    itemId: string,
    movementId: string,
    apply: (item: InventoryItem, original: StockMovement, serials: ReadonlyMap<string, SerialRecord | null>) => AppliedReversal & { audit: NewAuditEntry },
  ): Promise<AppliedReversal> {
    return this.transactions.run(itemId, async (tx) => {
      const doc = await tx.get(INVENTORY_ITEMS, itemId);
      if (!doc) throw notFound(itemId);
      const stored = movementId.length <= 200 ? await tx.get(STOCK_MOVEMENTS, movementId) : null;
      const original = stored ? fromStored<StockMovement>({ ...stored, id: movementId }) : null;
      if (!original || original.itemId !== itemId) throw new DomainError('not-found', 'That movement does not exist for this item.');
      const applied = apply(toItem(doc), original, await readSerials(tx, itemId, original.serials));
      tx.update(STOCK_MOVEMENTS, movementId, { reversedBy: applied.movement.id });
      return { ...commitMovement(tx, applied), original: applied.original };
    });
  }

  async listMovements(itemId: string, options: { limit: number; cursor: string | null }): Promise<Page<StockMovement>> {
    const page = await this.store.collection(STOCK_MOVEMENTS).query({
      where: [where('itemId', '==', itemId)],
      orderBy: [orderBy('createdAt', 'desc')],
      limit: options.limit,
      ...(options.cursor ? { startAfter: options.cursor } : {}),
    });
    return { items: page.docs.map((d) => fromStored<StockMovement>(d)), nextCursor: page.nextCursor };
  }

  async listSerials(itemId: string): Promise<SerialRecord[]> {
    const out: SerialRecord[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.collection(SERIAL_NUMBERS).query({
        where: [where('itemId', '==', itemId)],
        orderBy: [orderBy('serial')],
        limit: 500,
        ...(cursor ? { startAfter: cursor } : {}),
      });
      out.push(...page.docs.map((d) => fromStored<SerialRecord>(d)));
      cursor = page.nextCursor;
    } while (cursor !== null);
    return out;
  }

  async getSerial(itemId: string, serial: string): Promise<SerialRecord | null> {
    const id = serialRecordId(itemId, serial);
    if (id.length > 200 || !/^[A-Za-z0-9_\-:.@+]+$/.test(id)) return null;
    const d = await this.store.collection(SERIAL_NUMBERS).get(id);
    return d ? fromStored<SerialRecord>(d) : null;
  }

}

/** The current record (or null) of each serial, read inside the transaction. */
async function readSerials(tx: Transaction, itemId: string, serials: readonly string[]): Promise<Map<string, SerialRecord | null>> {
  const existing = new Map<string, SerialRecord | null>();
  for (const s of new Set(serials.map(normaliseSerial).filter((v) => v !== ''))) {
    // Ids are checked by the store; a serial that cannot be an id was refused by the domain already.
    const id = serialRecordId(itemId, s);
    const rec = id.length <= 200 ? await tx.get(SERIAL_NUMBERS, id) : null;
    existing.set(s, rec ? fromStored<SerialRecord>({ ...rec, id }) : null);
  }
  return existing;
}

/** Writes a movement's item counters, the movement, its serial records and its audit entry. */
function commitMovement(tx: Transaction, applied: AppliedMovement & { audit: NewAuditEntry }): AppliedMovement {
  tx.set(INVENTORY_ITEMS, applied.item.id, toDoc(applied.item));
  tx.create(STOCK_MOVEMENTS, applied.movement.id, stripMeta(applied.movement));
  for (const rec of applied.serials) tx.set(SERIAL_NUMBERS, rec.id, stripMeta(rec));
  writeAuditEntry(tx, applied.audit);
  return { item: applied.item, movement: applied.movement, serials: applied.serials };
}

function notFoundThrow(id: string): never {
  throw notFound(id);
}
