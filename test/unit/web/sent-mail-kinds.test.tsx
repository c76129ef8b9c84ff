import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { OutboxMailDto } from '#contracts/support.ts';
import { OUTBOX_MAIL_KINDS } from '#contracts/support.ts';
import { recordHref } from '#contracts/record-href.ts';
import { MAIL_KINDS, MAIL_KIND_VALUES } from '#domain/mail/mailer.ts';
import { SentMail } from '../../../web/src/features/outbox/SentMail.tsx';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp, stubResizeObserver } from './support/render-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aReceipt = (): OutboxMailDto => ({
  id: 'mail-1',
  to: 'annabel.featherstonehaugh-wainwright@example.com',
  subject: 'Payment receipt: $250.00 for invoice INV-2026-0042',
  text: 'Hello Annabel,\n\nThank you for your payment.',
  sentAt: '2026-11-26T15:00:00Z',
  kind: 'payment-receipt',
  about: [
    { type: 'invoice', id: 'inv-42', label: 'INV-2026-0042' },
    { type: 'client', id: 'client-7', label: 'Featherstonehaugh-Wainwright Household' },
  ],
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: '2026-11-26T15:00:01Z',
  retryable: false,
});

describe('Sent mail: kinds and what a mail is about', () => {
  it('the contract lists exactly the kinds the domain names (MAIL_KINDS owns the labels)', () => {
    expect([...OUTBOX_MAIL_KINDS].sort()).toEqual([...MAIL_KIND_VALUES].sort());
    expect(MAIL_KINDS['payment-receipt']).toBe('Payment receipt');
  });

  it('a customer receipt reads "Payment receipt" and its About links open the invoice and the client', async () => {
    stubResizeObserver();
    const admin = aSession('admin');
    const mail = aReceipt();
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeFetch({ '/api/session': () => ({ status: 200, body: admin }), '/api/admin/outbox': () => ({ status: 200, body: { items: [mail], nextCursor: null, delivers: true } }), '/api/admin/outbox/mail-1': () => ({ status: 200, body: mail }) })),
    );
    renderApp(() => <SentMail search={{ mail: 'mail-1' }} onSearch={() => {}} />, { session: admin });
    const panel = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await within(panel).findByText('Payment receipt');
    expect(within(panel).getByRole('link', { name: 'INV-2026-0042' }).getAttribute('href')).toBe(recordHref('invoice', 'inv-42'));
    expect(within(panel).getByRole('link', { name: 'Featherstonehaugh-Wainwright Household' }).getAttribute('href')).toBe(recordHref('client', 'client-7'));
  });

  it('a review request held until the next 10:00 reads "Scheduled · Goes out …", not as a mail that failed and waits for its next attempt', async () => {
    stubResizeObserver();
    const admin = aSession('admin');
    const held: OutboxMailDto = {
      ...aReceipt(),
      id: 'mail-2',
      subject: 'How did we do, Annabel?',
      kind: 'review-request',
      status: 'queued',
      attempts: 0,
      deliveredAt: null,
      sentAt: '2026-11-26T23:40:00Z',
      nextAttemptAt: '2026-11-27T16:00:00Z',
      retryable: true,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeFetch({ '/api/session': () => ({ status: 200, body: admin }), '/api/admin/outbox': () => ({ status: 200, body: { items: [held], nextCursor: null, delivers: true } }), '/api/admin/outbox/mail-2': () => ({ status: 200, body: held }) })),
    );
    renderApp(() => <SentMail search={{ mail: 'mail-2' }} onSearch={() => {}} />, { session: admin });
    const panel = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await within(panel).findByText(/^Goes out /);
    expect(within(panel).getByTestId('mail-status').textContent).toBe('Scheduled');
    expect(within(panel).queryByText(/Next attempt/)).toBeNull();
  });
});
