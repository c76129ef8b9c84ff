/**
 * PDF floor plans rendered with Mozilla's pdf.js onto a Skia canvas (@napi-rs/canvas, prebuilt
 * binaries in its npm package). Both load on the first PDF, not at boot. Only the first page is
 * drawn; no font files or scripts from outside the PDF are used (uploads are untrusted).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { PdfPageRasterizer } from '../../domain/planner/pdf-page-rasterizer.ts';

const require = createRequire(import.meta.url);
/** Largest render scale (4 × 72 dpi), so a tiny page does not become a huge image. */
const MAX_SCALE = 4;

export class PdfjsPageRasterizer implements PdfPageRasterizer {
  async firstPageAsPng(pdf: Uint8Array, longSidePx: number): Promise<Uint8Array> {
    const [{ getDocument }, { createCanvas }] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('@napi-rs/canvas')]);
    const fonts = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;
    const task = getDocument({ data: new Uint8Array(pdf), // a copy, and never a Buffer (pdf.js refuses those)
      disableFontFace: true, useSystemFonts: false, standardFontDataUrl: fonts, verbosity: 0 });
    try {
      const doc = await task.promise;
      const page = await doc.getPage(1);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(MAX_SCALE, longSidePx / Math.max(base.width, base.height)) });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      // The Skia canvas implements what pdf.js draws with; the types are the DOM's.
      await page.render({ canvasContext: ctx, canvas, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
      return new Uint8Array(await canvas.encode('png'));
    } catch {
      throw new DomainError('validation', 'The PDF could not be read: it may be damaged or password-protected. Export the page as a PNG or JPEG instead.', {
        file: ['The PDF could not be read.'],
      });
    } finally {
      await task.destroy();
    }
  }
}
