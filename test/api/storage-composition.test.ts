import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aPng, aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { s3PeerForSuite } from '../support/s3-peer.ts';

/**
 * STORAGE_URL alone moves the product's files to S3: the composition root picks the adapter and
 * nothing else changes. A website quote photo goes into the bucket and comes back to staff.
 */
describe('the whole app on STORAGE_URL=s3://… (s3rver)', () => {
  const { peer, admin } = s3PeerForSuite();
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp({ STORAGE_URL: peer.url });
  });
  afterAll(() => t.close());

  it('stores a quote photo in the bucket and serves it back to staff byte for byte', async () => {
    const before = await peer.keys(admin());
    const visitor = new TestClient(t.url);
    const png = aPng(24);
    const res = await visitor.raw('/api/quotes', {
      method: 'POST',
      headers: { origin: t.url, 'x-csrf-token': await visitor.csrfToken() },
      body: quoteFormData(aQuoteForm(), [{ bytes: png, type: 'image/png', name: 'porch.png' }]),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    const added = (await peer.keys(admin())).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);

    const staff = new TestClient(t.url);
    await staff.signIn(DEMO.employee);
    const photo = await staff.get(`/api/admin/leads/${id}/photos/0`);
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(png);
  });
});
