import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FileLink, SharedFileList, SharedFileSort, StoredFileDto } from '#contracts/files.ts';
import { apiFetch } from '#lib/api.ts';

export interface SharedFileListParams {
  search: string;
  sort: SharedFileSort;
  dir: 'asc' | 'desc';
  cursor: string | null;
  limit: number;
}

export const SHARED_FILES_KEY = ['shared-files'] as const;

/** A stored file's path as one URL segment (the API's `:path`). */
export const fileUrl = (path: string): string => `/api/files/${encodeURIComponent(path)}`;

export const sharedFilesQuery = (p: SharedFileListParams) =>
  queryOptions({
    queryKey: [...SHARED_FILES_KEY, 'list', p],
    queryFn: () => {
      const q = new URLSearchParams({ sort: p.sort, dir: p.dir, limit: String(p.limit) });
      if (p.search) q.set('search', p.search);
      if (p.cursor) q.set('cursor', p.cursor);
      return apiFetch<SharedFileList>(`/api/files?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

/** The full record (admins see its download tokens). */
export const sharedFileQuery = (path: string) =>
  queryOptions({ queryKey: [...SHARED_FILES_KEY, 'file', path], queryFn: () => apiFetch<StoredFileDto>(`${fileUrl(path)}/metadata`) });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: SHARED_FILES_KEY });
}

/** Multipart upload: the fields first, the file last (the server streams it into storage). */
export function useUploadSharedFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { name: string; description: string; file: File }) => {
      const form = new FormData();
      form.append('name', v.name);
      form.append('metadata', JSON.stringify(v.description === '' ? {} : { customMetadata: { description: v.description } }));
      form.append('file', v.file, v.file.name);
      return apiFetch<StoredFileDto>('/api/files', { method: 'POST', body: form });
    },
    onSuccess: invalidate,
  });
}

export function useCreateLink() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (path: string) => apiFetch<FileLink>(`${fileUrl(path)}/tokens`, { method: 'POST' }), onSuccess: invalidate });
}

export function useRevokeLink() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { path: string; token: string }) => apiFetch<StoredFileDto>(`${fileUrl(v.path)}/tokens/${encodeURIComponent(v.token)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useDeleteSharedFile() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (path: string) => apiFetch<null>(fileUrl(path), { method: 'DELETE' }), onSuccess: invalidate });
}

const UNITS = ['KB', 'MB', 'GB'];
/** 1536 → "1.5 KB"; bytes below 1 KB as they are. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  let v = n / 1024;
  let unit = 0;
  while (v >= 1024 && unit < UNITS.length - 1) {
    v /= 1024;
    unit++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${UNITS[unit]}`;
}

export { fileTypeLabel as typeLabel } from '#domain/storage/file-types.ts';

const PAGE_SIZE = 25;
const defaultDir = (sort: SharedFileSort) => (sort === 'name' ? 'asc' : 'desc');

/** The list's order and search for /admin/files' search (defaults filled in). */
export function sharedFilesView(search: { q?: string; sort?: SharedFileSort; dir?: 'asc' | 'desc' }) {
  const sort = search.sort ?? 'created';
  return { q: search.q ?? '', sort, dir: search.dir ?? defaultDir(sort) };
}

/** One page of the list, from `cursor`. */
export const sharedFilesPageQuery = (v: ReturnType<typeof sharedFilesView>, cursor: string | null) => sharedFilesQuery({ search: v.q, sort: v.sort, dir: v.dir, cursor, limit: PAGE_SIZE });

/** What /admin/files shows first (the route loader starts it beside the code). */
export const prefetchSharedFilesScreen = (qc: QueryClient, search: Parameters<typeof sharedFilesView>[0]) => qc.prefetchQuery(sharedFilesPageQuery(sharedFilesView(search), null));
