import { afterAll, beforeAll } from 'vitest';
import { listenTestApp, type ListeningTestApp } from './app.ts';
import { TestClient } from './http-client.ts';
import { DEMO } from './demo-users.ts';
import { startStripePeer, type StripePeer } from './stripe-peer.ts';

export interface PaymentsApp {
  peer: StripePeer;
  t: ListeningTestApp;
  admin: TestClient;
}

/** For a describe block: the app on a port, wired to a loopback Stripe peer whose webhooks go back to it, and an admin signed in. */
export function usePaymentsApp(): PaymentsApp {
  const w = {} as PaymentsApp;
  beforeAll(async () => {
    w.peer = await startStripePeer();
    w.t = await listenTestApp(w.peer.env);
    w.peer.webhookUrl = `${w.t.url}/api/payments/stripe/webhook`;
    w.admin = new TestClient(w.t.url);
    await w.admin.signIn(DEMO.admin);
  });
  afterAll(async () => {
    await w.t?.close();
    await w.peer?.close();
  });
  return w;
}
