import { describe, expect, it } from 'vitest';
import { billOfMaterials, bomTotalCents, DEFAULT_MOUNTING, type BomItem } from '../../../src/domain/planner/bill-of-materials.ts';
import { checkVersion, metresPerUnitFromScale, validateCameraPlanContent, withFloorPlan } from '../../../src/domain/planner/camera-plan.ts';
import { imageSize } from '../../../src/domain/storage/image-intake.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';
import { aPlanCamera, aPlanContent } from './camera-plan-factories.ts';
import { anArea, aWall, rect } from './planner-factories.ts';

const fieldsOf = (fn: () => void): Record<string, string[]> => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('validation');
    return (e as DomainError).fields ?? {};
  }
  throw new Error('expected a validation error');
};

describe('validateCameraPlanContent', () => {
  it('accepts a plan with walls, cameras and areas', () => {
    expect(() =>
      validateCameraPlanContent(aPlanContent({ walls: [aWall({ x: 0, y: 0 }, { x: 5, y: 0 })], cameras: [aPlanCamera()], areas: [anArea(rect(1, 1, 3, 3))] })),
    ).not.toThrow();
  });

  it('names each problem by field: duplicate ids, zero-length walls, degenerate areas, bad cameras', () => {
    const cam = aPlanCamera({ hfovDeg: 0, tiltDeg: 120 });
    const wall = aWall({ x: 1, y: 1 }, { x: 1, y: 1 });
    const fields = fieldsOf(() =>
      validateCameraPlanContent(
        aPlanContent({
          name: '  ',
          walls: [wall, { ...wall, a: { x: 0, y: 0 } }],
          cameras: [cam],
          areas: [anArea([{ x: 0, y: 0 }, { x: 1, y: 1 }]), anArea([{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 2 }])],
        }),
      ),
    );
    expect(Object.keys(fields).sort()).toEqual(['areas.0', 'areas.1', 'cameras.0', 'name', 'walls', 'walls.0'].sort());
    expect(fields['cameras.0']!.join(' ')).toMatch(/field of view.*tilt/);
    expect(fields['walls']![0]).toMatch(/used twice/);
  });

  it('derives the scale from two marked points and refuses a metresPerUnit that contradicts it', () => {
    const scale = { a: { x: 100, y: 100 }, b: { x: 400, y: 500 }, distanceM: 10 };
    expect(metresPerUnitFromScale(scale)).toBeCloseTo(10 / 500, 12);
    const image = { path: 'floor-plans/x', contentType: 'image/png', fileName: 'f.png', sizeBytes: 10, widthPx: 800, heightPx: 600 };
    const onImage = withFloorPlan(aPlanContent(), image);
    expect(onImage.bounds).toEqual({ minX: 0, minY: 0, maxX: 800, maxY: 600 });
    expect(() => validateCameraPlanContent({ ...onImage, scale, metresPerUnit: 0.02 })).not.toThrow();
    expect(fieldsOf(() => validateCameraPlanContent({ ...onImage, scale, metresPerUnit: 0.05 }))).toHaveProperty('scale');
    expect(fieldsOf(() => validateCameraPlanContent({ ...onImage, scale: { ...scale, b: scale.a }, metresPerUnit: 0.02 }))).toHaveProperty('scale');
  });

  it('refuses a save made from an older version with a message that says what to do', () => {
    expect(() => checkVersion(3, 3)).not.toThrow();
    expect(() => checkVersion(4, 3)).toThrow(/version 3.*version 4.*not saved: reload/);
  });
});

describe('billOfMaterials', () => {
  const item = (id: string, unitPriceCents: number): BomItem => ({ id, name: `Dome ${id}`, sku: `CAM-${id}`, unitPriceCents });

  it('counts cameras per inventory model, lists custom lenses at 0 and adds one mounting line per camera', () => {
    const items = new Map([['a', item('a', 12_900)], ['b', item('b', 25_000)]]);
    const lines = billOfMaterials(
      [aPlanCamera({ itemId: 'a' }), aPlanCamera({ itemId: 'b' }), aPlanCamera({ itemId: 'a' }), aPlanCamera({ itemId: null, model: 'Fisheye' })],
      items,
    );
    expect(lines).toEqual([
      { description: 'Dome a (CAM-a)', qty: 2, unitPriceCents: 12_900, taxRateBp: 0, itemId: 'a' },
      { description: 'Dome b (CAM-b)', qty: 1, unitPriceCents: 25_000, taxRateBp: 0, itemId: 'b' },
      { description: 'Fisheye (custom lens, price to be set)', qty: 1, unitPriceCents: 0, taxRateBp: 0, itemId: null },
      { description: DEFAULT_MOUNTING.description, qty: 4, unitPriceCents: DEFAULT_MOUNTING.unitPriceCents, taxRateBp: 0, itemId: null },
    ]);
    expect(bomTotalCents(lines)).toBe(2 * 12_900 + 25_000 + 4 * DEFAULT_MOUNTING.unitPriceCents);
  });

  it('treats a camera whose item left the inventory as custom, and an empty plan as no lines', () => {
    expect(billOfMaterials([aPlanCamera({ itemId: 'gone', model: 'Old bullet' })], new Map())[0]).toMatchObject({ itemId: null, unitPriceCents: 0, description: /Old bullet/ });
    expect(billOfMaterials([], new Map())).toEqual([]);
  });
});

describe('imageSize', () => {
  it('reads PNG and JPEG sizes from their headers and rejects anything else', async () => {
    const sharp = (await import('sharp')).default;
    const raw = { create: { width: 321, height: 123, channels: 3 as const, background: '#ffffff' } };
    expect(imageSize(new Uint8Array(await sharp(raw).png().toBuffer()))).toEqual({ width: 321, height: 123 });
    expect(imageSize(new Uint8Array(await sharp(raw).jpeg().toBuffer()))).toEqual({ width: 321, height: 123 });
    expect(imageSize(new TextEncoder().encode('%PDF-1.7 not an image'))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).toBeNull();
  });
});
