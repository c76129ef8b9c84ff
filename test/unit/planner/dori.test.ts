import { describe, expect, it } from 'vitest';
import { DORI_PIXELS_PER_METRE, doriDistance, doriDistances, estimateVfov, hfovFromLens } from '../../../src/domain/planner/dori.ts';

describe('DORI distances (IEC EN 62676-4)', () => {
  it('1920 px at 90° reach 38.4 / 15.36 / 7.68 / 3.84 m', () => {
    const d = doriDistances(1920, 90);
    expect(d.detect).toBeCloseTo(38.4, 9);
    expect(d.observe).toBeCloseTo(15.36, 9);
    expect(d.recognise).toBeCloseTo(7.68, 9);
    expect(d.identify).toBeCloseTo(3.84, 9);
  });

  it('uses 25 / 62.5 / 125 / 250 px/m', () => {
    expect(DORI_PIXELS_PER_METRE).toEqual({ detect: 25, observe: 62.5, recognise: 125, identify: 250 });
  });

  it('doubles with twice the pixels and shrinks with a wider lens', () => {
    expect(doriDistance(3840, 90, 25)).toBeCloseTo(2 * doriDistance(1920, 90, 25), 9);
    expect(doriDistance(1920, 110, 25)).toBeLessThan(doriDistance(1920, 90, 25));
  });
});

describe('lens helpers', () => {
  it('turns focal length and sensor width into a horizontal field of view', () => {
    // a sensor as wide as twice the focal length sees 90°
    expect(hfovFromLens(2.4, 4.8)).toBeCloseTo(90, 9);
    // a 1/2.8" sensor (5.37 mm wide) behind a 4 mm lens
    expect(hfovFromLens(4, 5.37)).toBeCloseTo((2 * Math.atan(5.37 / 8) * 180) / Math.PI, 9);
  });

  it('estimates the vertical field of view of a 16:9 image', () => {
    expect(estimateVfov(90)).toBeCloseTo((2 * Math.atan(9 / 16) * 180) / Math.PI, 9);
    expect(estimateVfov(90, 4 / 3)).toBeCloseTo((2 * Math.atan(3 / 4) * 180) / Math.PI, 9);
  });
});
