import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { startStripePeer, type StripePeer } from './stripe-peer.ts';

export interface E2eEnvironment {
  server: RunningServer;
  browser: Browser;
}

/**
 * The usual e2e set-up for a describe block: the built server as a child process on a free port
 * with its own data folder (and `serverEnv` added to its environment), and Chromium; both stopped (and the folder removed) afterwards.
 * A test may replace `env.server` (e.g. to restart on the same data folder).
 */
export function serverAndBrowser(serverEnv: Record<string, string> = {}): E2eEnvironment {
  const env = {} as E2eEnvironment;
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer({ env: serverEnv }), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
    env.server?.cleanup();
  });
  return env;
}

export interface StripeE2eEnvironment extends E2eEnvironment {
  peer: StripePeer;
}

/**
 * `serverAndBrowser` with the loopback Stripe peer: the server pays through it and its webhooks
 * reach the server; `configure` sets the peer up for the block (cards that decline, deliveries
 * repeated). The peer is closed afterwards too.
 */
export function stripeServerAndBrowser(configure: (peer: StripePeer) => void = () => {}): StripeE2eEnvironment {
  const env = {} as StripeE2eEnvironment;
  beforeAll(async () => {
    env.peer = await startStripePeer();
    [env.server, env.browser] = await Promise.all([startServer({ env: env.peer.env }), launchBrowser()]);
    env.peer.webhookUrl = `${env.server.url}/api/payments/stripe/webhook`;
    configure(env.peer);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
    env.server?.cleanup();
    await env.peer?.close();
  });
  return env;
}
