import { afterAll, beforeAll } from 'vitest';
import { listenTestApp, type ListeningTestApp } from './app.ts';
import { TestClient } from './http-client.ts';
import { DEMO } from './demo-users.ts';

export interface SignedInApp {
  /** The listening app (set before the file's tests run). */
  readonly t: ListeningTestApp;
  /** A client signed in as `sub` (the admin unless told otherwise). */
  readonly client: TestClient;
}

/**
 * For a test file: the real server on a free port (beforeAll) with one client signed in as
 * `sub`, closed after the file (afterAll). Read `app.t` and `app.client` inside tests.
 */
export function signedInApp(sub: string = DEMO.admin, env: Record<string, string> = {}): SignedInApp {
  const state: { t?: ListeningTestApp; client?: TestClient } = {};
  beforeAll(async () => {
    state.t = await listenTestApp(env);
    state.client = new TestClient(state.t.url);
    await state.client.signIn(sub);
  });
  afterAll(() => state.t?.close());
  return {
    get t() {
      return state.t!;
    },
    get client() {
      return state.client!;
    },
  };
}
