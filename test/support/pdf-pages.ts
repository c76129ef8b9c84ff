import { createRequire } from 'node:module';
import path from 'node:path';

/** One page of a PDF as pdf.js reads it: size in points and each text run with its position. */
export interface PdfPage {
  width: number;
  height: number;
  /** x, y from the page's top-left, in points; width of the run. */
  items: { str: string; x: number; y: number; width: number }[];
  /** The page's runs joined by spaces, whitespace collapsed. */
  text: string;
}

const require = createRequire(import.meta.url);

/** The pages of a PDF, read with Mozilla's pdf.js (the reader the floor-plan upload uses). */
export async function pdfPages(pdf: Uint8Array): Promise<PdfPage[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;
  const task = getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: fonts, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items = content.items.flatMap((it) =>
        'str' in it && it.str.trim() !== '' ? [{ str: it.str, x: it.transform[4] as number, y: y1 - (it.transform[5] as number), width: it.width }] : [],
      );
      pages.push({ width: x1 - x0, height: y1 - y0, items, text: items.map((i) => i.str).join(' ').replace(/\s+/g, ' ') });
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** All pages' text, one string. */
export const allText = (pages: readonly PdfPage[]): string => pages.map((p) => p.text).join(' ');
