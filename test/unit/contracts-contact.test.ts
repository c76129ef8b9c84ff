import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from '../../src/contracts/contact.ts';
import { aContactRequest } from '../support/factories.ts';

describe('contactRequestSchema', () => {
  it('accepts a complete message and trims it', () => {
    const parsed = contactRequestSchema.parse(aContactRequest({ name: '  Ann Lee  ' }));
    expect(parsed.name).toBe('Ann Lee');
  });

  it('treats an empty phone as no phone', () => {
    expect(contactRequestSchema.parse(aContactRequest({ phone: '' })).phone).toBeUndefined();
    expect(contactRequestSchema.parse(aContactRequest({ phone: undefined })).phone).toBeUndefined();
  });

  it('gives a message per field a person can act on', () => {
    const r = contactRequestSchema.safeParse({ email: 'not-an-email', message: 'short' });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid e-mail address.',
      subject: 'Please add a subject.',
      message: 'Please write at least 10 characters.',
    });
  });

  it('refuses fields it does not know (no mass assignment)', () => {
    const r = contactRequestSchema.safeParse({ ...aContactRequest(), status: 'answered' });
    expect(r.success).toBe(false);
  });
});
