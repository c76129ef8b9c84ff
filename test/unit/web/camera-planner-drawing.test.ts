import { describe, expect, it } from 'vitest';
import type { InventoryItemDto } from '#contracts/inventory.ts';
import { commit, hfovFromLens, itemHfov, newCamera, nextId, redo, removeSelected, startHistory, undo, updateCamera, type Drawing } from '../../../web/src/features/camera-planner/drawing.ts';

const aDrawing = (overrides: Partial<Drawing> = {}): Drawing => ({
  name: 'Plan',
  scale: null,
  metresPerUnit: 1,
  bounds: { minX: 0, minY: 0, maxX: 10, maxY: 10 },
  targetHeightM: 0,
  walls: [],
  cameras: [],
  areas: [],
  ...overrides,
});

const aCameraItem = (camera: InventoryItemDto['camera']): InventoryItemDto =>
  ({ id: 'item-1', sku: 'CAM-1', name: 'Turret 8MP', category: 'camera', camera }) as InventoryItemDto;

describe('the planner editor history', () => {
  it('undoes and redoes whole drawings in order, and a new change drops the redo branch', () => {
    const d0 = aDrawing();
    const d1 = { ...d0, cameras: [newCamera('c1', 1, { x: 1, y: 1 }, null)] };
    const d2 = updateCamera(d1, 'c1', { position: { x: 5, y: 5 } });
    let h = commit(commit(startHistory(d0), d1), d2);
    h = undo(h);
    expect(h.present).toBe(d1);
    h = undo(h);
    expect(h.present).toBe(d0);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(d1);
    const other = removeSelected(d1, { kind: 'camera', id: 'c1' });
    h = commit(h, other);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(h.present.cameras).toEqual([]);
  });

  it('places inventory cameras with their resolution and field of view (given, or from focal length and sensor)', () => {
    expect(hfovFromLens(2.8, 5.12)).toBeCloseTo(84.9, 1);
    expect(itemHfov(aCameraItem({ horizontalResolutionPx: 3840, horizontalFovDeg: 109, focalLengthMm: null, sensorWidthMm: null }))).toBe(109);
    const fromLens = newCamera('c1', 1, { x: 2, y: 3 }, aCameraItem({ horizontalResolutionPx: 2688, horizontalFovDeg: null, focalLengthMm: 2.8, sensorWidthMm: 5.12 }));
    expect(fromLens).toMatchObject({ itemId: 'item-1', model: 'Turret 8MP', hres: 2688, hfovDeg: 84.9, label: 'C1', position: { x: 2, y: 3 } });
    expect(newCamera('c2', 2, { x: 0, y: 0 }, null)).toMatchObject({ itemId: null, model: 'Custom lens', hfovDeg: 90, hres: 1920 });
  });

  it('gives new elements the next free id', () => {
    expect(nextId('w', [{ id: 'w1' }, { id: 'w3' }])).toBe('w4');
    expect(nextId('w', [{ id: 'w2' }, { id: 'w3' }])).toBe('w4');
    expect(nextId('c', [])).toBe('c1');
  });
});
