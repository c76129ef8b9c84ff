import type { Page } from 'playwright-core';

/** A JSON call as the signed-in person, for the set-up steps other e2e files drive through their screens. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const res = await fetch(p, { method: m, headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken }, ...(b === undefined ? {} : { body: JSON.stringify(b) }) });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
    },
    [method, path, body] as const,
  );
}
