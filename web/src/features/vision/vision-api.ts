import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiError } from '#contracts/errors.ts';
import type { VisionAnalysisDto, VisionAnalysisPageDto, VisionAnalysisPatch, VisionLinkField } from '#contracts/vision.ts';
import { ApiRequestError, apiFetch } from '#lib/api.ts';

export const visionKeys = {
  all: ['vision'] as const,
  lists: () => [...visionKeys.all, 'list'] as const,
  list: (filters: HistoryFilters) => [...visionKeys.lists(), filters] as const,
  detail: (id: string) => [...visionKeys.all, 'detail', id] as const,
};

export interface HistoryFilters {
  label?: string;
  clientId?: string;
  siteId?: string;
  jobId?: string;
  contractId?: string;
  /** Local calendar dates (yyyy-mm-dd), inclusive. */
  fromDate?: string;
  toDate?: string;
}

const PAGE_SIZE = 12;

/** Local midnight of a yyyy-mm-dd date, as an ISO instant (days after `offsetDays`). */
function localMidnight(date: string, offsetDays = 0): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d! + offsetDays).toISOString();
}

export function historyQueryString(filters: HistoryFilters, cursor: string | null): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
  for (const key of ['label', 'clientId', 'siteId', 'jobId', 'contractId'] as const) {
    const v = filters[key]?.trim();
    if (v) q.set(key, v);
  }
  if (filters.fromDate) q.set('from', localMidnight(filters.fromDate));
  if (filters.toDate) q.set('to', localMidnight(filters.toDate, 1));
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

export const historyQuery = (filters: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: visionKeys.list(filters),
    queryFn: ({ pageParam }) => apiFetch<VisionAnalysisPageDto>(`/api/vision/analyses?${historyQueryString(filters, pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One tiny request that says whether this person may use the screen (401 / 403 otherwise). */
export const accessQuery = queryOptions({
  queryKey: [...visionKeys.all, 'access'] as const,
  queryFn: () => apiFetch<VisionAnalysisPageDto>('/api/vision/analyses?limit=1'),
  retry: false,
});

export const analysisQuery = (id: string) =>
  queryOptions({ queryKey: visionKeys.detail(id), queryFn: () => apiFetch<VisionAnalysisDto>(`/api/vision/analyses/${encodeURIComponent(id)}`) });

export const updateAnalysis = (id: string, patch: VisionAnalysisPatch) =>
  apiFetch<VisionAnalysisDto>(`/api/vision/analyses/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch });

export const deleteAnalysis = (id: string) => apiFetch<null>(`/api/vision/analyses/${encodeURIComponent(id)}`, { method: 'DELETE' });

export type UploadLinks = Partial<Record<VisionLinkField, string>>;

export class UploadError extends ApiRequestError {
  /** Seconds the server asked us to wait (429), if any. */
  readonly retryAfter: number | null;
  constructor(status: number, body: ApiError | null, retryAfter: number | null) {
    super(status, body);
    this.retryAfter = retryAfter;
  }
}

let csrf: string | null = null;
async function csrfToken(fresh = false): Promise<string> {
  if (csrf === null || fresh) {
    const res = await fetch('/api/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    csrf = ((await res.json()) as { csrfToken: string }).csrfToken;
  }
  return csrf;
}

/**
 * One image → one analysis. XMLHttpRequest rather than fetch: only it reports upload progress.
 * A stale CSRF token (403) is refreshed once, as apiFetch does.
 */
export async function uploadImage(file: File, links: UploadLinks, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<VisionAnalysisDto> {
  const attempt = async (fresh: boolean) => {
    const token = await csrfToken(fresh);
    return new Promise<{ status: number; body: unknown; retryAfter: string | null }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/vision/analyses');
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('x-csrf-token', token);
      xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? e.loaded / e.total : 0);
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          body = null;
        }
        resolve({ status: xhr.status, body, retryAfter: xhr.getResponseHeader('Retry-After') });
      };
      xhr.onerror = () => reject(new UploadError(0, { error: { code: 'network', message: 'Could not reach the server. Check your connection and try again.' } }, null));
      xhr.onabort = () => reject(new UploadError(0, { error: { code: 'aborted', message: 'Upload cancelled.' } }, null));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      const form = new FormData();
      for (const [k, v] of Object.entries(links)) if (v?.trim()) form.set(k, v.trim());
      form.set('image', file, file.name);
      xhr.send(form);
    });
  };
  let res = await attempt(false);
  if (res.status === 403) res = await attempt(true);
  if (res.status >= 200 && res.status < 300) return res.body as VisionAnalysisDto;
  const retryAfter = res.retryAfter === null ? null : Number(res.retryAfter);
  throw new UploadError(res.status, res.body as ApiError | null, Number.isFinite(retryAfter) ? retryAfter : null);
}
