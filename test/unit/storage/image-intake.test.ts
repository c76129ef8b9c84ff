import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PdfkitCameraPlanPdf } from '../../../src/adapters/pdf/pdfkit-camera-plan-pdf.ts';
import { scaleImage } from '../../../src/adapters/images/sharp-image-scaler.ts';
import { withFloorPlan } from '../../../src/domain/planner/camera-plan.ts';
import { planGeometry } from '../../../src/domain/planner/camera-plan-report.ts';
import { DomainError } from '../../../src/domain/shared/domain-error.ts';
import { checkImageIntake, imageSize, MAX_IMAGE_PIXELS } from '../../../src/domain/storage/image-intake.ts';
import { aPngOf, HUGE, JUST_UNDER, refusedAsTooLarge } from '../../support/image-factories.ts';
import { allText, pdfPages } from '../../support/pdf-pages.ts';
import { aPlanContent, aStoredPlan } from '../planner/camera-plan-factories.ts';

const raw = { create: { width: 321, height: 123, channels: 4 as const, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } };

describe('imageSize reads the pixel size from the header of every format an upload may be', () => {
  it.each([
    ['PNG', () => sharp(raw).png().toBuffer()],
    ['JPEG', () => sharp(raw).jpeg().toBuffer()],
    ['progressive JPEG', () => sharp(raw).jpeg({ progressive: true }).toBuffer()],
    ['WebP lossy (VP8)', () => sharp(raw).removeAlpha().webp().toBuffer()],
    ['WebP lossless (VP8L)', () => sharp(raw).webp({ lossless: true }).toBuffer()],
    ['WebP with alpha (VP8X)', () => sharp(raw).webp().toBuffer()],
    ['GIF', () => sharp(raw).gif().toBuffer()],
    ['AVIF (HEIF container, ispe)', () => sharp(raw).avif({ effort: 0 }).toBuffer()],
  ])('%s', async (_, make) => {
    expect(imageSize(new Uint8Array(await make()))).toEqual({ width: 321, height: 123 });
  });

  it('answers null for other bytes and for a header cut short', async () => {
    const png = new Uint8Array(await sharp(raw).png().toBuffer());
    expect(imageSize(new TextEncoder().encode('%PDF-1.7 not an image'))).toBeNull();
    expect(imageSize(png.subarray(0, 20))).toBeNull();
    expect(imageSize(new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]))).toBeNull();
  });
});

describe('checkImageIntake: the one decoded-pixel limit', () => {
  it('refuses 12 000 × 12 000 pixels at the given field, naming the image, the sizes, the limit and what to do', async () => {
    const huge = await aPngOf(HUGE.width, HUGE.height);
    expect(huge.byteLength).toBeLessThan(600_000);
    const error = (() => {
      try {
        checkImageIntake(huge, { subject: 'The floor plan', field: 'file' });
      } catch (e) {
        return e as DomainError;
      }
      throw new Error('taken');
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('The floor plan is 12\u00a0000 × 12\u00a0000 pixels; the largest accepted is 40 megapixels (for example 8\u00a0000 × 5\u00a0000). Save it smaller and upload again.');
    expect(error.message).toMatch(refusedAsTooLarge('The floor plan'));
    expect(error.fields).toEqual({ file: [error.message] });
  }, 30_000); // (encoding a real 144-megapixel PNG takes seconds on a busy machine)

  it('takes exactly 40 megapixels, and refuses what it cannot size as damaged', async () => {
    expect(JUST_UNDER.width * JUST_UNDER.height).toBe(MAX_IMAGE_PIXELS);
    expect(checkImageIntake(await aPngOf(JUST_UNDER.width, JUST_UNDER.height), { subject: 'The image', field: 'image' })).toEqual(JUST_UNDER);
    expect(() => checkImageIntake(new Uint8Array([0xff, 0xd8, 0xff]), { subject: 'door.jpg', field: 'photos' })).toThrow(/^door\.jpg could not be read: it may be damaged/);
  });
});

describe('the camera-plan PDF never decodes a floor plan whole', () => {
  const report = (image: Uint8Array, size: { width: number; height: number }) => {
    const plan = aStoredPlan(withFloorPlan(aPlanContent(), { path: 'floor-plans/x.png', contentType: 'image/png', fileName: 'x.png', sizeBytes: image.byteLength, widthPx: size.width, heightPx: size.height }));
    return { plan, clientName: 'Client', siteLabel: 'Site', generatedAt: 'Nov 20, 2026', image: { bytes: image, contentType: 'image/png' }, ...planGeometry(plan), bom: [] };
  };
  const embeddedImages = (pdf: Uint8Array): string[][] => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intake-unit-'));
    try {
      writeFileSync(path.join(dir, 'p.pdf'), pdf);
      return execFileSync('pdfimages', ['-list', path.join(dir, 'p.pdf')], { encoding: 'utf8' }).trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('leaves out, with a note on the plan, a 12 000 × 12 000 image stored before the limit', async () => {
    const pdf = await new PdfkitCameraPlanPdf().render(report(await aPngOf(HUGE.width, HUGE.height), HUGE));
    expect(embeddedImages(pdf)).toEqual([]);
    expect(allText(await pdfPages(pdf))).toContain('The floor plan image (12000 × 12000 pixels) is too large or damaged to print.');
  });

  it('embeds a copy at most 3000 pixels a side, same proportions', async () => {
    const wide = await aPngOf(4000, 1000);
    expect(await scaleImage(wide)).toMatchObject({ width: 3000, height: 750, contentType: 'image/png' });
    const pdf = await new PdfkitCameraPlanPdf().render(report(wide, { width: 4000, height: 1000 }));
    expect(embeddedImages(pdf).map((r) => [r[3], r[4]])).toEqual([['3000', '750']]);
  });
});
