import type { ApiError } from '#contracts/errors.ts';

/** An API answer that was not 2xx, with the field messages the server gave for forms. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]>;
  constructor(status: number, body: ApiError | null) {
    super(body?.error.message ?? `Request failed (${status}).`);
    this.status = status;
    this.code = body?.error.code ?? 'network';
    this.fields = body?.error.fields ?? {};
  }
}

let csrfToken: string | null = null;
let sessionRequest: Promise<{ csrfToken: string }> | null = null;

/**
 * GET /api/session, one request at a time. A browser without the CSRF cookie yet gets a new
 * secret (and a cookie) from every such request, so two at once (the session query and the
 * first page view of a new visitor) each got a token for a different secret and the one whose
 * cookie lost was refused with 403. Callers arriving while one is in flight share its answer,
 * and its token is the one every state-changing request sends.
 */
export function fetchSession<T extends { csrfToken: string }>(): Promise<T> {
  sessionRequest ??= (async () => {
    try {
      const res = await fetch('/api/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      const text = await res.text();
      const body = text ? (JSON.parse(text) as unknown) : null;
      if (!res.ok) throw new ApiRequestError(res.status, body as ApiError | null);
      csrfToken = (body as { csrfToken: string }).csrfToken;
      return body as { csrfToken: string };
    } finally {
      sessionRequest = null;
    }
  })();
  return sessionRequest as Promise<T>;
}

/** The session's CSRF token, sent with every state-changing request (the server checks it); `fresh` asks again. */
export async function currentCsrfToken(fresh = false): Promise<string> {
  if (csrfToken === null || fresh) return (await fetchSession()).csrfToken;
  return csrfToken;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  const send = async () =>
    fetch(path, {
      ...rest,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(SAFE_METHODS.has(method) ? {} : { 'x-csrf-token': await currentCsrfToken() }),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  let res: Response;
  try {
    res = await send();
    if (res.status === 403 && !SAFE_METHODS.has(method)) {
      // The token may be stale (signed in or out in another tab): fetch a fresh one, retry once.
      await currentCsrfToken(true);
      res = await send();
    }
  } catch {
    throw new ApiRequestError(0, { error: { code: 'network', message: 'Could not reach the server. Check your connection and try again.' } });
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) throw new ApiRequestError(res.status, body as ApiError | null);
  return body as T;
}
