import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { aContactRequest } from '../support/factories.ts';
import { TOKENS } from '../../src/container.ts';

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const stored = () => t.container.resolve(TOKENS.ContactMessages).list({ limit: 1000 });

  it('stores a valid message as new and answers 201 with its id', async () => {
    const body = aContactRequest({ phone: '' });
    const res = await t.post('/api/contact', body);
    expect(res.statusCode).toBe(201);
    const { id, receivedAt } = res.json<{ id: string; receivedAt: string }>();
    const saved = await t.container.resolve(TOKENS.ContactMessages).get(id);
    expect(saved).toMatchObject({ name: body.name, email: body.email, phone: null, subject: body.subject, status: 'new', createdAt: receivedAt });
  });

  it('answers 400 with a message per field and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await t.post('/api/contact', { name: 'A', email: 'nope', subject: '', message: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; fields: Record<string, string[]> } }>();
    expect(body.error.code).toBe('validation');
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(body.error.fields['email']).toEqual(['Please enter a valid e-mail address.']);
    expect((await stored()).length).toBe(before);
  });

  it('refuses unknown fields (no mass assignment) and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await t.post('/api/contact', { ...aContactRequest(), status: 'archived', id: 'mine' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string[]> } }>().error.fields).toMatchObject({ status: ['Unknown field.'], id: ['Unknown field.'] });
    expect((await stored()).length).toBe(before);
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { ...(await t.csrf()), 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('bad-request');
  });

  it('treats a __proto__ key as an unknown field, not as a prototype', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...(await t.csrf()), 'content-type': 'application/json' },
      payload: `{"__proto__": {"polluted": true}, ${JSON.stringify(aContactRequest()).slice(1)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
