import type { AuthState } from '../../domain/auth/permissions.ts';
import { certifiedFileName } from '../../domain/proposals/acceptance-certificate.ts';
import type { Proposal } from '../../domain/proposals/proposal.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { DownloadResult } from '../../domain/storage/file-storage.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ProposalDeps } from './proposal-deps.ts';
import { loadProposal } from './proposal-views.ts';
import { certifiedPdf } from './signed-acceptance.ts';

async function signedProposal(deps: ProposalDeps, id: string): Promise<Proposal & { acceptance: { signaturePath: string } }> {
  const p = await loadProposal(deps, id);
  if (!p.acceptance?.signaturePath) throw new DomainError('not-found', `${p.number} has no signed acceptance.`);
  return p as Proposal & { acceptance: { signaturePath: string } };
}

/** The signed copy (proposal pages + acceptance certificate), for staff who may view proposals. */
export async function proposalCertificatePdf(deps: ProposalDeps, auth: AuthState, id: string): Promise<{ fileName: string; pdf: Uint8Array }> {
  requireAccess(auth, 'viewProposals');
  const p = await signedProposal(deps, id);
  return { fileName: certifiedFileName(p), pdf: (await certifiedPdf(deps, p)).pdf };
}

/** The customer's signature image, for staff who may view proposals. */
export async function proposalSignature(deps: ProposalDeps, auth: AuthState, id: string): Promise<DownloadResult> {
  requireAccess(auth, 'viewProposals');
  const p = await signedProposal(deps, id);
  return deps.files.download(p.acceptance.signaturePath);
}
