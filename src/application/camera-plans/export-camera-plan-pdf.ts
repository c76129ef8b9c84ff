import { readAllBytes } from '../../domain/storage/file-storage.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { dateTimeFormat } from '../../domain/shared/intl-format.ts';
import { planGeometry, type CameraPlanPdfRenderer } from '../../domain/planner/camera-plan-report.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findPlan } from './camera-plan-access.ts';
import { bomForPlan, type BomDeps } from './camera-plan-bom.ts';

export interface ExportPdfDeps extends BomDeps {
  files: FileStorage;
  clients: Pick<ClientRepository, 'get'>;
  pdf: CameraPlanPdfRenderer;
  clock: Clock;
  timeZone: string;
  /** The company's locale (LOCALE): the "generated" time is written the way its people write it. */
  locale?: string;
}

/** The plan as a PDF: floor plan with walls and views, camera schedule, coverage, materials. */
export async function exportCameraPlanPdf(deps: ExportPdfDeps, auth: AuthState, id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  requireAccess(auth, 'viewProposals');
  return renderCameraPlanPdf(deps, await findPlan(deps.plans, id));
}

/** The PDF of a plan the caller has already been allowed to see (the plan's own screen, or its client's hub). */
export async function renderCameraPlanPdf(deps: ExportPdfDeps, plan: CameraPlan): Promise<{ bytes: Uint8Array; fileName: string }> {
  const client = await deps.clients.get(plan.clientId);
  let image = null;
  if (plan.floorPlan) {
    const { body } = await deps.files.download(plan.floorPlan.path);
    image = { bytes: await readAllBytes(body), contentType: plan.floorPlan.contentType };
  }
  const generatedAt = dateTimeFormat(deps.locale ?? 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: deps.timeZone }).format(deps.clock.now());
  const bytes = await deps.pdf.render({
    plan,
    clientName: client?.name ?? null,
    siteLabel: client?.sites.find((s) => s.id === plan.siteId)?.label ?? null,
    generatedAt,
    image,
    ...planGeometry(plan),
    bom: await bomForPlan(deps, plan),
  });
  const safe = plan.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'camera-plan';
  return { bytes, fileName: `${safe}.pdf` };
}
