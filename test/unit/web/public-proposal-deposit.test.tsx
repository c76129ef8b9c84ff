import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { PublicProposal } from '#contracts/proposals.ts';
import { PublicProposalPage } from '../../../web/src/features/proposals/PublicProposalPage.tsx';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp, stubResizeObserver } from './support/render-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOW_TO_PAY = 'Checks payable to Shieldline Security, mailed to 1450 Commerce Drive, Suite 4, Springfield, IL 62704.';

const anAcceptedProposal = (depositInvoice: PublicProposal['depositInvoice']): PublicProposal => ({
  number: 'PRO-2026-0012',
  title: 'Home security',
  status: 'accepted',
  company: { name: 'Shieldline Security', email: 'office@shieldline.example', phone: '(555) 010-4477', paymentInstructions: HOW_TO_PAY },
  clientName: 'Featherstonehaugh-Wainwright Household',
  siteAddress: '2 Cedar Court, Riverton',
  options: [{ id: 'opt-1', tier: 'better', name: 'Alarm and sensors', description: '', lines: [], subtotalCents: 36_000, discountCents: 0, taxCents: 0, totalCents: 36_000, depositCents: 9_000 }],
  depositPercent: 25,
  validUntil: '2099-12-31',
  terms: '',
  acceptedOptionId: 'opt-1',
  acceptedName: 'Casey Jordan',
  acceptedAt: '2026-11-26T17:39:00Z',
  declinedAt: null,
  depositInvoice,
  onlinePayment: true,
  canRespond: false,
});

function open(p: PublicProposal) {
  stubResizeObserver();
  const session = aSession('signed-out');
  vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/session': () => ({ status: 200, body: session }), '/api/site': () => ({ status: 200, body: {} }), '/api/public/proposals/tok-p': () => ({ status: 200, body: p }) })));
  renderApp(() => <PublicProposalPage token="tok-p" />, { session });
}

describe('the accepted proposal page: one deposit box', () => {
  it('names the deposit invoice once, with the pay button and how to pay inside the one box', async () => {
    open(anAcceptedProposal({ number: 'INV-2026-0031', totalCents: 9_000, balanceCents: 9_000, paid: false, token: 'tok-i' }));
    const deposit = await screen.findByRole('region', { name: 'Deposit' }, { timeout: 5000 });
    expect(within(deposit).getAllByTestId('deposit-box')).toHaveLength(1);
    const box = within(deposit).getByTestId('deposit-box');
    expect(within(deposit).getAllByText(/Deposit invoice/)).toHaveLength(1);
    expect(within(box).getByRole('button', { name: 'Pay the deposit now ($90.00)' })).toBeTruthy();
    expect(within(box).getByText(`How to pay: ${HOW_TO_PAY}`)).toBeTruthy();
    expect(within(deposit).getAllByText(/How to pay/)).toHaveLength(1);
    expect(within(deposit).queryByText(/^Deposit due on acceptance/)).toBeNull();
  });

  it('once paid, the box says so and how to pay is gone', async () => {
    open(anAcceptedProposal({ number: 'INV-2026-0031', totalCents: 9_000, balanceCents: 0, paid: true, token: 'tok-i' }));
    const deposit = await screen.findByRole('region', { name: 'Deposit' }, { timeout: 5000 });
    expect(within(deposit).getAllByTestId('deposit-box')).toHaveLength(1);
    expect(within(deposit).getByText(/Deposit paid — thank you\. Invoice INV-2026-0031 \(\$90\.00\) is paid in full/)).toBeTruthy();
    expect(within(deposit).queryByText(/How to pay|Deposit invoice/)).toBeNull();
  });
});
