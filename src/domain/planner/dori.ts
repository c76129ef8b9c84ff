/**
 * DORI pixel densities (IEC EN 62676-4) and the lens formulas behind them. A camera with
 * horizontal resolution `hres` and field of view `hfov` spreads hres pixels over a scene
 * 2·d·tan(hfov/2) wide at distance d, so a level needing `ppm` px/m holds up to
 * d = hres / (2·tan(hfov/2)·ppm).
 */
import type { DoriLevel } from './plan.ts';

export const DORI_LEVELS = ['detect', 'observe', 'recognise', 'identify'] as const satisfies readonly DoriLevel[];

export const DORI_PIXELS_PER_METRE = {
  detect: 25,
  observe: 62.5,
  recognise: 125,
  identify: 250,
} as const satisfies Record<DoriLevel, number>;

/** The colours of a camera's view bands in layer order (in view, then each DORI level): the editor, its legend and the PDF. */
export const BAND_COLOURS = ['#93c5fd', '#86efac', '#fde047', '#fdba74', '#f87171'] as const;

const RAD = Math.PI / 180;

/** The farthest distance (m) at which a camera reaches `ppm` pixels per metre. */
export function doriDistance(hres: number, hfovDeg: number, ppm: number): number {
  return hres / (2 * Math.tan((hfovDeg * RAD) / 2) * ppm);
}

export function doriDistances(hres: number, hfovDeg: number): Record<DoriLevel, number> {
  return {
    detect: doriDistance(hres, hfovDeg, DORI_PIXELS_PER_METRE.detect),
    observe: doriDistance(hres, hfovDeg, DORI_PIXELS_PER_METRE.observe),
    recognise: doriDistance(hres, hfovDeg, DORI_PIXELS_PER_METRE.recognise),
    identify: doriDistance(hres, hfovDeg, DORI_PIXELS_PER_METRE.identify),
  };
}

/** Horizontal field of view (degrees) of a rectilinear lens on a sensor `sensorWidthMm` wide. */
export function hfovFromLens(focalLengthMm: number, sensorWidthMm: number): number {
  return (2 * Math.atan(sensorWidthMm / (2 * focalLengthMm))) / RAD;
}

/** Vertical field of view of a rectilinear lens with aspect ratio width:height (16:9 by default). */
export function estimateVfov(hfovDeg: number, aspect = 16 / 9): number {
  const h = Math.min(hfovDeg, 179) * RAD;
  return (2 * Math.atan(Math.tan(h / 2) / aspect)) / RAD;
}
