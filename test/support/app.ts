import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { buildContainer, TOKENS, type AppContainer } from '../../src/container.ts';
import { buildServer } from '../../src/http/server.ts';
import { tempDir } from './temp-dir.ts';

export interface TestAppOptions {
  logStream?: NodeJS.WritableStream;
  /** Replace what the container gives for a token (return undefined to keep the real one). */
  override?: (token: unknown) => unknown;
}

export interface TestApp {
  app: FastifyInstance;
  /** Cookie and headers a same-site SPA sends with a state-changing request (CSRF token). */
  csrf: () => Promise<Record<string, string>>;
  /** A same-site JSON POST, with the CSRF headers, through `inject`. */
  post: (url: string, payload: object) => Promise<LightMyRequestResponse>;
  container: AppContainer;
  config: AppConfig;
  dataDir: string;
  close: () => Promise<void>;
}

/** A production configuration the server accepts: Google sign-in (so no embedded provider), a set session secret. */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  GOOGLE_CLIENT_ID: 'client.apps.example',
  GOOGLE_CLIENT_SECRET: 'not-a-real-secret',
  SESSION_SECRET: 'x'.repeat(40),
  ADMIN_USER_IDS: '111,222',
  PUBLIC_URL: 'https://shieldline.example',
};

/** The real server on a real SQLite file in a temp folder, driven through `inject`. */
export async function buildTestApp(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dir = tempDir();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir.path, ...env });
  const container: AppContainer = await buildContainer(config, options.override ? { override: options.override } : {});
  const app = await buildServer(config, container, { logStream: options.logStream });
  extend?.(app);
  await app.ready();
  let csrf: Record<string, string> | null = null;
  const csrfHeaders = async () => {
    if (!csrf) {
      const res = await app.inject('/api/session');
      const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      csrf = { cookie, 'x-csrf-token': res.json<{ csrfToken: string }>().csrfToken, origin: new URL(container.resolve(TOKENS.BaseUrl)).origin };
    }
    return csrf;
  };
  return {
    app,
    csrf: csrfHeaders,
    post: async (url, payload) => app.inject({ method: 'POST', url, headers: await csrfHeaders(), payload }),
    container,
    config,
    dataDir: dir.path,
    close: async () => {
      await app.close();
      dir.remove();
    },
  };
}

export interface ListeningTestApp extends TestApp {
  url: string;
}

/**
 * The real server listening on a free loopback port, for tests that need real HTTP: the
 * OpenID sign-in (the server calls its embedded provider over loopback), SSE, cookies.
 * Use with TestClient (test/support/http-client.ts): `await client.signIn('demo-admin-frank')`.
 */
export async function listenTestApp(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  options: TestAppOptions = {},
): Promise<ListeningTestApp> {
  // Two api files run at a time: the probed port may be taken before listen, so try another then.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const t = await buildTestApp({ HOST: '127.0.0.1', PORT: String(port), ...env }, extend, options);
    try {
      await t.app.listen({ host: '127.0.0.1', port });
      return { ...t, url: `http://127.0.0.1:${port}` };
    } catch (err) {
      await t.close();
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw err;
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
