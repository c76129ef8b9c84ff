import { accept, checkAcceptance, decline, isWellFormedToken, markViewed, type Proposal } from '../../domain/proposals/proposal.ts';
import { readSignaturePng } from '../../domain/storage/signature-intake.ts';
import type { PresentedProposal } from '../../domain/proposals/proposal-presentation.ts';
import { certifiedFileName } from '../../domain/proposals/acceptance-certificate.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { linkGone, linkIsLive } from '../../domain/shared/public-link.ts';
import { audit, clientActor, today, type ProposalDeps } from './proposal-deps.ts';
import { presented, proposalPdfBytes } from './proposal-views.ts';
import { notifyOfficeOfResponse } from './notify-office-of-response.ts';
import { businessTime, certifiedPdf, completeSignedAcceptance, sha256Hex, SIGNATURE_FOLDER } from './signed-acceptance.ts';

/** The public link: the token is the only key; a wrong one reads as "no such proposal", a dead one as "no longer valid". */
async function byToken(deps: ProposalDeps, token: string): Promise<Proposal> {
  const p = isWellFormedToken(token) ? await deps.proposals.findByToken(token) : null;
  if (!p || p.status === 'draft') throw new DomainError('not-found', 'This proposal link is not valid. Please contact us for a new one.');
  // Revoked, rotated away or declined: 410 with the company to contact, nothing of the proposal.
  if (!linkIsLive(p, token)) throw linkGone(deps.company);
  return p;
}

/**
 * The client opens the link: the first view marks the proposal viewed (audited). Staff checking
 * the link while signed in (`byStaff`) do not count as the client having seen it.
 */
export async function viewPublicProposal(deps: ProposalDeps, token: string, ip: string, byStaff = false): Promise<PresentedProposal> {
  let p = await byToken(deps, token);
  if (p.status === 'sent' && !byStaff) {
    let first = false;
    p = await deps.proposals.update(p.id, (cur) => {
      const r = markViewed(cur, deps.clock.now());
      first = r.first;
      return r.proposal;
    });
    if (first) await audit(deps, clientActor(p.clientName), p.id, 'viewed', [{ field: 'ip', from: null, to: ip }]);
    if (first) await deps.notify({ kind: 'proposal-viewed', proposal: p });
  }
  return presented(deps, p);
}

/** What the customer sends to accept: the option, their name, the "I agree" box, the signature (a PNG data URL), and where to mail the signed copy. */
export interface AcceptRequest {
  optionId: string;
  name: string;
  agreed: boolean;
  signature: string;
  /** Typed by the signer; empty: the client's e-mail on file. */
  email?: string | undefined;
}

/** What happened, for whoever reacts to an acceptance (notifications): plain facts, no internals. */
export interface ProposalAccepted {
  type: 'proposal-accepted';
  proposalId: string;
  number: string;
  clientId: string;
  clientName: string;
  optionId: string;
  optionName: string;
  signer: string;
  email: string | null;
  at: string;
  ip: string;
}

/**
 * The customer accepts through the link with a drawn signature and "I agree". Everything is
 * checked before anything is stored; the PDF as it stands is hashed (SHA-256) and the signature
 * kept in file storage; the acceptance is saved in one transaction (a second accept is refused:
 * "already accepted on …", and its signature file removed); then the certified PDF and the mails
 * (signed-acceptance.ts), each once.
 */
export async function acceptPublicProposal(deps: ProposalDeps, token: string, input: AcceptRequest, ip: string, userAgent: string | null = null): Promise<{ view: PresentedProposal; accepted: ProposalAccepted }> {
  const p = await byToken(deps, token);
  const when = businessTime(deps);
  // A signed acceptance whose certificate or mails were cut short (a crash) is finished by the next try.
  if (p.acceptance?.signaturePath && !p.acceptance.certificatePath) await completeSignedAcceptance(deps, p);
  checkAcceptance(p, input, today(deps), when);
  const png = readSignaturePng(input.signature, { missing: 'Sign in the box, or choose “Use my typed name”, to accept.' });
  const email = input.email?.trim() || (await deps.directory.getClient(p.clientId))?.email?.trim() || null;
  if (!email) throw new DomainError('validation', 'Type your e-mail address so we can send you your signed copy.', { email: ['Type your e-mail address so we can send you your signed copy.'] });
  const documentSha256 = sha256Hex(await proposalPdfBytes(deps, p));
  const file = await deps.files.upload({ folder: SIGNATURE_FOLDER, data: png, contentType: 'image/png', fileName: `${p.number}-signature.png`, customMetadata: { proposalId: p.id } });
  let saved: Proposal;
  try {
    saved = await deps.proposals.update(p.id, (cur) =>
      accept(cur, { optionId: input.optionId, name: input.name, agreed: input.agreed, ip, email, userAgent, signaturePath: file.fullPath, documentSha256 }, deps.clock.now(), today(deps), when),
    );
  } catch (err) {
    await deps.files.delete(file.fullPath).catch(() => undefined);
    throw err;
  }
  const a = saved.acceptance!;
  const option = saved.options.find((o) => o.id === a.optionId);
  await audit(deps, clientActor(a.name), p.id, 'accept', [
    { field: 'status', from: p.status, to: saved.status },
    { field: 'option', from: null, to: option?.name ?? a.optionId },
    { field: 'signedBy', from: null, to: a.name },
    { field: 'email', from: null, to: email },
    { field: 'ip', from: null, to: ip },
    { field: 'userAgent', from: null, to: userAgent },
    { field: 'documentSha256', from: null, to: documentSha256 },
  ]);
  await deps.directory.markLeadWon?.(saved.clientId); // the client's quote request is won (clients feature)
  saved = await completeSignedAcceptance(deps, saved, png);
  return {
    view: await presented(deps, saved),
    accepted: { type: 'proposal-accepted', proposalId: saved.id, number: saved.number, clientId: saved.clientId, clientName: saved.clientName, optionId: a.optionId, optionName: option?.name ?? a.optionId, signer: a.name, email, at: a.at, ip },
  };
}

export async function declinePublicProposal(deps: ProposalDeps, token: string, input: { reason: string }, ip: string): Promise<PresentedProposal> {
  const p = await byToken(deps, token);
  const saved = await deps.proposals.update(p.id, (cur) => decline(cur, { reason: input.reason, ip }, deps.clock.now(), today(deps)));
  await audit(deps, clientActor(p.clientName), p.id, 'decline', [
    { field: 'status', from: p.status, to: saved.status },
    { field: 'reason', from: null, to: input.reason || null },
    { field: 'ip', from: null, to: ip },
  ]);
  await notifyOfficeOfResponse(deps, saved);
  return presented(deps, saved);
}

/** The PDF from the public page: the same document the client was mailed; once signed, the signed copy with its certificate. */
export async function publicProposalPdf(deps: ProposalDeps, token: string): Promise<{ fileName: string; pdf: Uint8Array }> {
  const p = await byToken(deps, token);
  if (p.acceptance?.signaturePath) return { fileName: certifiedFileName(p), pdf: (await certifiedPdf(deps, p)).pdf };
  return { fileName: `${p.number}.pdf`, pdf: await proposalPdfBytes(deps, p) };
}
