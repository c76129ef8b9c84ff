import { describe, expect, it } from 'vitest';
import { newContactMessage } from '../../../src/domain/contact/contact-message.ts';

describe('newContactMessage', () => {
  it('starts as new with both timestamps at the given time', () => {
    const now = new Date('2026-03-04T05:06:07.000Z');
    const m = newContactMessage({ name: 'A B', email: 'a@b.c', phone: null, subject: 'Hi there', message: 'Hello world!' }, 'id-1', now);
    expect(m).toMatchObject({ id: 'id-1', status: 'new', createdAt: now.toISOString(), updatedAt: now.toISOString(), phone: null });
  });
});
