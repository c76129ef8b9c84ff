/** Turns the first page of a PDF floor plan into a PNG the planner can draw on. */
export interface PdfPageRasterizer {
  /**
   * The first page as PNG bytes, its longer side about `longSidePx` pixels. Fails with
   * `validation` when the bytes are not a PDF it can read (damaged, encrypted).
   */
  firstPageAsPng(pdf: Uint8Array, longSidePx: number): Promise<Uint8Array>;
}
