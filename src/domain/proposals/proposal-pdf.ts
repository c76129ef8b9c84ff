import type { AcceptanceCertificate } from './acceptance-certificate.ts';
import type { PresentedProposal } from './proposal-presentation.ts';

/** Renders the proposal the client sees as a PDF (adapter: pdfkit). */
export interface ProposalPdfRenderer {
  /**
   * `link`: the public page where the client accepts (printed under How to accept); null while
   * revoked. `createdAt`: the proposal's creation time, so the same proposal renders to the same
   * bytes (the acceptance certificate prints their SHA-256).
   */
  render(p: PresentedProposal, link?: string | null, createdAt?: string): Promise<Uint8Array>;
  /** The pages `render` gave with the same arguments, then the acceptance certificate as the last page. */
  renderCertified(p: PresentedProposal, link: string | null, createdAt: string, certificate: AcceptanceCertificate): Promise<Uint8Array>;
}
