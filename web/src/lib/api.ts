import type { ApiError } from '../../../src/contracts/errors.ts';

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

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      ...rest,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiRequestError(0, { error: { code: 'network', message: 'Could not reach the server. Check your connection and try again.' } });
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) throw new ApiRequestError(res.status, body as ApiError | null);
  return body as T;
}
