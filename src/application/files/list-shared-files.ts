import type { SharedFileList, SharedFileSort, SharedFileSummary } from '../../contracts/files.ts';
import { DESCRIPTION_KEY, TITLE_KEY } from '../../contracts/files.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import type { StoredFile } from '../../domain/storage/file-storage.ts';
import { fileNameFromDisposition, nameOf } from '../../domain/storage/stored-file.ts';
import { requireAccess } from '../shared/require-access.ts';
import { mayManageSharedFiles, SHARED_FILES_ACCESS, SHARED_FILES_FOLDER, type SharedFilesDeps } from './shared-file-access.ts';

export interface SharedFileListRequest {
  search: string;
  sort: SharedFileSort;
  dir?: 'asc' | 'desc';
  limit: number;
  /** Offset into the sorted list, from the previous page's `nextCursor`. */
  cursor?: string;
}

/**
 * A business holds tens to hundreds of shared files, so the list reads the whole folder
 * (its metadata only), then searches, sorts and pages in memory. Past this many files the
 * rest is not read: a bound on one request's work, far above what the business keeps.
 */
export const MAX_LISTED_SHARED_FILES = 2000;

const nameFor = (f: StoredFile): string => f.customMetadata[TITLE_KEY] ?? fileNameFromDisposition(f.contentDisposition) ?? f.customMetadata.name ?? nameOf(f.fullPath);

const COMPARE: Record<SharedFileSort, (a: SharedFileSummary, b: SharedFileSummary) => number> = {
  created: (a, b) => a.timeCreated.localeCompare(b.timeCreated),
  name: (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }),
  size: (a, b) => a.size - b.size,
};

/** The shared-files folder as list rows: link counts only for those who may manage links. */
export async function listSharedFiles(deps: SharedFilesDeps, auth: AuthState, q: SharedFileListRequest): Promise<SharedFileList> {
  requireAccess(auth, SHARED_FILES_ACCESS.read);
  const manage = mayManageSharedFiles(auth);
  const needle = q.search.toLocaleLowerCase('en');
  const rows: SharedFileSummary[] = [];
  let seen = 0;
  for await (const f of deps.files.list({ folder: SHARED_FILES_FOLDER })) {
    if (++seen > MAX_LISTED_SHARED_FILES) break;
    const name = nameFor(f);
    if (needle !== '' && !name.toLocaleLowerCase('en').includes(needle)) continue;
    rows.push({
      path: f.fullPath,
      name,
      description: f.customMetadata[DESCRIPTION_KEY] ?? null,
      size: f.size,
      contentType: f.contentType,
      timeCreated: f.timeCreated,
      updated: f.updated,
      links: manage ? f.downloadTokens.length : null,
    });
  }
  const sign = (q.dir ?? (q.sort === 'name' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  // Ties (same second, same size) fall back to the path so pages never overlap.
  rows.sort((a, b) => sign * COMPARE[q.sort](a, b) || a.path.localeCompare(b.path));
  const from = Math.min(Number(q.cursor ?? 0), rows.length);
  const to = from + q.limit;
  return { files: rows.slice(from, to), total: rows.length, nextCursor: to < rows.length ? String(to) : null };
}
