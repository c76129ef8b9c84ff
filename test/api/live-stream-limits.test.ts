import { afterEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../support/signed-in-app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import { LIVE_STREAM_LIMITS } from '../../src/http/plugins/live-streams.ts';

/** Live streams opened in a test, closed after it (as a browser closing its tabs). */
const open: AbortController[] = [];
afterEach(() => {
  for (const ac of open.splice(0)) ac.abort();
});

/** Opens a live stream and keeps it open; answers its status (and body when refused). */
async function openStream(c: TestClient, path = '/api/session/events'): Promise<{ status: number; error?: ApiError['error']; close: () => void }> {
  const ac = new AbortController();
  const res = await c.raw(path, { signal: ac.signal });
  if (res.status !== 200) return { status: res.status, error: ((await res.json()) as ApiError).error, close: () => {} };
  open.push(ac);
  return { status: res.status, close: () => ac.abort() };
}

/** The server notices a closed stream a moment later: try again for a while. */
async function openWhenFree(c: TestClient, path?: string) {
  for (let i = 0; ; i++) {
    const s = await openStream(c, path);
    if (s.status !== 429 || i >= 40) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('live streams (SSE) per session and per person (issue 15, finding 10)', () => {
  const app = signedInApp(DEMO.admin);
  const { perSession, perUser } = LIVE_STREAM_LIMITS;

  it('the stream over the per-session cap gets a 429 with a message; closing one frees its slot', async () => {
    expect(perSession).toBeLessThanOrEqual(8);
    const maria = await TestClient.signedIn(app.t.url, DEMO.employee);
    const streams = [];
    for (let i = 0; i < perSession; i++) streams.push(await openStream(maria));
    expect(streams.map((s) => s.status)).toEqual(Array(perSession).fill(200));

    const refused = await openStream(maria);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({ code: 'rate-limited', message: `Too many live updates are open in this browser (at most ${perSession}); close another tab or window of the back office, then reload this one.` });

    streams[0]!.close();
    expect((await openWhenFree(maria)).status).toBe(200);
  });

  it('one person cannot get past the cap with more sessions; the analytics stream counts too', async () => {
    expect(perUser).toBeLessThanOrEqual(16);
    const sessions: TestClient[] = [];
    let opened = 0;
    const first = await openStream(app.client, '/api/admin/analytics/stream');
    expect(first.status).toBe(200);
    opened += 1;
    while (opened < perUser) {
      const c = await TestClient.signedIn(app.t.url, DEMO.admin);
      sessions.push(c);
      for (let i = 0; i < perSession && opened < perUser; i++, opened++) expect((await openStream(c)).status).toBe(200);
    }
    const another = await TestClient.signedIn(app.t.url, DEMO.admin);
    const refused = await openStream(another);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({ code: 'rate-limited', message: `Too many live updates are open for your account (at most ${perUser}); close a back-office tab or window elsewhere, then reload this one.` });
    expect((await openStream(another, '/api/admin/analytics/stream')).status).toBe(429);

    // Someone else is not affected.
    const maria = await TestClient.signedIn(app.t.url, DEMO.employee);
    expect((await openStream(maria)).status).toBe(200);

    first.close();
    expect((await openWhenFree(another)).status).toBe(200);
  });
});
