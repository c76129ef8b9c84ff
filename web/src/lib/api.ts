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

/** The session's CSRF token, sent with every state-changing request (the server checks it). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

async function currentCsrfToken(): Promise<string> {
  if (csrfToken === null) {
    const res = await fetch('/api/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    csrfToken = ((await res.json()) as { csrfToken: string }).csrfToken;
  }
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
      csrfToken = null;
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
