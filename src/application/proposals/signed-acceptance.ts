/**
 * What follows a signed acceptance, after the acceptance itself is stored: the certified PDF (the
 * proposal's pages as they stood when accepted, then the acceptance certificate) kept in file
 * storage, and the signed copy mailed to the customer and the office through the outbox. Every
 * step is idempotent — the certificate is made once (a second maker keeps the first one's file)
 * and each mail has its key — so a double click, a retry after a crash or two instances at once
 * end with one certificate and one mail to each side.
 */
import { createHash } from 'node:crypto';
import { acceptanceCertificate, certifiedFileName, formatInZone, signedCopyMail } from '../../domain/proposals/acceptance-certificate.ts';
import { withCertificate, type Proposal } from '../../domain/proposals/proposal.ts';
import { readAllBytes } from '../../domain/storage/file-storage.ts';
import { linkActive } from '../../domain/shared/public-link.ts';
import { publicLink, type ProposalDeps } from './proposal-deps.ts';
import { presented } from './proposal-views.ts';
import { notifyOfficeOfResponse } from './notify-office-of-response.ts';
import { depositInvoiceState, ensureDepositInvoice } from './deposit-invoice.ts';
import { formatMoney } from '../../domain/shared/money.ts';
import { publicLink as invoiceLink } from '../invoices/invoice-deps.ts';

export const SIGNATURE_FOLDER = 'proposal-signatures';
export const CERTIFIED_FOLDER = 'proposal-certificates';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** An acceptance time as the business writes it, with its zone: "Nov 26, 2026, 10:15:03 AM CST (America/Chicago)". */
export const businessTime = (deps: Pick<ProposalDeps, 'timeZone' | 'money'>) => (iso: string): string => formatInZone(iso, deps.timeZone, deps.money.locale);

/** The proposal as it stood just before it was accepted: what the client saw and signed. */
const beforeAcceptance = (p: Proposal): Proposal => ({ ...p, status: p.viewedAt ? 'viewed' : 'sent', acceptance: null });

/** The certified PDF of an accepted proposal: made and stored the first time, read back after that. */
export async function certifiedPdf(deps: ProposalDeps, p: Proposal, signaturePng?: Uint8Array): Promise<{ proposal: Proposal; pdf: Uint8Array }> {
  const a = p.acceptance;
  if (!a?.signaturePath) throw new Error(`Proposal ${p.number} has no signed acceptance.`);
  if (a.certificatePath) return { proposal: p, pdf: await readAllBytes((await deps.files.download(a.certificatePath)).body) };
  const png = signaturePng ?? (await readAllBytes((await deps.files.download(a.signaturePath)).body));
  const before = beforeAcceptance(p);
  const certificate = acceptanceCertificate(p, png, deps);
  const pdf = await deps.pdf.renderCertified(await presented(deps, before), linkActive(before) ? publicLink(deps, before.publicToken) : null, p.createdAt, certificate);
  const file = await deps.files.upload({ folder: CERTIFIED_FOLDER, data: pdf, contentType: 'application/pdf', fileName: certifiedFileName(p), customMetadata: { proposalId: p.id } });
  const saved = await deps.proposals.update(p.id, (cur) => (cur.acceptance?.certificatePath ? cur : withCertificate(cur, file.fullPath)));
  if (saved.acceptance?.certificatePath === file.fullPath) return { proposal: saved, pdf };
  // Another request made it first: keep theirs, so there is one certificate.
  await deps.files.delete(file.fullPath).catch(() => undefined);
  return certifiedPdf(deps, saved);
}

/** The deposit invoice, the certificate, then one mail to each side (keyed per proposal acceptance). */
export async function completeSignedAcceptance(deps: ProposalDeps, p: Proposal, signaturePng?: Uint8Array): Promise<Proposal> {
  const withDeposit = await ensureDepositInvoice(deps, p);
  const { proposal, pdf } = await certifiedPdf(deps, withDeposit, signaturePng);
  const attachment = { filename: certifiedFileName(proposal), contentType: 'application/pdf', content: pdf };
  if (deps.mailQueue && proposal.acceptance?.email) {
    const deposit = await depositInvoiceState(deps, proposal);
    const note = deposit ? { number: deposit.number, amount: formatMoney(deposit.totalCents, deps.money), link: deposit.publicToken ? invoiceLink(deps, deposit.publicToken) : null } : null;
    const mail = signedCopyMail(proposal, pdf, deps.company, deps, note);
    await deps.mailQueue.enqueue(mail, `proposal:${proposal.id}:signed-copy`);
  }
  await notifyOfficeOfResponse(deps, proposal, [attachment]);
  return proposal;
}
