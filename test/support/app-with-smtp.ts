import { afterAll, beforeAll } from 'vitest';
import { listenTestApp, type ListeningTestApp } from './app.ts';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';

/**
 * For a test file: a real SMTP peer on 127.0.0.1 and the server with SMTP_URL pointing at it
 * (beforeAll), both closed after the file. Read `app.t` and `app.smtp.received` inside tests.
 */
export function appWithSmtpPeer(): { readonly t: ListeningTestApp; readonly smtp: SmtpPeer } {
  const state: { t?: ListeningTestApp; smtp?: SmtpPeer } = {};
  beforeAll(async () => {
    state.smtp = await startSmtpPeer();
    state.t = await listenTestApp({ SMTP_URL: state.smtp.url });
  });
  afterAll(async () => {
    await state.t?.close();
    await state.smtp?.close();
  });
  return {
    get t() {
      return state.t!;
    },
    get smtp() {
      return state.smtp!;
    },
  };
}
