import { describe, expect, it } from 'vitest';
import { boxFromCorners, mapBoxToOriginal, roundBox, type InputGeometry } from '../../../src/domain/vision/box-mapping.ts';
import { aBox } from './factories.ts';

const wide = (mode: InputGeometry['mode']): InputGeometry => ({ inputWidth: 512, inputHeight: 512, originalWidth: 1024, originalHeight: 512, mode });

describe('mapBoxToOriginal', () => {
  it('stretch: scales each axis on its own', () => {
    expect(mapBoxToOriginal(aBox({ x: 100, y: 100, width: 50, height: 50 }), wide('stretch'))).toEqual({ x: 200, y: 100, width: 100, height: 50 });
  });

  it('letterbox: removes the padding, then scales both axes alike', () => {
    // 1024×512 fits 512×512 at scale 0.5 as 512×256, padded 128 px top and bottom.
    expect(mapBoxToOriginal(aBox({ x: 100, y: 228, width: 50, height: 50 }), wide('letterbox'))).toEqual({ x: 200, y: 200, width: 100, height: 100 });
  });

  it('letterbox on a portrait image pads left and right', () => {
    const g: InputGeometry = { inputWidth: 512, inputHeight: 512, originalWidth: 300, originalHeight: 600, mode: 'letterbox' };
    // scale 512/600, content 256 px wide, 128 px padding each side.
    const mapped = mapBoxToOriginal(aBox({ x: 128, y: 0, width: 256, height: 512 }), g);
    expect(mapped.x).toBeCloseTo(0, 6);
    expect(mapped.y).toBeCloseTo(0, 6);
    expect(mapped.width).toBeCloseTo(300, 6);
    expect(mapped.height).toBeCloseTo(600, 6);
  });

  it.each(['stretch', 'letterbox'] as const)('%s: clamps boxes that spill over the edges to the image', (mode) => {
    const mapped = mapBoxToOriginal(aBox({ x: -20, y: -20, width: 600, height: 600 }), wide(mode));
    expect(mapped).toEqual({ x: 0, y: 0, width: 1024, height: 512 });
  });

  it('a box entirely in the letterbox padding maps to an empty box', () => {
    const mapped = mapBoxToOriginal(aBox({ x: 10, y: 0, width: 20, height: 100 }), wide('letterbox'));
    expect(mapped.height).toBe(0);
  });
});

describe('boxFromCorners', () => {
  it('accepts corners in either order', () => {
    expect(boxFromCorners(10, 20, 40, 80)).toEqual({ x: 10, y: 20, width: 30, height: 60 });
    expect(boxFromCorners(40, 80, 10, 20)).toEqual({ x: 10, y: 20, width: 30, height: 60 });
  });
});

describe('roundBox', () => {
  it('rounds the corners so the right and bottom edges never pass the image edge', () => {
    expect(roundBox({ x: 0.4, y: 0.6, width: 99.4, height: 99.3 })).toEqual({ x: 0, y: 1, width: 100, height: 99 });
  });
});
