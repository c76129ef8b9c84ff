import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentInventoryRepository } from '../../src/adapters/documents/document-inventory-repository.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { InventoryViewDeps } from '../../src/application/inventory/inventory-deps.ts';
import { DocumentAuditLog } from '../../src/adapters/documents/document-audit-log.ts';
import { DocumentReferenceNames } from '../../src/adapters/documents/document-reference-names.ts';
import { createInventoryItem } from '../../src/application/inventory/create-inventory-item.ts';
import { updateInventoryItem } from '../../src/application/inventory/update-inventory-item.ts';
import { recordStockMovement } from '../../src/application/inventory/record-stock-movement.ts';
import { reverseStockMovement } from '../../src/application/inventory/reverse-stock-movement.ts';
import { getInventoryItem } from '../../src/application/inventory/get-inventory-item.ts';
import { listInventoryItems, type ListItemsInput } from '../../src/application/inventory/list-inventory-items.ts';
import { getSerialHistory } from '../../src/application/inventory/get-serial-history.ts';
import { lowStockReport } from '../../src/application/inventory/low-stock-report.ts';
import { exportInventoryCsv } from '../../src/application/inventory/export-inventory-csv.ts';
import { seedInventory, DEMO_CATALOGUE } from '../../src/application/demo/seed-inventory.ts';
import { where } from '../../src/domain/persistence/query.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aMovement, itemDetails } from '../unit/inventory/inventory-factories.ts';

/** Use cases with the real document repository on an SQLite file (only time and ids are fixed). */
const user = (id: string, name: string) => ({ id, email: `${id}@example.com`, emailVerified: true, displayName: name, photoUrl: null });
const ADMIN: AuthState = { kind: 'admin', user: user('demo-admin-frank', 'Frank Miller') };
const VIEWER: AuthState = {
  kind: 'employee',
  user: user('demo-employee-maria', 'Maria Lopez'),
  employee: { id: 'emp-maria', email: 'demo-employee-maria@example.com', employmentStatus: 'active', permissions: { viewInventory: true }, name: 'Maria Lopez', phone: null, title: null, photoUrl: null },
};

const list = (deps: InventoryViewDeps, over: Partial<ListItemsInput> = {}) =>
  listInventoryItems(deps, ADMIN, { search: '', category: null, lowStock: null, sort: 'name', direction: 'asc', limit: 50, cursor: null, ...over });

