import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aPng, aQuoteForm, quoteFormData } from '../support/public-site-factories.ts';
import { TOKENS } from '../../src/container.ts';
import type { Lead, LeadList } from '../../src/contracts/quotes.ts';

describe('POST /api/quotes and the staff lead list', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    // Every request below comes from its own address, so the quote rate limit is not what is tested.
    t = await listenTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  let ip = 0;
  const postQuote = async (fd: FormData, client = new TestClient(t.url)) =>
    client.raw('/api/quotes', {
      method: 'POST',
      headers: { origin: t.url, 'x-csrf-token': await client.csrfToken(), 'x-forwarded-for': `203.0.113.${++ip % 250}` },
      body: fd,
    });
  const outbox = () => t.container.resolve(TOKENS.Outbox).list(100);

  it('stores a quote with a photo as a new lead, mails the office, and staff see it with the photo', async () => {
    const form = aQuoteForm({ services: ['cameras'], preferredDate: '2099-05-01', preferredWindow: 'afternoon' });
    const png = aPng(16);
    const res = await postQuote(quoteFormData(form, [{ bytes: png, type: 'image/png', name: 'driveway.png' }]));
    expect(res.status).toBe(201);
    const { id, photos } = (await res.json()) as { id: string; photos: number };
    expect(photos).toBe(1);

    const mail = (await outbox()).find((m) => m.text.includes(id));
    expect(mail).toMatchObject({ to: t.config.company.email, replyTo: form.email });
    expect(mail?.subject).toContain(form.name);

    const staff = new TestClient(t.url);
    await staff.signIn(DEMO.employee);
    const list = (await (await staff.get('/api/admin/leads?status=new')).json()) as LeadList;
    const lead = list.leads.find((l) => l.id === id);
    expect(lead).toMatchObject({ name: form.name, services: ['cameras'], status: 'new', preferredDate: '2099-05-01', preferredWindow: 'afternoon' });
    expect(lead?.photos).toEqual([{ contentType: 'image/png', size: png.length, fileName: 'driveway.png' }]);
    const photo = await staff.get(`/api/admin/leads/${id}/photos/0`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(png);
  });

  it('refuses a postcode outside the service area with a field message', async () => {
    const res = await postQuote(quoteFormData(aQuoteForm({ postcode: '90210' })));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields)).toEqual(['postcode']);
    expect(body.error.fields['postcode']?.[0]).toMatch(/outside our service area/);
  });

  it('checks the ZIP code\'s format before the service area, and says what an address lacks', async () => {
    const fields = async (over: Parameters<typeof aQuoteForm>[0]) => {
      const res = await postQuote(quoteFormData(aQuoteForm(over)));
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { fields: Record<string, string[]> } }).error.fields;
    };
    for (const postcode of ['abc', '6270', '627041']) expect(await fields({ postcode }), postcode).toEqual({ postcode: ['ZIP code: enter a 5-digit ZIP code, e.g. 62704.'] });
    for (const address of ['1', '12345']) expect(await fields({ address }), address).toEqual({ address: ['Address: enter the street and number, e.g. 12 Oak St.'] });
    expect((await postQuote(quoteFormData(aQuoteForm({ postcode: '62704-1234' })))).status).toBe(201);
  });

  it('answers bad input with one message per field and stores nothing', async () => {
    const before = await t.container.resolve(TOKENS.Leads).countByStatus('new');
    const res = await postQuote(quoteFormData(aQuoteForm({ name: '', email: 'nope', services: [], propertyType: 'castle' as 'residential', description: 'short' })));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(error.fields).sort()).toEqual(['description', 'email', 'name', 'propertyType', 'services']);
    expect(await t.container.resolve(TOKENS.Leads).countByStatus('new')).toBe(before);
  });

  it('refuses a file that is not a photo by its bytes, whatever it claims to be', async () => {
    const fake = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await postQuote(quoteFormData(aQuoteForm(), [{ bytes: fake, type: 'image/png', name: 'photo.png' }]));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(error.fields['photos']?.[0]).toMatch(/not a JPEG, PNG, WebP or HEIC photo/);
  });

  it('refuses a fourth photo', async () => {
    const png = { bytes: aPng(), type: 'image/png', name: 'p.png' };
    const res = await postQuote(quoteFormData(aQuoteForm(), [png, png, png, png]));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(error.fields['photos']).toEqual(['Attach at most 3 photos.']);
  });

  it('answers a filled honeypot as if accepted but stores nothing', async () => {
    const before = await t.container.resolve(TOKENS.Leads).countByStatus('new');
    const res = await postQuote(quoteFormData(aQuoteForm({ website: 'http://spam.example' })));
    expect(res.status).toBe(201);
    expect(await t.container.resolve(TOKENS.Leads).countByStatus('new')).toBe(before);
  });

  it('rate-limits quote requests from one address', async () => {
    const client = new TestClient(t.url);
    const headers = { origin: t.url, 'x-csrf-token': await client.csrfToken(), 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.raw('/api/quotes', { method: 'POST', headers, body: quoteFormData(aQuoteForm({ postcode: '00000' })) });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('lets staff with editClients move a lead along, refuses an impossible step, and keeps others out', async () => {
    const res = await postQuote(quoteFormData(aQuoteForm()));
    const { id } = (await res.json()) as { id: string };
    const admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    const contacted = await admin.send('PATCH', `/api/admin/leads/${id}`, { status: 'contacted' });
    expect(contacted.status).toBe(200);
    expect(((await contacted.json()) as Lead).nextStatuses).toEqual(['proposal-sent', 'won', 'lost', 'spam']);
    const back = await admin.send('PATCH', `/api/admin/leads/${id}`, { status: 'new' });
    expect(back.status).toBe(409);

    const maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    expect((await maria.send('PATCH', `/api/admin/leads/${id}`, { status: 'won' })).status).toBe(403);
    const visitor = new TestClient(t.url);
    expect((await visitor.get('/api/admin/leads')).status).toBe(401);
    await visitor.signIn(DEMO.other);
    expect((await visitor.get('/api/admin/leads')).status).toBe(403);
    expect((await visitor.get(`/api/admin/leads/${id}/photos/0`)).status).toBe(403);
  });
});
