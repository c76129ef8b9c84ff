import { describe, expect, it } from 'vitest';
import { estimateDori } from '../../../src/domain/vision/dori.ts';

describe('estimateDori', () => {
  it.each([
    // box height px → px/m at 1.7 m → level
    [500, 294.1, 'identify'],
    [425, 250, 'identify'],
    [424, 249.4, 'recognise'],
    [212.5, 125, 'recognise'],
    [106.25, 62.5, 'observe'],
    [100, 58.8, 'detect'],
    [42.5, 25, 'detect'],
    [40, 23.5, null],
  ] as const)('a %s px tall person gives %s px/m: %s', (boxHeight, ppm, level) => {
    const r = estimateDori({ imageHeightPx: 1080, personBoxHeightPx: boxHeight });
    expect(r.pixelsPerMetre).toBeCloseTo(ppm, 1);
    expect(r.level).toBe(level);
  });

  it('says what the next level needs', () => {
    expect(estimateDori({ imageHeightPx: 1080, personBoxHeightPx: 150 }).next).toEqual({ level: 'recognise', pixelsPerMetre: 125 });
    expect(estimateDori({ imageHeightPx: 1080, personBoxHeightPx: 10 }).next).toEqual({ level: 'detect', pixelsPerMetre: 25 });
    expect(estimateDori({ imageHeightPx: 1080, personBoxHeightPx: 1000 }).next).toBeNull();
  });

  it('uses the person height given instead of 1.7 m', () => {
    expect(estimateDori({ imageHeightPx: 1080, personBoxHeightPx: 250, personHeightM: 1 }).level).toBe('identify');
  });

  it('reports the share of the image height and caps the box at the image height', () => {
    expect(estimateDori({ imageHeightPx: 400, personBoxHeightPx: 100 }).shareOfImageHeight).toBe(0.25);
    const over = estimateDori({ imageHeightPx: 400, personBoxHeightPx: 900 });
    expect(over.shareOfImageHeight).toBe(1);
    expect(over.pixelsPerMetre).toBeCloseTo(400 / 1.7, 6);
  });

  it.each([
    { imageHeightPx: 0, personBoxHeightPx: 10 },
    { imageHeightPx: 100, personBoxHeightPx: -1 },
    { imageHeightPx: Number.NaN, personBoxHeightPx: 10 },
    { imageHeightPx: 100, personBoxHeightPx: 10, personHeightM: 0 },
  ])('rejects impossible input %j', (input) => {
    expect(() => estimateDori(input)).toThrow(RangeError);
  });
});
