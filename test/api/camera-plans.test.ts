import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { BomDto, CameraPlanDto, CameraPlanSave } from '../../src/contracts/camera-plans.ts';
import type { InventoryItemDto } from '../../src/contracts/inventory.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';

const pngOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#f8fafc' } }).png().toBuffer();

async function aPdf(width: number, height: number): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: [width, height] });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.rect(20, 20, width - 40, height - 40).lineWidth(4).stroke();
  doc.text('Level 1', 40, 40);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

function saveBody(plan: CameraPlanDto, overrides: Partial<CameraPlanSave> = {}): CameraPlanSave {
  const { version, name, scale, metresPerUnit, bounds, targetHeightM, walls, cameras, areas } = plan;
  return { version, name, scale, metresPerUnit, bounds, targetHeightM, walls, cameras, areas, ...overrides };
}

const aCam = (id: string, x: number, y: number, itemId: string | null = null) => ({
  id,
  itemId,
  model: itemId ? 'Dome 4MP' : 'Custom lens',
  label: id.toUpperCase(),
  position: { x, y },
  headingDeg: 0,
  hfovDeg: 90,
  mountHeightM: 2.7,
  tiltDeg: 15,
  hres: 2560,
});

describe('/api/camera-plans', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;

  beforeAll(async () => {
    t = await listenTestApp();
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    const res = await admin.send('POST', '/api/clients', aClientInput({ name: 'Planner Client', sites: [aSiteInput({ label: 'Warehouse' })] }));
    expect(res.status).toBe(201);
    client = (await res.json()) as ClientView;
  });
  afterAll(() => t.close());

  const createPlan = async (c = admin, name = 'Ground floor') =>
    c.send('POST', '/api/camera-plans', { clientId: client.id, siteId: client.sites[0]!.id, name, gridWidthM: 20, gridHeightM: 10 });
  const upload = async (c: TestClient, id: string, version: number, bytes: Uint8Array, fileName: string) => {
    const form = new FormData();
    form.set('version', String(version));
    form.set('file', new Blob([bytes]), fileName);
    return c.raw(`/api/camera-plans/${id}/floor-plan`, { method: 'PUT', headers: { origin: c.baseUrl, 'x-csrf-token': await c.csrfToken() }, body: form });
  };

  it('creates, lists, reads back, saves with a version check and deletes a plan', async () => {
    const created = await expectJson<CameraPlanDto>(await createPlan(), 201);
    expect(created).toMatchObject({ clientName: 'Planner Client', siteLabel: 'Warehouse', version: 1, metresPerUnit: 1, floorPlan: null, canEdit: true });
    expect(created.bounds).toEqual({ minX: 0, minY: 0, maxX: 20, maxY: 10 });

    const walls = [{ id: 'w1', a: { x: 10, y: 0 }, b: { x: 10, y: 10 }, kind: 'wall' as const }];
    const saved = await expectJson<CameraPlanDto>(await admin.send('PUT', `/api/camera-plans/${created.id}`, saveBody(created, { walls, cameras: [aCam('c1', 2, 5)] })), 200);
    expect(saved.version).toBe(2);
    expect(await expectJson<CameraPlanDto>(await admin.get(`/api/camera-plans/${created.id}`), 200)).toEqual(saved);

    const stale = await admin.send('PUT', `/api/camera-plans/${created.id}`, saveBody(created, { name: 'Overwrite attempt' }));
    const conflict = await expectJson<{ error: { code: string; message: string } }>(stale, 409);
    expect(conflict.error.message).toMatch(/Someone else saved this plan.*version 1.*version 2/);
    expect((await expectJson<CameraPlanDto>(await admin.get(`/api/camera-plans/${created.id}`), 200)).name).toBe('Ground floor');

    const list = await expectJson<{ items: { id: string; cameraCount: number; clientName: string }[] }>(await admin.get(`/api/camera-plans?clientId=${client.id}`), 200);
    expect(list.items.find((p) => p.id === created.id)).toMatchObject({ cameraCount: 1, clientName: 'Planner Client' });

    expect((await admin.send('DELETE', `/api/camera-plans/${created.id}`)).status).toBe(204);
    expect((await admin.get(`/api/camera-plans/${created.id}`)).status).toBe(404);
  });

  it('refuses a plan for an unknown site and a save with bad geometry, naming the fields', async () => {
    const bad = await admin.send('POST', '/api/camera-plans', { clientId: client.id, siteId: 'no-such-site', name: 'X' });
    expect((await expectJson<{ error: { fields: Record<string, string[]> } }>(bad, 400)).error.fields).toHaveProperty('siteId');
    const plan = await expectJson<CameraPlanDto>(await createPlan(), 201);
    const res = await admin.send('PUT', `/api/camera-plans/${plan.id}`, saveBody(plan, { cameras: [aCam('c1', 1, 1), { ...aCam('c1', 2, 2), hfovDeg: 400 }] }));
    const body = await expectJson<{ error: { fields: Record<string, string[]> } }>(res, 400);
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['cameras', 'cameras.1']));
  });

  it('takes a PNG or JPEG floor plan (judged by its bytes), sizes the plan to it and serves it back; refuses other files', async () => {
    const plan = await expectJson<CameraPlanDto>(await createPlan(), 201);
    const png = new Uint8Array(await pngOf(640, 480));
    const withImage = await expectJson<CameraPlanDto>(await upload(admin, plan.id, plan.version, png, 'ground.png'), 200);
    expect(withImage.floorPlan).toMatchObject({ contentType: 'image/png', widthPx: 640, heightPx: 480, fileName: 'ground.png' });
    expect(withImage.bounds).toEqual({ minX: 0, minY: 0, maxX: 640, maxY: 480 });
    expect(withImage.scale).toBeNull();
    const image = await admin.get(withImage.floorPlan!.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);

    const scaled = await expectJson<CameraPlanDto>(
      await admin.send('PUT', `/api/camera-plans/${plan.id}`, saveBody(withImage, { scale: { a: { x: 0, y: 0 }, b: { x: 300, y: 400 }, distanceM: 10 } })),
      200,
    );
    expect(scaled.metresPerUnit).toBeCloseTo(0.02, 12);

    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const refusedHtml = await expectJson<{ error: { message: string } }>(await upload(admin, plan.id, scaled.version, html, 'plan.png'), 400);
    expect(refusedHtml.error.message).toMatch(/PNG or JPEG/);
    const damaged = new TextEncoder().encode('%PDF-1.7\n%fake');
    expect((await expectJson<{ error: { message: string } }>(await upload(admin, plan.id, scaled.version, damaged, 'plan.pdf'), 400)).error.message).toMatch(/PDF could not be read/);
    expect((await upload(admin, plan.id, 1, png, 'old.png')).status).toBe(409);
    expect((await admin.send('PUT', `/api/camera-plans/${plan.id}/floor-plan`, { file: 'x' })).status).toBe(415);
  });

  it('takes a PDF floor plan as an image of its first page', async () => {
    const plan = await expectJson<CameraPlanDto>(await createPlan(), 201);
    const fromPdf = await expectJson<CameraPlanDto>(await upload(admin, plan.id, plan.version, await aPdf(600, 400), 'Level 1.pdf'), 200);
    // 600 × 400 pt rendered at the largest scale (4×) is 2400 × 1600 px.
    expect(fromPdf.floorPlan).toMatchObject({ contentType: 'image/png', fileName: 'Level 1.png', widthPx: 2400, heightPx: 1600 });
    const image = await admin.get(fromPdf.floorPlan!.url);
    const meta = await sharp(new Uint8Array(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 2400, 1600]);
  });

  it('refuses a floor plan over the size limit with 413', async () => {
    const plan = await expectJson<CameraPlanDto>(await createPlan(), 201);
    const big = new Uint8Array(16 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(admin, plan.id, plan.version, big, 'huge.png')).status).toBe(413);
  });

  it('prices the bill of materials from the inventory and exports a PDF with the schedule and coverage', async () => {
    const item = await expectJson<InventoryItemDto>(
      await admin.send('POST', '/api/inventory/items', {
        sku: 'CAM-DOME-4',
        name: 'Dome 4MP',
        category: 'camera',
        unitCostCents: 9000,
        unitPriceCents: 18_900,
        reorderPoint: 0,
        reorderQuantity: 0,
        camera: { horizontalResolutionPx: 2560, horizontalFovDeg: 90 },
      }),
      201,
    );
    const plan = await expectJson<CameraPlanDto>(await createPlan(admin, 'Export test'), 201);
    const saved = await expectJson<CameraPlanDto>(
      await admin.send(
        'PUT',
        `/api/camera-plans/${plan.id}`,
        saveBody(plan, {
          walls: [{ id: 'w1', a: { x: 10, y: 0 }, b: { x: 10, y: 10 }, kind: 'wall' }],
          cameras: [aCam('c1', 1, 5, item.id), aCam('c2', 19, 5, item.id), aCam('c3', 5, 1)],
          areas: [{ id: 'a1', name: 'Loading bay', polygon: [{ x: 12, y: 2 }, { x: 18, y: 2 }, { x: 18, y: 8 }, { x: 12, y: 8 }], required: 'recognise' }],
        }),
      ),
      200,
    );
    const bom = await expectJson<BomDto>(await admin.get(`/api/camera-plans/${saved.id}/bom`), 200);
    expect(bom.lines.map((l) => [l.itemId, l.qty, l.unitPriceCents])).toEqual([
      [item.id, 2, 18_900],
      [null, 1, 0],
      [null, 3, bom.lines[2]!.unitPriceCents],
    ]);
    expect(bom.totalCents).toBe(2 * 18_900 + 3 * bom.lines[2]!.unitPriceCents);

    const res = await admin.get(`/api/camera-plans/${saved.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'plan-pdf-'));
    const file = path.join(dir, 'plan.pdf');
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Camera plan: Export test');
    expect(text).toContain('Planner Client · Warehouse');
    expect(text).toMatch(/Camera schedule/);
    expect(text).toMatch(/C1\s+Dome 4MP\s+2\.7\s+0\s+15\s+90\s+2560/);
    expect(text).toContain('Loading bay');
    expect(text).toContain('Dome 4MP (CAM-DOME-4)');
    expect(text).toMatch(/Plan coverage: \d+\.\d % covered/);
  });

  it('lets a view-only employee read plans but not change them, and keeps others out', async () => {
    const plan = await expectJson<CameraPlanDto>(await createPlan(), 201);
    expect((await maria.get(`/api/camera-plans/${plan.id}`)).status).toBe(403);
    const grant = await admin.send('PATCH', '/api/employees/emp-maria', { permissions: { viewProposals: true } });
    expect(grant.status).toBe(200);
    const seen = await expectJson<CameraPlanDto>(await maria.get(`/api/camera-plans/${plan.id}`), 200);
    expect(seen.canEdit).toBe(false);
    expect((await maria.send('PUT', `/api/camera-plans/${plan.id}`, saveBody(plan))).status).toBe(403);
    expect((await maria.send('DELETE', `/api/camera-plans/${plan.id}`)).status).toBe(403);
    expect((await createPlan(maria)).status).toBe(403);
    const other = new TestClient(t.url);
    await other.signIn(DEMO.other);
    expect((await other.get(`/api/camera-plans/${plan.id}/pdf`)).status).toBe(403);
    expect((await new TestClient(t.url).get('/api/camera-plans')).status).toBe(401);
  });
});
