import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { StoredFile } from '../../domain/storage/file-storage.ts';
import { buildDownloadUrl, hasDownloadToken } from '../../domain/storage/stored-file.ts';
import { requireAccess } from '../shared/require-access.ts';
import { SHARED_FILES_ACCESS, sharedFilePath, type SharedFilesDeps } from './shared-file-access.ts';

export interface SharedFileLink {
  token: string;
  /** `<base>/<encoded fullPath>?alt=media&token=<token>` (R-STO-5). */
  url: string;
  file: StoredFile;
}

/**
 * A new download token and the public URL built from it. `linkBase` is where the token route
 * is served (e.g. `https://example.com/api/files/public`).
 */
export async function createSharedFileLink(deps: SharedFilesDeps, auth: AuthState, path: string, linkBase: string): Promise<SharedFileLink> {
  requireAccess(auth, SHARED_FILES_ACCESS.manage);
  const file = await deps.files.createDownloadToken(sharedFilePath(path));
  // The newest token is the last one; buildDownloadUrl takes a record's first, so hand it just this one.
  const token = file.downloadTokens.at(-1);
  if (token === undefined) throw new DomainError('unavailable', 'The storage did not keep the new download token.');
  return { token, url: buildDownloadUrl(linkBase, { ...file, downloadTokens: [token] }), file };
}

/** Removes a token; its URL stops working at once (R-STO-6). */
export async function revokeSharedFileLink(deps: SharedFilesDeps, auth: AuthState, path: string, token: string): Promise<StoredFile> {
  requireAccess(auth, SHARED_FILES_ACCESS.manage);
  const at = sharedFilePath(path);
  if (!hasDownloadToken(await deps.files.getMetadata(at), token)) throw new DomainError('not-found', 'This file has no such download link.');
  return deps.files.revokeDownloadToken(at, token);
}

export async function deleteSharedFile(deps: SharedFilesDeps, auth: AuthState, path: string): Promise<void> {
  requireAccess(auth, SHARED_FILES_ACCESS.manage);
  await deps.files.delete(sharedFilePath(path));
}
