import type { PresentedProposal } from './proposal-presentation.ts';

/** Renders the proposal the client sees as a PDF (adapter: pdfkit). */
export interface ProposalPdfRenderer {
  /** `link`: the public page where the client accepts (printed under How to accept); null while revoked. */
  render(p: PresentedProposal, link?: string | null): Promise<Uint8Array>;
}
