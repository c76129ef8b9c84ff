import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { PublicInvoice } from '../../../web/src/features/invoices/PublicInvoice.tsx';
import { siteInfoQuery } from '../../../web/src/features/shell/site-info.ts';
import { amountProblem, formatCents, formatRate, setMoneySettings, toBp, toCents } from '#ui/money.ts';
import type { PublicInvoiceDto } from '#contracts/invoices.ts';
import { DEFAULT_MONEY } from '#domain/shared/money.ts';
import { fakeFetch, renderApp } from './support/render-app.tsx';

const NBSP = '\u00a0';
const SITE = { name: 'Shieldline Security', phone: '(555) 010-2000', email: 'office@shieldline.test', serviceArea: 'the valley', copyrightYear: 2025, address: '1 Main St', money: { currency: 'EUR', locale: 'de-DE' }, timeZone: 'Europe/Berlin' };

const anInvoice = (): PublicInvoiceDto => ({
  number: 'INV-2026-0001',
  kind: 'invoice',
  company: { name: 'Shieldline Security', address: '1 Main St', phone: '555', email: 'office@shieldline.test' },
  clientName: 'Ada Byron',
  title: '',
  notes: '',
  issueDate: '2026-11-02',
  dueDate: '2026-11-17',
  status: 'sent',
  overdue: false,
  lines: [{ description: 'Camera', quantity: 10, unitPriceCents: 12_345, taxRateBp: 1900, itemId: null, netCents: 123_450, taxCents: 23_456 }],
  taxes: [{ taxRateBp: 1900, taxableCents: 123_450, taxCents: 23_456 }],
  subtotalCents: 123_450,
  taxCents: 23_456,
  totalCents: 146_906,
  paidCents: 0,
  creditedCents: 0,
  balanceCents: 146_906,
  payments: [],
  currency: 'EUR',
  clientAddress: ['Unter den Linden 5', '10117 Berlin'],
  clientEmail: 'ada@example.com',
  howToPay: { kind: 'pay', title: 'How to pay', lines: ['Please pay 1.469,06 € and quote INV-2026-0001 with your payment.'] },
});

/** The shell loads /api/site on every page; here a stand-in for it. */
function SiteLoader() {
  useQuery(siteInfoQuery);
  return null;
}

describe('the SPA formats money with the configured currency and locale', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setMoneySettings(DEFAULT_MONEY);
  });

  it('defaults to US dollars, and follows the settings it is given', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatRate(825)).toBe('8.25 %');
    expect(toCents('$1,000.50')).toBe(100_050);
    setMoneySettings({ currency: 'EUR', locale: 'de-DE' });
    expect(formatCents(123_456)).toBe(`1.234,56${NBSP}€`);
    expect(formatRate(825)).toBe('8,25 %');
    expect(toCents('1.000,50')).toBe(100_050);
    expect(toCents('zwölf')).toBeNaN();
  });

  it('the client’s /i/<token> page shows euros once the site settings arrive', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/site': () => ({ status: 200, body: SITE }), '/api/public/invoices/tok': () => ({ status: 200, body: anInvoice() }) })));
    renderApp(() => (
      <>
        <SiteLoader />
        <PublicInvoice token="tok" />
      </>
    ));
    expect(await screen.findAllByText(/^1\.469,06\s€$/)).not.toHaveLength(0);
    expect(screen.queryByText(/\$/)).toBeNull();
  });
});

describe('typed percentages', () => {
  it('takes a rate as people write it, with or without the percent sign, and nothing else', () => {
    expect(['8.25', '6.25%', ' 6.25 % ', '0', '100'].map(toBp)).toEqual([825, 625, 625, 0, 10_000]);
    expect(['', '%', 'abc', '6.25%%'].map(toBp).every(Number.isNaN)).toBe(true);
  });
});

describe('amountProblem: the SPA reads the typed amount, then the money module’s one “above zero, at most …” rule', () => {
  it.each([
    ['$1,000.00', null],
    ['1000', null],
    ['abc', 'Amount: Enter an amount such as 1,000.00.'],
    ['0', 'Amount: enter an amount above zero, at most what remains of this payment ($1,000.00).'],
    ['$1,000.01', 'Amount: $1,000.01 is more than what remains of this payment ($1,000.00); enter at most $1,000.00.'],
  ])('%j: %s', (typed, message) => {
    expect(amountProblem(typed, 100_000, 'what remains of this payment')).toBe(message);
  });
});
