import type { AuthState } from '../../domain/auth/permissions.ts';
import { hasSignOffDocument } from '../../domain/jobs/job.ts';
import { renderCameraPlanPdf } from '../camera-plans/export-camera-plan-pdf.ts';
import { renderInvoicePdf } from '../invoices/invoice-deps.ts';
import { renderSignOffDocument } from '../jobs/sign-off-document.ts';
import { notYours, ownedClient, type PortalDeps } from './portal-deps.ts';

type Pdf = { bytes: Uint8Array; fileName: string };

/** One of the client's issued invoices (or credit notes) as its PDF. */
export async function portalInvoicePdf(deps: PortalDeps, auth: AuthState, clientId: string, invoiceId: string): Promise<Pdf> {
  const { client } = await ownedClient(deps, auth, clientId);
  const inv = await deps.invoices.invoices.get(invoiceId);
  if (!inv || inv.clientId !== client.id || inv.status === 'draft') throw notYours();
  return { bytes: await renderInvoicePdf(deps.invoices, inv), fileName: `${inv.number}.pdf` };
}

/** A completed visit's sign-off (who signed, when, the signature) as a PDF. */
export async function portalSignOffPdf(deps: PortalDeps, auth: AuthState, clientId: string, jobId: string): Promise<Pdf> {
  const { client } = await ownedClient(deps, auth, clientId);
  const job = await deps.jobs.get(jobId);
  if (!job || job.clientId !== client.id || !hasSignOffDocument(job)) throw notYours();
  return renderSignOffDocument({ ...deps, files: deps.plans.files }, job);
}

/** A camera plan of one of the client's sites as its PDF. */
export async function portalCameraPlanPdf(deps: PortalDeps, auth: AuthState, clientId: string, planId: string): Promise<Pdf> {
  const { client } = await ownedClient(deps, auth, clientId);
  const plan = await deps.plans.plans.get(planId);
  if (!plan || plan.clientId !== client.id) throw notYours();
  return renderCameraPlanPdf(deps.plans, plan);
}
