import type { PresentedProposal } from './proposal-presentation.ts';

/** Renders the proposal the client sees as a PDF (adapter: pdfkit). */
export interface ProposalPdfRenderer {
  render(p: PresentedProposal): Promise<Uint8Array>;
}
