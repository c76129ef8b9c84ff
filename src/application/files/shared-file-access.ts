import type { Access } from '../../domain/auth/menu.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import { isObjectPath } from '../../domain/storage/stored-file.ts';
import { storageErrors } from '../../domain/storage/storage-error.ts';
import { mayAccess } from '../shared/require-access.ts';

/**
 * Shared files: company documents (manuals, certificates, templates, site photos) any staff
 * member may read, and only admins may upload, delete or share outside through a download link
 * (a link lets anyone with it read the file, so handing one out is an owner's decision).
 * The routes declare the same requirements; the use cases check them again (`requireAccess`).
 */
export const SHARED_FILES_ACCESS = {
  read: { kind: 'staff' },
  manage: { kind: 'admin' },
} as const satisfies Record<string, Access>;

export const SHARED_FILES_FOLDER = 'shared-files';

export interface SharedFilesDeps {
  files: FileStorage;
}

/**
 * A path from a URL, accepted only when it names a shared file: the storage's own generated
 * shape (so `../`, absolute paths and the like are never passed on) inside the shared folder
 * (so these routes cannot reach quote photos, job photos or other features' files).
 */
export const isSharedFilePath = (path: string): boolean => path.startsWith(`${SHARED_FILES_FOLDER}/`) && isObjectPath(path);

/** The path when it names a shared file (see `isSharedFilePath`), else `storage/object-not-found`. */
export function sharedFilePath(path: string): string {
  if (!isSharedFilePath(path)) throw storageErrors.objectNotFound(path);
  return path;
}

/** Whether the person may manage shared files (upload, delete, links); the DTO hides tokens otherwise. */
export const mayManageSharedFiles = (auth: AuthState): boolean => mayAccess(auth, SHARED_FILES_ACCESS.manage);
