/** Helpers for driving the camera planner's SVG editor in Chromium (e2e test and fps bench). */
import type { Page } from 'playwright-core';

/** Screen position of a point given in plan units (floor-plan pixels or grid metres). */
export async function planToScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.locator('[data-testid="plan-canvas"]').evaluate(
    (svg, p) => {
      // Typed structurally: this file is compiled without the DOM library.
      const m = (svg as unknown as { getScreenCTM(): { a: number; b: number; c: number; d: number; e: number; f: number } }).getScreenCTM();
      return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
    },
    { x, y },
  );
}

export async function dragOnPlan(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8): Promise<void> {
  const a = await planToScreen(page, from.x, from.y);
  const b = await planToScreen(page, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
}

export async function clickOnPlan(page: Page, x: number, y: number): Promise<void> {
  const s = await planToScreen(page, x, y);
  await page.mouse.click(s.x, s.y);
}

/** A JSON write through the signed-in browser session (CSRF token and same-site Origin). */
export async function apiWrite<T>(page: Page, baseUrl: string, method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown): Promise<T> {
  const session = (await (await page.request.get(`${baseUrl}/api/session`)).json()) as { csrfToken: string };
  const res = await page.request.fetch(`${baseUrl}${path}`, { method, data: body, headers: { origin: baseUrl, 'x-csrf-token': session.csrfToken } });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Opens the new-plan form and picks the client (found by `search`) and its site; returns the form. */
export async function openNewPlanForm(page: Page, search: string, client: string, site: string) {
  await page.getByRole('button', { name: 'New plan' }).click();
  const form = page.getByRole('form', { name: 'New camera plan' });
  await form.getByLabel('Find a client').fill(search);
  const options = form.getByRole('combobox', { name: /^Client/ }).locator('option');
  await options.nth(1).waitFor({ state: 'attached' });
  await form.getByRole('combobox', { name: /^Client/ }).selectOption({ label: client });
  await form.getByRole('combobox', { name: /^Site/ }).selectOption({ label: site });
  return form;
}
