import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * A real PNG of `width` × `height` pixels, one flat grey, made by sharp. A 12 000 × 12 000 one
 * compresses to ≈170 KB but takes seconds to encode on a busy machine, so each size is kept in
 * the temp folder and made once.
 */
export async function aPngOf(width: number, height: number): Promise<Uint8Array> {
  const file = join(tmpdir(), `shieldline-test-${width}x${height}-sharp${sharp.versions.sharp}.png`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#e5e7eb' } }).toColourspace('b-w').png().toBuffer();
  writeFileSync(`${file}.part`, bytes);
  renameSync(`${file}.part`, file);
  return new Uint8Array(bytes);
}

/** The floor plan of the review (issue 15, finding 2): 12 000 × 12 000 pixels in a small file. */
export const HUGE = { width: 12_000, height: 12_000 } as const;
/** The largest image taken: exactly 40 megapixels. */
export const JUST_UNDER = { width: 8_000, height: 5_000 } as const;

/** The refusal a person reads, with the sizes as the message writes them (12 000, no-break space). */
export const refusedAsTooLarge = (subject: string) => new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is 12\\s000 × 12\\s000 pixels; the largest accepted is 40 megapixels .*Save it smaller and upload again\\.$`);
