import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { aContactRequest } from '../support/factories.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';

/**
 * Behind a reverse proxy the client can write anything at the left of X-Forwarded-For; only the
 * entries the trusted proxies appended are real. The contact form allows 10 posts per address.
 * The test server is reached over loopback, so 127.0.0.1 is the proxy next to the server.
 */
describe.each([
  { TRUST_PROXY: '127.0.0.1', hops: [] as string[] },
  { TRUST_PROXY: '10.0.0.0/8,loopback', hops: ['10.20.30.40'] },
])('rate limits with TRUST_PROXY=$TRUST_PROXY', ({ TRUST_PROXY, hops }) => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp({ TRUST_PROXY });
  });
  afterAll(() => t.close());

  /** A post as it arrives through the proxies: the client's forged entries, the address the outer proxy saw, inner proxies. */
  const post = (c: TestClient, forged: string, client: string) =>
    c.send('POST', '/api/contact', aContactRequest(), { 'x-forwarded-for': [forged, client, ...hops].join(', ') });

  it('keys on the address the proxy saw, so a forged X-Forwarded-For chain buys nothing', async () => {
    const c = new TestClient(t.url);
    const statuses: number[] = [];
    for (let i = 1; i <= 14; i++) statuses.push((await post(c, `203.0.113.${i}, 192.0.2.${i}`, '198.51.100.23')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual(Array(4).fill(429));
  });

  it('tells real clients apart behind the proxy', async () => {
    const c = new TestClient(t.url);
    for (let i = 0; i < 10; i++) expect((await post(c, '203.0.113.99', '198.51.100.40')).status).toBe(201);
    expect((await post(c, '203.0.113.99', '198.51.100.40')).status).toBe(429);
    expect((await post(c, '203.0.113.99', '198.51.100.41')).status).toBe(201);
  });
});

describe('TRUST_PROXY refuses settings that would trust a forged chain', () => {
  it.each(['true', '1', '2', '0.0.0.0/0', '::/0', '10.0.0.0/8,everything'])('refuses %s with a message saying what to give', (value) => {
    let error: unknown;
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.join('\n')).toMatch(/^TRUST_PROXY: .*addresses or CIDRs of your reverse proxies/m);
  });

  it('reads false and a list of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
  });
});
