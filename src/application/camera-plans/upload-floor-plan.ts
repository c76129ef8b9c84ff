import type { AuthState } from '../../domain/auth/permissions.ts';
import { FLOOR_PLAN_TYPES, MAX_FLOOR_PLAN_BYTES, MAX_FLOOR_PLAN_SIDE_PX, withFloorPlan, type CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import type { PdfPageRasterizer } from '../../domain/planner/pdf-page-rasterizer.ts';

/** A PDF page is rendered this many pixels along its longer side. */
export const PDF_RENDER_LONG_SIDE_PX = 3000;
import { DomainError } from '../../domain/shared/domain-error.ts';
import { detectContentType } from '../../domain/storage/detect-content-type.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import { checkImageIntake } from '../../domain/storage/image-intake.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findPlan } from './camera-plan-access.ts';

const refuse = (message: string) => new DomainError('validation', message, { file: [message] });

/**
 * Puts a floor-plan image under the plan (PNG or JPEG, judged by its bytes): the plan's area
 * becomes the image and its scale is unset until the installer marks it again. A PDF's first
 * page is rendered to a PNG (when a rasteriser is given) and stored as that image.
 * Version-checked like any save; the old image is deleted once the new one is in place.
 */
export async function uploadFloorPlan(
  deps: { plans: CameraPlanRepository; files: FileStorage; pdfPages?: PdfPageRasterizer },
  auth: AuthState,
  id: string,
  version: number,
  upload: { bytes: Uint8Array; fileName: string },
): Promise<CameraPlan> {
  requireAccess(auth, 'editProposals');
  const plan = await findPlan(deps.plans, id);
  let file = upload;
  if (file.bytes.length === 0) throw refuse('The file is empty.');
  if (file.bytes.length > MAX_FLOOR_PLAN_BYTES) throw refuse(`The file is larger than the ${MAX_FLOOR_PLAN_BYTES / 1048576} MB limit.`);
  let type = detectContentType(file.bytes);
  if (type === 'application/pdf') {
    if (!deps.pdfPages) throw refuse('PDF floor plans are not supported here: export the page as a PNG or JPEG image and upload that.');
    file = { bytes: await deps.pdfPages.firstPageAsPng(file.bytes, PDF_RENDER_LONG_SIDE_PX), fileName: `${file.fileName.replace(/\.pdf$/i, '') || 'floor-plan'}.png` };
    type = detectContentType(file.bytes);
  }
  if (!(FLOOR_PLAN_TYPES as readonly (string | undefined)[]).includes(type)) throw refuse('Upload the floor plan as a PNG or JPEG image.');
  const size = checkImageIntake(file.bytes, { subject: 'The floor plan', field: 'file' });
  if (size.width > MAX_FLOOR_PLAN_SIDE_PX || size.height > MAX_FLOOR_PLAN_SIDE_PX) throw refuse(`The image is at most ${MAX_FLOOR_PLAN_SIDE_PX} pixels a side.`);
  const stored = await deps.files.upload({
    folder: 'floor-plans',
    data: file.bytes,
    contentType: type!,
    fileName: file.fileName,
    limits: { maxBytes: MAX_FLOOR_PLAN_BYTES, allowedContentTypes: [...FLOOR_PLAN_TYPES] },
  });
  const image = { path: stored.fullPath, contentType: type!, fileName: file.fileName || 'floor-plan', sizeBytes: stored.size, widthPx: size.width, heightPx: size.height };
  // Drawn points were in the old units; an image starts a fresh drawing in pixels.
  const content = { ...withFloorPlan(plan, image), walls: [], cameras: [], areas: [] };
  let saved: CameraPlan;
  try {
    saved = await deps.plans.save(id, version, content);
  } catch (e) {
    await deps.files.delete(stored.fullPath).catch(() => undefined);
    throw e;
  }
  if (plan.floorPlan) await deps.files.delete(plan.floorPlan.path).catch(() => undefined);
  return saved;
}