describe('inventory use cases on SQLite', () => {
  let dir: { path: string; remove: () => void };
  let stores: DocumentStore[];
  let deps: InventoryViewDeps;
  const open = () => {
    const s = openSqliteDocumentStore(join(dir.path, 'app.db'));
    stores.push(s);
    return s;
  };

  beforeEach(async () => {
    dir = tempDir('inventory-');
    stores = [];
    let t = Date.parse('2026-11-23T09:00:00Z');
    const store = open();
    const ids = { next: () => randomUUID() };
    const names = new DocumentReferenceNames(store);
    deps = { inventory: new DocumentInventoryRepository(store), clock: { now: () => new Date((t += 1000)) }, ids, audit: new DocumentAuditLog(store, ids, names), names };
    // Movements name real jobs: one the tests use by id ('job-7') and by number ('JOB-0007').
    await store.collection('jobs').create({ number: 'JOB-0007', title: 'Garage keypad' }, 'job-7');
  });
  afterEach(async () => {
    for (const s of stores) await s.close();
    dir.remove();
  });

  it('creates an item, refuses a second with the same SKU, and audits the creation', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails({ sku: 'dsc-pg9945' }));
    expect(item).toMatchObject({ sku: 'DSC-PG9945', onHand: 0, available: 0 });
    await expect(createInventoryItem(deps, ADMIN, itemDetails({ sku: 'DSC-PG9945' }))).rejects.toMatchObject({ code: 'conflict', fields: { sku: expect.any(Array) } });
    const audit = await stores[0]!.collection('audit_log').query({ where: [where('entityId', '==', item.id)] });
    expect(audit.docs).toEqual([expect.objectContaining({ entity: 'inventory-item', action: 'create', actorId: 'demo-admin-frank', actorName: 'Frank Miller' })]);
  });

  it('a viewer may read but not change anything', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails());
    expect((await getInventoryItem(deps, VIEWER, item.id)).item.id).toBe(item.id);
    await expect(createInventoryItem(deps, VIEWER, itemDetails())).rejects.toMatchObject({ code: 'forbidden' });
    await expect(recordStockMovement(deps, VIEWER, item.id, aMovement())).rejects.toMatchObject({ code: 'forbidden' });
    await expect(updateInventoryItem(deps, VIEWER, item.id, itemDetails())).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('updates details, writes the changed fields to the audit log, and keeps stock', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails({ unitPriceCents: 5900 }));
    await recordStockMovement(deps, ADMIN, item.id, aMovement({ quantity: 4 }));
    const updated = await updateInventoryItem(deps, ADMIN, item.id, { ...item, unitPriceCents: 6400 });
    expect(updated).toMatchObject({ unitPriceCents: 6400, onHand: 4 });
    const audit = await stores[0]!.collection('audit_log').query({ where: [where('entityId', '==', item.id), where('action', '==', 'update')] });
    expect(audit.docs.map((d) => d['changes'])).toEqual([[{ field: 'unitPriceCents', from: 5900, to: 6400 }]]);
  });

  it('a serialized camera: receive 3 with serials, use one on a job, and its history leads to the site', async () => {
    const cam = await createInventoryItem(deps, ADMIN, itemDetails({ category: 'camera', serialized: true, camera: { horizontalResolutionPx: 2688, horizontalFovDeg: 103, focalLengthMm: null, sensorWidthMm: null } }));
    await recordStockMovement(deps, ADMIN, cam.id, aMovement({ kind: 'receive', quantity: 3, serials: ['SN-1', 'SN-2', 'SN-3'], supplier: 'Anixter' }));
    const used = await recordStockMovement(deps, ADMIN, cam.id, aMovement({ kind: 'use', quantity: 1, serials: ['sn-2'], jobId: 'JOB-0007', siteId: 'site-9' }));
    expect(used.item).toMatchObject({ onHand: 2, available: 2 });
    const history = await getSerialHistory(deps, VIEWER, cam.id, 'SN-2');
    expect(history).toMatchObject({ status: 'installed', jobId: 'JOB-0007', siteId: 'site-9' });
    expect(history.history.map((h) => [h.kind, h.status])).toEqual([['receive', 'in-stock'], ['use', 'installed']]);
    const view = await getInventoryItem(deps, ADMIN, cam.id);
    expect(view.movements.items.map((m) => m.kind)).toEqual(['use', 'receive']);
    expect(view.serials.map((s) => [s.serial, s.status])).toEqual([['SN-1', 'in-stock'], ['SN-2', 'installed'], ['SN-3', 'in-stock']]);
    await expect(recordStockMovement(deps, ADMIN, cam.id, aMovement({ kind: 'receive', quantity: 1, serials: ['SN-1'] }))).rejects.toMatchObject({ code: 'conflict' });
  });

  it('the item view names the job and site its movements refer to, and lists its audit trail with those names', async () => {
    const store = stores[0]!;
    await store.collection('jobs').create({ number: 'J-2026-042', title: 'Front gate cameras' }, 'job-42');
    await store.collection('clients').create({ name: 'Jane Smith', sites: [{ id: 'site-9', label: 'Main house' }] }, 'client-1');
    const cam = await createInventoryItem(deps, ADMIN, itemDetails({ category: 'camera', serialized: true }));
    await recordStockMovement(deps, ADMIN, cam.id, aMovement({ kind: 'receive', quantity: 2, serials: ['SN-1', 'SN-2'], supplier: 'Anixter' }));
    await recordStockMovement(deps, ADMIN, cam.id, aMovement({ kind: 'use', quantity: 1, serials: ['SN-2'], jobId: 'job-42', siteId: 'site-9' }));
    const view = await getInventoryItem(deps, VIEWER, cam.id);
    expect(view.labels).toEqual({ 'job-42': 'J-2026-042 · Front gate cameras', 'site-9': 'Main house (Jane Smith)' });
    expect(view.history.map((e) => e.action)).toEqual(['movement:use', 'movement:receive', 'create']);
    expect(view.history[0]!.labels).toEqual({ 'job-42': 'J-2026-042 · Front gate cameras', 'site-9': 'Main house (Jane Smith)' });
    expect((await getSerialHistory(deps, VIEWER, cam.id, 'SN-2')).labels).toEqual(view.labels);
  });

  it('a refused movement changes nothing: no counters, no movement, no serials, no audit', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails());
    await recordStockMovement(deps, ADMIN, item.id, aMovement({ quantity: 2 }));
    const auditBefore = await stores[0]!.collection('audit_log').count();
    await expect(recordStockMovement(deps, ADMIN, item.id, aMovement({ kind: 'use', quantity: 3, jobId: 'job-7' }))).rejects.toThrow(/Not enough stock: 2 available/);
    const view = await getInventoryItem(deps, ADMIN, item.id);
    expect(view.item.onHand).toBe(2);
    expect(view.movements.items).toHaveLength(1);
    expect(await stores[0]!.collection('audit_log').count()).toBe(auditBefore);
  });

  it('stock used on a job that does not exist is refused at the job field, and nothing changes', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails());
    await recordStockMovement(deps, ADMIN, item.id, aMovement({ quantity: 23 }));
    await expect(recordStockMovement(deps, ADMIN, item.id, aMovement({ kind: 'use', quantity: 2, jobId: 'JOB-9999' }))).rejects.toMatchObject({
      code: 'validation',
      message: 'Job: no job JOB-9999 — pick one from the list.',
      fields: { jobId: ['Job: no job JOB-9999 — pick one from the list.'] },
    });
    const view = await getInventoryItem(deps, ADMIN, item.id);
    expect(view.item.onHand).toBe(23);
    expect(view.movements.items).toHaveLength(1);
    // A real job, by id or by its number, is accepted.
    await recordStockMovement(deps, ADMIN, item.id, aMovement({ kind: 'use', quantity: 2, jobId: 'job-7' }));
    expect((await recordStockMovement(deps, ADMIN, item.id, aMovement({ kind: 'use', quantity: 1, jobId: 'JOB-0007' }))).item.onHand).toBe(20);
  });

  it('reverses a mistaken movement ledger-style: stock restored, original marked, audited, never twice', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails());
    await recordStockMovement(deps, ADMIN, item.id, aMovement({ quantity: 23 }));
    const used = await recordStockMovement(deps, ADMIN, item.id, aMovement({ kind: 'use', quantity: 2, jobId: 'job-7' }));
    expect(used.item.onHand).toBe(21);
    const undone = await reverseStockMovement(deps, ADMIN, item.id, used.movement.id, 'Wrong job');
    expect(undone.item).toMatchObject({ onHand: 23, available: 23 });
    expect(undone.movement).toMatchObject({ kind: 'reverse', reverses: used.movement.id, onHandDelta: 2, jobId: 'job-7', reason: 'Wrong job', actorName: 'Frank Miller' });
    const view = await getInventoryItem(deps, ADMIN, item.id);
    expect(view.movements.items.map((m) => [m.kind, m.reversedBy ?? null])).toEqual([['reverse', null], ['use', undone.movement.id], ['receive', null]]);
    expect(view.history[0]).toMatchObject({ action: 'movement:reverse', changes: expect.arrayContaining([{ field: 'onHand', from: 21, to: 23 }, { field: 'reversedKind', from: null, to: 'use' }]) });
    await expect(reverseStockMovement(deps, ADMIN, item.id, used.movement.id, '')).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/already reversed/) });
    await expect(reverseStockMovement(deps, ADMIN, item.id, undone.movement.id, '')).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/itself a reversal/) });
    await expect(reverseStockMovement(deps, ADMIN, item.id, 'no-such-movement', '')).rejects.toMatchObject({ code: 'not-found' });
    await expect(reverseStockMovement(deps, VIEWER, item.id, used.movement.id, '')).rejects.toMatchObject({ code: 'forbidden' });
    expect((await getInventoryItem(deps, ADMIN, item.id)).item.onHand).toBe(23);
  });

  it('a reversal that stock no longer allows is refused; a reversed serial goes back to where it was', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails());
    const received = await recordStockMovement(deps, ADMIN, item.id, aMovement({ quantity: 5 }));
    await recordStockMovement(deps, ADMIN, item.id, aMovement({ kind: 'use', quantity: 4, jobId: 'job-7' }));
    await expect(reverseStockMovement(deps, ADMIN, item.id, received.movement.id, '')).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/^Cannot reverse this movement: .*1 on hand.*-4 on hand/) });

    const cam = await createInventoryItem(deps, ADMIN, itemDetails({ category: 'camera', serialized: true }));
    const got = await recordStockMovement(deps, ADMIN, cam.id, aMovement({ kind: 'receive', quantity: 2, serials: ['SN-1', 'SN-2'] }));
    const use = await recordStockMovement(deps, ADMIN, cam.id, aMovement({ kind: 'use', quantity: 1, serials: ['SN-2'], jobId: 'job-7', siteId: 'site-9' }));
    await expect(reverseStockMovement(deps, ADMIN, cam.id, got.movement.id, '')).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/SN-2 has moved since \(installed\)/) });
    await reverseStockMovement(deps, ADMIN, cam.id, use.movement.id, '');
    const sn2 = await getSerialHistory(deps, ADMIN, cam.id, 'SN-2');
    expect(sn2).toMatchObject({ status: 'in-stock', jobId: null, siteId: null });
    expect(sn2.history.map((h) => [h.kind, h.status])).toEqual([['receive', 'in-stock'], ['use', 'installed'], ['reverse', 'in-stock']]);
    // Now the receipt can be undone too: both units leave stock as written off.
    const back = await reverseStockMovement(deps, ADMIN, cam.id, got.movement.id, 'Delivered to the wrong branch');
    expect(back.item.onHand).toBe(0);
    expect((await getSerialHistory(deps, ADMIN, cam.id, 'SN-1')).status).toBe('written-off');
  });

  it('200 concurrent uses of 1 against stock 150: exactly 150 succeed and on hand ends at 0', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails({ reorderPoint: 0 }));
    await recordStockMovement(deps, ADMIN, item.id, aMovement({ quantity: 150 }));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => recordStockMovement(deps, ADMIN, item.id, aMovement({ kind: 'use', quantity: 1, jobId: 'job-7' }))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { code: string; message: string });
    expect(ok).toBe(150);
    expect(refused.every((e) => e.code === 'conflict' && /Not enough stock/.test(e.message))).toBe(true);
    const view = await getInventoryItem(deps, ADMIN, item.id, 500);
    expect(view.item).toMatchObject({ onHand: 0, available: 0 });
    expect(view.movements.items.filter((m) => m.kind === 'use')).toHaveLength(150);
  });

  it('two store connections (no shared in-process queue) still never oversell: the transaction alone holds', async () => {
    const item = await createInventoryItem(deps, ADMIN, itemDetails());
    await recordStockMovement(deps, ADMIN, item.id, aMovement({ quantity: 30 }));
    const a = { ...deps, inventory: new DocumentInventoryRepository(open(), { maxAttempts: 100 }) };
    const b = { ...deps, inventory: new DocumentInventoryRepository(open(), { maxAttempts: 100 }) };
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => recordStockMovement(i % 2 ? a : b, ADMIN, item.id, aMovement({ kind: 'use', quantity: 1, jobId: 'job-7' }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    expect((await getInventoryItem(deps, ADMIN, item.id)).item.onHand).toBe(0);
  });

  it('lists with category, low-stock and word search filters, sorted, in cursor pages', async () => {
    await createInventoryItem(deps, ADMIN, itemDetails({ sku: 'PG9945', name: 'PowerG door contact', reorderPoint: 0 }));
    await createInventoryItem(deps, ADMIN, itemDetails({ sku: 'PG9914', name: 'PowerG PIR motion', reorderPoint: 5 }));
    await createInventoryItem(deps, ADMIN, itemDetails({ sku: 'CAT6', name: 'Cat6 cable box', category: 'cable', reorderPoint: 0 }));
    expect((await list(deps, { search: 'powerg' })).items.map((i) => i.sku)).toEqual(['PG9945', 'PG9914']);
    expect((await list(deps, { search: 'power mot' })).items.map((i) => i.sku)).toEqual(['PG9914']);
    expect((await list(deps, { category: 'cable' })).items.map((i) => i.sku)).toEqual(['CAT6']);
    // reorder point 0 with nothing on hand is still low (available ≤ point)
    expect((await list(deps, { lowStock: true, sort: 'sku' })).items.map((i) => i.sku)).toEqual(['CAT6', 'PG9914', 'PG9945']);
    const first = await list(deps, { sort: 'sku', direction: 'desc', limit: 2 });
    expect(first.items.map((i) => i.sku)).toEqual(['PG9945', 'PG9914']);
    const second = await list(deps, { sort: 'sku', direction: 'desc', limit: 2, cursor: first.nextCursor });
    expect(second.items.map((i) => i.sku)).toEqual(['CAT6']);
    expect(second.nextCursor).toBeNull();
  });

  it('the low-stock report suggests quantities and costs; the CSV export lists every item', async () => {
    const low = await createInventoryItem(deps, ADMIN, itemDetails({ sku: 'LOW-1', reorderPoint: 5, reorderQuantity: 10, packSize: 4, unitCostCents: 250 }));
    await recordStockMovement(deps, ADMIN, low.id, aMovement({ quantity: 3 }));
    const fine = await createInventoryItem(deps, ADMIN, itemDetails({ sku: 'OK-1', name: '=HYPERLINK("x")', reorderPoint: 1 }));
    await recordStockMovement(deps, ADMIN, fine.id, aMovement({ quantity: 9 }));
    const report = await lowStockReport(deps, VIEWER);
    expect(report.suggestions).toEqual([expect.objectContaining({ sku: 'LOW-1', quantity: 12, costCents: 3000 })]);
    expect(report.totalCostCents).toBe(3000);
    const csv = await exportInventoryCsv(deps, VIEWER);
    const lines = csv.trim().split('\n');
    expect(lines[0]).toMatch(/^SKU,Name,Category/);
    expect(lines).toHaveLength(3);
    expect(csv).toContain(`OK-1,"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('LOW-1,');
  });

  it('seeds the demo catalogue once, with serials for serialized items', async () => {
    expect(await seedInventory(deps)).toEqual({ seeded: true });
    expect(await seedInventory(deps)).toEqual({ seeded: false });
    const all = await deps.inventory.allItems();
    expect(all).toHaveLength(DEMO_CATALOGUE.length);
    const neo = all.find((i) => i.sku === 'DSC-HS2064')!;
    expect(neo).toMatchObject({ onHand: 4, serialized: true });
    expect(await deps.inventory.listSerials(neo.id)).toHaveLength(4);
    expect(all.some((i) => i.lowStock)).toBe(true);
  });
});
