import { describe, expect, it } from 'vitest';
import { signedInApp } from '../support/signed-in-app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';

const MARIA_ID = 'emp-maria';
const TOM_ID = 'emp-tom';

/** One open GET /api/session/events, its Server-Sent Events parsed as they arrive. */
async function openStream(client: TestClient) {
  const abort = new AbortController();
  const res = await client.raw('/api/session/events', { signal: abort.signal });
  const events: { event: string; data: string }[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          if (event !== undefined) events.push({ event, data: field('data') ?? '' });
          for (const w of waiters.splice(0)) w();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  const next = (type: string, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      const check = () => {
        if (events.some((e) => e.event === type)) return resolve(true);
        waiters.push(check);
      };
      setTimeout(() => resolve(false), timeoutMs);
      check();
    });
  return { res, events, next, close: () => abort.abort() };
}

describe('GET /api/session/events (R-AUTH-3, R-DB-9)', () => {
  const app = signedInApp(DEMO.admin);

  it('[R-AUTH-3] [R-DB-9] an admin editing Maria’s record pushes `session` to her open stream; another record sends nothing', async () => {
    const maria = new TestClient(app.t.url);
    await maria.signIn(DEMO.employee);
    const stream = await openStream(maria);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // The server says the stream got through before anything changed (the client's fallback waits for it).
      expect(await stream.next('ready', 3_000)).toBe(true);

      const other = await app.client.send('PATCH', `/api/employees/${TOM_ID}`, { title: 'Apprentice installer' });
      expect(other.status).toBe(200);
      expect(await stream.next('session', 1_500)).toBe(false);

      const mine = await app.client.send('PATCH', `/api/employees/${MARIA_ID}`, { permissions: { viewInventory: false } });
      expect(mine.status).toBe(200);
      expect(await stream.next('session', 5_000)).toBe(true);
      expect(stream.events.filter((e) => e.event === 'session')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('[R-AUTH-3] deactivating Maria pushes `session`, and her session then has no permissions', async () => {
    const maria = new TestClient(app.t.url);
    await maria.signIn(DEMO.employee);
    const stream = await openStream(maria);
    try {
      expect(await stream.next('ready', 3_000)).toBe(true);
      expect((await app.client.send('POST', `/api/employees/${MARIA_ID}/deactivate`)).status).toBe(200);
      expect(await stream.next('session', 5_000)).toBe(true);
      const s = (await (await maria.get('/api/session')).json()) as { state: string };
      expect(s.state).toBe('other');
    } finally {
      stream.close();
    }
  });

  it('signed out, the stream is refused', async () => {
    const anon = new TestClient(app.t.url);
    expect((await anon.get('/api/session/events')).status).toBe(401);
  });
});
