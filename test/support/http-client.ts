import { expect } from 'vitest';

/**
 * A small HTTP client for tests against a listening server: a cookie jar, manual redirects,
 * and the CSRF token the SPA would send. `signIn` walks the real OpenID Connect code flow
 * through the embedded provider (sign-in page, consent, callback), as a browser would.
 */
export class TestClient {
  readonly baseUrl: string;
  private readonly cookies = new Map<string, string>();
  private csrf: string | null = null;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** A client of the server at `baseUrl`, signed in as `sub`. */
  static async signedIn(baseUrl: string, sub: string): Promise<TestClient> {
    const c = new TestClient(baseUrl);
    await c.signIn(sub);
    return c;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  /** Copies cookies from another client (e.g. to replay an old session cookie). */
  setCookies(cookies: string): void {
    for (const part of cookies.split('; ').filter(Boolean)) {
      const i = part.indexOf('=');
      this.cookies.set(part.slice(0, i), part.slice(i + 1));
    }
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(res);
    return res;
  }

  /** Follows redirects (any method becomes GET after 302/303), returning the last response. */
  async follow(path: string, init: RequestInit = {}, max = 10): Promise<Response> {
    let res = await this.raw(path, init);
    for (let i = 0; i < max && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get('location')!, res.url || `${this.baseUrl}${path}`).toString();
      res = await this.raw(next);
    }
    return res;
  }

  async csrfToken(): Promise<string> {
    if (!this.csrf) {
      const s = (await (await this.raw('/api/session')).json()) as { csrfToken: string };
      this.csrf = s.csrfToken;
    }
    return this.csrf;
  }

  forgetCsrf(): void {
    this.csrf = null;
  }

  get(path: string): Promise<Response> {
    return this.raw(path);
  }

  /** A state-changing request as the SPA sends it: same Origin, CSRF token, JSON body. */
  async send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.raw(path, {
      method,
      headers: {
        origin: this.baseUrl,
        'x-csrf-token': await this.csrfToken(),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  /** Signs in through the embedded provider as the demo account `sub` (mode redirect). */
  async signIn(sub: string, mode: 'popup' | 'redirect' = 'redirect'): Promise<Response> {
    const loginPage = await this.follow(`/api/auth/login?mode=${mode}&returnTo=/`);
    if (loginPage.status !== 200) throw new Error(`sign-in page: HTTP ${loginPage.status}`);
    const html = await loginPage.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('sign-in page has no form');
    const res = await this.follow(action.replace(/&#38;/g, '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: sub }).toString(),
    });
    this.csrf = null; // a new session gets a new token
    return res;
  }
}

/** The JSON body of a response that must have `status` (the body is the message when it has not). */
export async function expectJson<T>(res: Response, status: number): Promise<T> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
}
