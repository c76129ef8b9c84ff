import type { AuthState } from '../../domain/auth/permissions.ts';
import type { DownloadResult, StoredFile } from '../../domain/storage/file-storage.ts';
import { storageErrors } from '../../domain/storage/storage-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import { TITLE_KEY } from '../../contracts/files.ts';
import { attachmentDisposition } from '../../domain/storage/stored-file.ts';
import { downloadFileName } from '../../domain/storage/file-types.ts';

/**
 * Downloads are named from the title as typed and the type the bytes proved to be:
 * "Price list 11/2026 (Hikvision)" saves as "Price list 11-2026 (Hikvision).xlsx".
 */
function named(file: DownloadResult): DownloadResult {
  const title = file.metadata.customMetadata[TITLE_KEY];
  if (title === undefined) return file;
  return { ...file, metadata: { ...file.metadata, contentDisposition: attachmentDisposition(downloadFileName(title, file.metadata.contentType)) } };
}
import { isSharedFilePath, SHARED_FILES_ACCESS, sharedFilePath, type SharedFilesDeps } from './shared-file-access.ts';

/** The stored-file record (R-STO-5) for a signed-in reader. */
export async function getSharedFileMetadata(deps: SharedFilesDeps, auth: AuthState, path: string): Promise<StoredFile> {
  requireAccess(auth, SHARED_FILES_ACCESS.read);
  return deps.files.getMetadata(sharedFilePath(path));
}

/** The file's bytes for a signed-in reader (R-STO-6). */
export async function openSharedFile(deps: SharedFilesDeps, auth: AuthState, path: string): Promise<DownloadResult> {
  requireAccess(auth, SHARED_FILES_ACCESS.read);
  return named(await deps.files.download(sharedFilePath(path)));
}

/**
 * The file's bytes for anyone holding one of its download tokens, no session needed (R-STO-6).
 * A wrong, revoked or unknown token and a missing file all get the same `storage/unauthorized`
 * answer, so the link URL says nothing about which files exist.
 */
export async function openSharedFileByToken(deps: SharedFilesDeps, path: string, token: string): Promise<DownloadResult> {
  const meta = isSharedFilePath(path) ? await deps.files.findByDownloadToken(path, token) : null;
  if (meta === null) throw storageErrors.unauthorized(path);
  return named(await deps.files.download(meta.fullPath));
}
