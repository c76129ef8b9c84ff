/**
 * DORI (IEC EN 62676-4): the pixel density a camera delivers on a person decides what an
 * operator can do with the picture. A person's box height in the image, divided by their real
 * height (1.7 m assumed), gives the pixels per metre the camera reaches at that spot.
 */
import { DORI_LEVELS, DORI_PIXELS_PER_METRE } from '../planner/dori.ts';
import type { DoriLevel } from '../planner/plan.ts';

/** Minimum pixels per metre for each level, best first (the camera planner's table). */
export const DORI_THRESHOLDS: readonly { level: DoriLevel; pixelsPerMetre: number }[] = [...DORI_LEVELS]
  .reverse()
  .map((level) => ({ level, pixelsPerMetre: DORI_PIXELS_PER_METRE[level] }));

export const ASSUMED_PERSON_HEIGHT_M = 1.7;

export interface DoriEstimate {
  pixelsPerMetre: number;
  /** The best level reached, or null when below "detect". */
  level: DoriLevel | null;
  /** The next level up and how many px/m it needs, or null at "identify". */
  next: { level: DoriLevel; pixelsPerMetre: number } | null;
  /** Share of the image height the person takes (0–1). */
  shareOfImageHeight: number;
}

export interface DoriInput {
  imageHeightPx: number;
  personBoxHeightPx: number;
  personHeightM?: number;
}

/**
 * Which DORI level a camera reaches where the person stands. A person cut off by the image
 * edge gives a box shorter than the person, so the estimate is then a lower bound.
 */
export function estimateDori(input: DoriInput): DoriEstimate {
  const personHeightM = input.personHeightM ?? ASSUMED_PERSON_HEIGHT_M;
  if (!(input.imageHeightPx > 0)) throw new RangeError('imageHeightPx must be a positive number');
  if (!(input.personBoxHeightPx >= 0)) throw new RangeError('personBoxHeightPx must be zero or more');
  if (!(personHeightM > 0)) throw new RangeError('personHeightM must be a positive number');
  const boxHeight = Math.min(input.personBoxHeightPx, input.imageHeightPx);
  const pixelsPerMetre = boxHeight / personHeightM;
  const index = DORI_THRESHOLDS.findIndex((t) => pixelsPerMetre >= t.pixelsPerMetre);
  const reached = index === -1 ? null : DORI_THRESHOLDS[index];
  const nextIndex = index === -1 ? DORI_THRESHOLDS.length - 1 : index - 1;
  const next = nextIndex >= 0 ? (DORI_THRESHOLDS[nextIndex] ?? null) : null;
  return {
    pixelsPerMetre,
    level: reached?.level ?? null,
    next,
    shareOfImageHeight: boxHeight / input.imageHeightPx,
  };
}
