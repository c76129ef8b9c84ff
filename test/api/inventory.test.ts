import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { InventoryItemDto, ItemListResponse, ItemRequest, ItemViewResponse, LowStockResponse, MovementRequest, MovementResponse, SerialDto } from '../../src/contracts/inventory.ts';
import { DEMO_CATALOGUE } from '../../src/application/demo/seed-inventory.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { JobDto } from '../../src/contracts/jobs.ts';

let n = 0;
function anItemRequest(overrides: Partial<ItemRequest> = {}): ItemRequest {
  n += 1;
  return { sku: `API-${n}`, name: `API test item ${n}`, category: 'sensor', unitCostCents: 1000, unitPriceCents: 2500, reorderPoint: 2, reorderQuantity: 5, ...overrides };
}
const aMove = (overrides: Partial<MovementRequest> = {}): MovementRequest => ({ kind: 'receive', quantity: 1, ...overrides });

describe('inventory API', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let job: JobDto;
  beforeAll(async () => {
    t = await listenTestApp();
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    const client = await expectJson<ClientView>(
      await admin.send('POST', '/api/clients', { kind: 'residential', name: 'Stock Client', sites: [{ label: 'Home', address: { line1: '3 Elm Street', city: 'Springfield', postcode: '62701' } }] }),
      201,
    );
    job = await expectJson<JobDto>(await admin.send('POST', '/api/jobs', { clientId: client.id, siteId: client.sites[0]!.id, type: 'service', title: 'Keypad swap' }), 201);
  });
  afterAll(() => t.close());


  it('starts with the demo catalogue, searchable and paged', async () => {
    const page = await expectJson<ItemListResponse>(await admin.get('/api/inventory/items?search=neo%20hs2064'), 200);
    expect(page.items.map((i) => i.sku)).toEqual(['DSC-HS2064']);
    const first = await expectJson<ItemListResponse>(await maria.get('/api/inventory/items?limit=5&sort=sku'), 200);
    expect(first.items).toHaveLength(5);
    const second = await expectJson<ItemListResponse>(await maria.get(`/api/inventory/items?limit=5&sort=sku&cursor=${first.nextCursor}`), 200);
    expect(second.items[0]!.sku > first.items[4]!.sku).toBe(true);
    const cams = await expectJson<ItemListResponse>(await maria.get('/api/inventory/items?category=camera&limit=100'), 200);
    expect(cams.items.length).toBe(DEMO_CATALOGUE.filter((c) => c.category === 'camera').length);
    expect(cams.items.every((c) => c.camera !== null)).toBe(true);
  });

  it('an admin creates an item, receives serialized stock, uses a serial on a job; the history follows it', async () => {
    const cam = await expectJson<InventoryItemDto>(
      await admin.send('POST', '/api/inventory/items', anItemRequest({ category: 'camera', serialized: true, camera: { horizontalResolutionPx: 2688, focalLengthMm: 2.8, sensorWidthMm: 5.12 } })),
      201,
    );
    await expectJson<MovementResponse>(await admin.send('POST', `/api/inventory/items/${cam.id}/movements`, aMove({ quantity: 3, serials: ['T-1', 'T-2', 'T-3'], supplier: 'Anixter' })), 201);
    const used = await expectJson<MovementResponse>(
      await admin.send('POST', `/api/inventory/items/${cam.id}/movements`, aMove({ kind: 'use', quantity: 1, serials: ['T-2'], jobId: job.id, siteId: job.siteId })),
      201,
    );
    expect(used.item).toMatchObject({ onHand: 2, available: 2 });
    const serial = await expectJson<SerialDto>(await maria.get(`/api/inventory/items/${cam.id}/serials/T-2`), 200);
    expect(serial).toMatchObject({ status: 'installed', jobId: job.id, siteId: job.siteId });
    const view = await expectJson<ItemViewResponse>(await maria.get(`/api/inventory/items/${cam.id}`), 200);
    expect(view.movements.items.map((m) => [m.kind, m.actorName])).toEqual([['use', 'Frank Miller'], ['receive', 'Frank Miller']]);
  });

  it('refuses stock used on a job that does not exist (400 at the job field); a mistaken movement is reversed once (201, then 409)', async () => {
    const item = await expectJson<InventoryItemDto>(await admin.send('POST', '/api/inventory/items', anItemRequest()), 201);
    await expectJson(await admin.send('POST', `/api/inventory/items/${item.id}/movements`, aMove({ quantity: 23 })), 201);
    const unknown = await admin.send('POST', `/api/inventory/items/${item.id}/movements`, aMove({ kind: 'use', quantity: 2, jobId: 'JOB-9999' }));
    expect(await expectJson(unknown, 400)).toMatchObject({ error: { message: 'Job: no job JOB-9999 — pick one from the list.', fields: { jobId: ['Job: no job JOB-9999 — pick one from the list.'] } } });
    const used = await expectJson<MovementResponse>(await admin.send('POST', `/api/inventory/items/${item.id}/movements`, aMove({ kind: 'use', quantity: 2, jobId: job.id })), 201);
    const path = `/api/inventory/items/${item.id}/movements/${used.movement.id}/reverse`;
    expect((await maria.send('POST', path, {})).status).toBe(403);
    const undone = await expectJson<MovementResponse & { original: { reversedBy: string } }>(await admin.send('POST', path, { reason: 'Wrong job' }), 201);
    expect(undone.item.onHand).toBe(23);
    expect(undone.original.reversedBy).toBe(undone.movement.id);
    expect(await expectJson(await admin.send('POST', path, {}), 409)).toMatchObject({ error: { message: expect.stringMatching(/already reversed/) } });
    const view = await expectJson<ItemViewResponse>(await maria.get(`/api/inventory/items/${item.id}`), 200);
    expect(view.movements.items.map((m) => m.kind)).toEqual(['reverse', 'use', 'receive']);
    expect(view.labels[job.id]).toBe(`${job.number} · Keypad swap`);
  });

  it('refuses overselling with 409 and a clear message, and bad input with 400 field errors', async () => {
    const item = await expectJson<InventoryItemDto>(await admin.send('POST', '/api/inventory/items', anItemRequest()), 201);
    const res = await admin.send('POST', `/api/inventory/items/${item.id}/movements`, aMove({ kind: 'use', quantity: 1, jobId: job.id }));
    expect(await expectJson(res, 409)).toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/Not enough stock: 0 available/) } });
    const adjust = await admin.send('POST', `/api/inventory/items/${item.id}/movements`, aMove({ kind: 'adjust', quantity: 2 }));
    expect(await expectJson(adjust, 400)).toMatchObject({ error: { fields: { reason: expect.any(Array) } } });
    const bad = await admin.send('POST', '/api/inventory/items', anItemRequest({ sku: 'has space', unitCostCents: 1.5 }));
    expect(await expectJson(bad, 400)).toMatchObject({ error: { fields: { sku: expect.any(Array), unitCostCents: expect.any(Array) } } });
    const dup = await admin.send('POST', '/api/inventory/items', anItemRequest({ sku: item.sku.toLowerCase() }));
    expect(await expectJson(dup, 409)).toMatchObject({ error: { fields: { sku: expect.any(Array) } } });
    expect((await admin.get('/api/inventory/items/no-such-item')).status).toBe(404);
  });

  it('Maria (viewInventory only) reads everything but every change is refused with 403', async () => {
    const item = await expectJson<InventoryItemDto>(await admin.send('POST', '/api/inventory/items', anItemRequest()), 201);
    expect((await maria.get(`/api/inventory/items/${item.id}`)).status).toBe(200);
    expect((await maria.send('POST', '/api/inventory/items', anItemRequest())).status).toBe(403);
    expect((await maria.send('PUT', `/api/inventory/items/${item.id}`, anItemRequest())).status).toBe(403);
    expect((await maria.send('POST', `/api/inventory/items/${item.id}/movements`, aMove())).status).toBe(403);
    const after = await expectJson<ItemViewResponse>(await admin.get(`/api/inventory/items/${item.id}`), 200);
    expect(after.item.onHand).toBe(0);
  });

  it('someone with no inventory permission is refused even reading; anonymous gets 401', async () => {
    const casey = new TestClient(t.url);
    await casey.signIn(DEMO.other);
    expect((await casey.get('/api/inventory/items')).status).toBe(403);
    expect((await casey.get('/api/inventory/export.csv')).status).toBe(403);
    expect((await new TestClient(t.url).get('/api/inventory/low-stock')).status).toBe(401);
  });

  it('updates an item with PUT; low-stock report and CSV export reflect it', async () => {
    const item = await expectJson<InventoryItemDto>(await admin.send('POST', '/api/inventory/items', anItemRequest({ reorderPoint: 0, unitCostCents: 700, packSize: 5 })), 201);
    await expectJson(await admin.send('POST', `/api/inventory/items/${item.id}/movements`, aMove({ quantity: 4 })), 201);
    const updated = await expectJson<InventoryItemDto>(await admin.send('PUT', `/api/inventory/items/${item.id}`, anItemRequest({ sku: item.sku, name: item.name, reorderPoint: 6, reorderQuantity: 10, unitCostCents: 700, packSize: 5 })), 200);
    expect(updated).toMatchObject({ lowStock: true, onHand: 4 });
    const low = await expectJson<LowStockResponse>(await maria.get('/api/inventory/low-stock'), 200);
    expect(low.suggestions.find((s) => s.itemId === item.id)).toMatchObject({ quantity: 15, costCents: 10_500 });
    const csv = await maria.get('/api/inventory/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(await csv.text()).toContain(`${item.sku},${item.name},sensor`);
  });
});
