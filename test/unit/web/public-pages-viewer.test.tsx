import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { PublicProposal } from '#contracts/proposals.ts';
import type { PublicInvoiceDto } from '#contracts/invoices.ts';
import { PublicProposalPage } from '../../../web/src/features/proposals/PublicProposalPage.tsx';
import { PublicInvoice } from '../../../web/src/features/invoices/PublicInvoice.tsx';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp, stubResizeObserver } from './support/render-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const company = { name: 'Shieldline Security', email: 'office@shieldline.example', phone: '(555) 010-2000' };
const aProposal = (): PublicProposal => ({
  number: 'P-2026-0007',
  title: 'Alarm and cameras',
  status: 'sent',
  company,
  clientName: 'Featherstonehaugh-Wainwright Household',
  siteAddress: '12 Oak Street, Springfield',
  options: [{ id: 'opt-1', tier: 'good', name: 'Alarm', description: '', lines: [], subtotalCents: 100_000, discountCents: 0, taxCents: 0, totalCents: 100_000, depositCents: 0 }],
  depositPercent: 0,
  validUntil: '2099-12-31',
  terms: '',
  acceptedOptionId: null,
  acceptedName: null,
  acceptedAt: null,
  declinedAt: null,
  depositInvoice: null,
  onlinePayment: false,
  canRespond: true,
});
const anInvoice = (): PublicInvoiceDto => ({
  number: 'INV-2026-0042',
  kind: 'invoice',
  company: { ...company, address: '1 Main St' },
  clientName: 'Featherstonehaugh-Wainwright Household',
  title: 'Alarm panel',
  notes: '',
  issueDate: '2026-11-20',
  dueDate: '2026-12-20',
  status: 'sent',
  overdue: false,
  lines: [],
  taxes: [],
  subtotalCents: 0,
  taxCents: 0,
  totalCents: 0,
  paidCents: 0,
  creditedCents: 0,
  balanceCents: 0,
  payments: [],
  currency: 'USD',
  clientAddress: [],
  clientEmail: null,
  howToPay: null,
});

const ANN = { clientId: 'client-ann', name: 'Annabel Featherstonehaugh-Wainwright', email: 'annabel@example.com' };

function serve(viewer: typeof ANN | null, signedIn: boolean) {
  const asked: string[] = [];
  const session = signedIn ? aSession('other', { name: 'Annabel', email: ANN.email }) : aSession('signed-out');
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        '/api/session': () => ({ status: 200, body: session }),
        '/api/site': () => ({ status: 200, body: {} }),
        '/api/public/proposals/tok-p': () => ({ status: 200, body: aProposal() }),
        '/api/public/invoices/tok-i': () => ({ status: 200, body: anInvoice() }),
        '/api/portal/viewer/proposal/tok-p': () => (asked.push('proposal'), viewer ? { status: 200, body: viewer } : { status: 404, body: { error: { code: 'not-found', message: 'Nothing by that reference on your account.' } } }),
        '/api/portal/viewer/invoice/tok-i': () => (asked.push('invoice'), viewer ? { status: 200, body: viewer } : { status: 404, body: { error: { code: 'not-found', message: 'Nothing by that reference on your account.' } } }),
      }),
    ),
  );
  return { session, asked };
}

describe('the public proposal and invoice pages for a signed-in customer of their client', () => {
  it('/p/: "Back to your account" leads to the hub, and the accept form is prefilled with the contact, still editable', async () => {
    stubResizeObserver();
    const { session } = serve(ANN, true);
    renderApp(() => <PublicProposalPage token="tok-p" />, { session });
    const back = await screen.findByRole('link', { name: 'Back to your account' });
    expect(back.getAttribute('href')).toBe('/portal?client=client-ann');
    const name = (await screen.findByLabelText('Your full name')) as HTMLInputElement;
    await vi.waitFor(() => expect(name.value).toBe(ANN.name));
    expect((screen.getByLabelText(/^E-mail for your signed copy/) as HTMLInputElement).value).toBe(ANN.email);
    fireEvent.change(name, { target: { value: 'Annabel F. Wainwright' } });
    expect(name.value).toBe('Annabel F. Wainwright');
  });

  it('/i/: "Back to your account" too', async () => {
    const { session } = serve(ANN, true);
    renderApp(() => <PublicInvoice token="tok-i" />, { session });
    expect((await screen.findByRole('link', { name: 'Back to your account' })).getAttribute('href')).toBe('/portal?client=client-ann');
  });

  it('nothing for a signed-in person who is not a customer of that client, and no question asked when signed out', async () => {
    const { session } = serve(null, true);
    renderApp(() => <PublicProposalPage token="tok-p" />, { session });
    await screen.findByText('Proposal P-2026-0007');
    expect(((await screen.findByLabelText('Your full name')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('link', { name: 'Back to your account' })).toBeNull();
    cleanup();
    const out = serve(ANN, false);
    renderApp(() => <PublicInvoice token="tok-i" />, { session: out.session });
    await screen.findByText('INV-2026-0042');
    expect(screen.queryByRole('link', { name: 'Back to your account' })).toBeNull();
    expect(out.asked).toEqual([]);
  });
});
