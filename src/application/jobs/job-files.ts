import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { resolveContentType, SNIFF_BYTES } from '../../domain/storage/detect-content-type.ts';
import { readSignaturePng } from '../../domain/storage/signature-intake.ts';
import { checkImageIntake } from '../../domain/storage/image-intake.ts';
import { isStorageError } from '../../domain/storage/storage-error.ts';
import type { DownloadResult } from '../../domain/storage/file-storage.ts';
import { addPhoto, checkSignOffName, isFinal, signOffJob, type Job } from '../../domain/jobs/job.ts';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../../contracts/quotes.ts';
import { auditJob, loadJob, type JobDeps } from './job-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export const JOB_PHOTO_FOLDER = 'job-photos';
export const SIGNATURE_FOLDER = 'job-signatures';
export { MAX_PHOTO_BYTES };

export interface PhotoUpload {
  data: Uint8Array;
  declaredType: string | undefined;
  fileName: string | undefined;
}

const photoError = (message: string) => new DomainError('validation', message, { photos: [message] });

/** A photo of the work: its type from its bytes (a declared type must agree), photo formats only. */
export async function addJobPhoto(deps: JobDeps, auth: AuthState, id: string, upload: PhotoUpload): Promise<Job> {
  const actor = requireAccess(auth, 'editJobs');
  const job = await loadJob(deps, id);
  if (isFinal(job)) throw new DomainError('conflict', `${job.number} is ${job.status}; it can no longer be changed.`);
  const name = upload.fileName ?? 'The photo';
  if (upload.data.byteLength === 0) throw photoError(`${name} is empty.`);
  if (upload.data.byteLength > MAX_PHOTO_BYTES) throw photoError(`${name} is larger than 5 MB.`);
  let contentType: string;
  try {
    contentType = resolveContentType({ declared: upload.declaredType, head: upload.data.subarray(0, SNIFF_BYTES), allowed: PHOTO_TYPES });
  } catch (err) {
    if (isStorageError(err)) throw photoError(`${name} is not a JPEG, PNG, WebP or HEIC photo.`);
    throw err;
  }
  checkImageIntake(upload.data, { subject: name, field: 'photos' });
  const file = await deps.files.upload({
    folder: JOB_PHOTO_FOLDER,
    data: upload.data,
    contentType,
    ...(upload.fileName ? { fileName: upload.fileName } : {}),
    customMetadata: { jobId: job.id },
  });
  const photoId = deps.ids.next();
  try {
    const { after } = await deps.jobs.update(id, (current) =>
      addPhoto(current, {
        id: photoId,
        path: file.fullPath,
        contentType: file.contentType,
        size: file.size,
        fileName: upload.fileName ?? null,
        uploadedAt: deps.clock.now().toISOString(),
        uploadedBy: actor.name,
      }),
    );
    await auditJob(deps, actor, id, 'photo', [{ field: 'photos', from: job.photos.length, to: after.photos.length }]);
    return after;
  } catch (err) {
    await deps.files.delete(file.fullPath).catch(() => undefined);
    throw err;
  }
}

/**
 * The customer's sign-off: typed name and the signature drawn on the pad (a PNG data URL). A job
 * already signed is refused unless `replace` says so; a replacement is its own history entry
 * naming both signers, and the old signature file goes only once the new one is stored.
 */
export async function signOff(deps: JobDeps, auth: AuthState, id: string, input: { name: string; signature: string; replace?: boolean }): Promise<Job> {
  const actor = requireAccess(auth, 'editJobs');
  const name = checkSignOffName(input.name);
  const bytes = readSignaturePng(input.signature, { missing: 'Ask the customer to sign on the pad.' });
  const job = await loadJob(deps, id);
  const file = await deps.files.upload({ folder: SIGNATURE_FOLDER, data: bytes, contentType: 'image/png', fileName: `${job.number}-signature.png`, customMetadata: { jobId: job.id } });
  try {
    const { before, after } = await deps.jobs.update(id, (current) =>
      signOffJob(current, { name, signaturePath: file.fullPath, at: deps.clock.now().toISOString(), recordedBy: actor.name }, { replace: input.replace === true }),
    );
    await auditJob(deps, actor, id, before.signOff ? 'sign-off-replaced' : 'sign-off', [{ field: 'signOff', from: before.signOff?.name ?? null, to: name }]);
    if (before.signOff) await deps.files.delete(before.signOff.signaturePath).catch(() => undefined);
    return after;
  } catch (err) {
    await deps.files.delete(file.fullPath).catch(() => undefined);
    throw err;
  }
}

/** A job's photo or signature file, for staff who may view jobs. */
export async function openJobFile(deps: JobDeps, auth: AuthState, id: string, which: { photoId: string } | 'signature'): Promise<DownloadResult> {
  requireAccess(auth, 'viewJobs');
  const job = await loadJob(deps, id);
  const path = which === 'signature' ? job.signOff?.signaturePath : job.photos.find((p) => p.id === which.photoId)?.path;
  if (!path) throw new DomainError('not-found', which === 'signature' ? 'This job has no signature.' : 'No such photo.');
  return deps.files.download(path);
}
