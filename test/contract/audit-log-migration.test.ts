import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { AUDIT_LOG, DocumentAuditLog, migrateAuditLog } from '../../src/adapters/documents/document-audit-log.ts';
import { auditEntry } from '../../src/domain/audit/audit-entry.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import { tempDir } from '../support/temp-dir.ts';

const FRANK = { id: 'demo-admin-frank', name: 'Frank Miller' };

/** An inventory entry as the inventory area wrote it before the one audit module. */
const oldShape = (entityId: string, at: string) => ({
  at,
  actorId: FRANK.id,
  actorName: FRANK.name,
  entity: 'inventory-item',
  entityId,
  action: 'movement:receive',
  changes: { onHand: { from: 0, to: 4 }, camera: { from: null, to: { lens: 2.8 } } },
  context: { movementId: 'mv-1', quantity: 4, reason: null, jobId: null, supplier: 'ADI', serials: 'A1 A2 A3 A4' },
});

describe('audit log migration (inventory entries in the old shape)', () => {
  let dir: { path: string; remove: () => void };
  let store: DocumentStore;
  const ids = { next: () => 'x' };

  beforeEach(() => {
    dir = tempDir('audit-migration-');
    store = openSqliteDocumentStore(join(dir.path, 'app.db'));
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  it('reads old-shape rows back in the one shape, context as changes from nothing, ids and times kept', async () => {
    await store.collection(AUDIT_LOG).create(oldShape('item-1', '2026-03-02T10:00:00.000Z'), 'old-1');
    const log = new DocumentAuditLog(store, ids);
    const current = await log.record(auditEntry(FRANK, '2026-03-02T11:00:00.000Z', 'inventory-item', 'item-1', 'update', [{ field: 'name', from: 'A', to: 'B' }]));

    expect(await migrateAuditLog(store)).toBe(1);

    expect(await log.listFor('inventory-item', 'item-1', { limit: 10 })).toEqual([
      { ...current },
      {
        id: 'old-1',
        at: '2026-03-02T10:00:00.000Z',
        actorId: FRANK.id,
        actorName: FRANK.name,
        entity: 'inventory-item',
        entityId: 'item-1',
        action: 'movement:receive',
        changes: [
          { field: 'onHand', from: 0, to: 4 },
          { field: 'camera', from: null, to: '{"lens":2.8}' },
          { field: 'movementId', from: null, to: 'mv-1' },
          { field: 'quantity', from: null, to: 4 },
          { field: 'supplier', from: null, to: 'ADI' },
          { field: 'serials', from: null, to: 'A1 A2 A3 A4' },
        ],
      },
    ]);
    const stored = await store.collection(AUDIT_LOG).get('old-1');
    expect(stored).not.toHaveProperty('context');
  });

  it('is idempotent: a second run (the next start) rewrites nothing and changes nothing', async () => {
    await store.collection(AUDIT_LOG).create(oldShape('item-2', '2026-03-02T10:00:00.000Z'), 'old-2');
    expect(await migrateAuditLog(store)).toBe(1);
    const once = await store.collection(AUDIT_LOG).get('old-2');
    expect(await migrateAuditLog(store)).toBe(0);
    expect(await store.collection(AUDIT_LOG).get('old-2')).toEqual(once);
  });
});
