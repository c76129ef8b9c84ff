import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { InvoiceManager } from '../../../web/src/features/invoices/InvoiceManager.tsx';
import type { InvoiceDetailDto } from '#contracts/invoices.ts';
import { anInvoice } from './support/invoice-factory.ts';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp, stubResizeObserver } from './support/render-app.tsx';

function serve(session: ReturnType<typeof aSession>, canEdit: boolean) {
  const inv = anInvoice();
  const detail: InvoiceDetailDto = { invoice: inv, publicUrl: 'https://x.test/i/token', linkActive: true, audit: [], canEdit };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        '/api/session': () => ({ status: 200, body: session }),
        '/api/invoices': () => ({ status: 200, body: { items: [inv], nextCursor: null } }),
        '/api/invoices/inv-1': () => ({ status: 200, body: detail }),
      }),
    ),
  );
}

describe('the invoice manager', () => {
  beforeAll(stubResizeObserver);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows status and overdue chips in the list', async () => {
    const admin = aSession('admin');
    serve(admin, true);
    renderApp(() => <InvoiceManager search={{}} onSearch={() => {}} />, { session: admin });
    const row = await screen.findByRole('row', { name: /INV-2026-0007/ }, { timeout: 5000 });
    expect(within(row).getByText('Sent')).toBeTruthy();
    expect(within(row).getByText('Overdue 3 d')).toBeTruthy();
    expect(within(row).getAllByText('$1,100.00')).toHaveLength(2); // total and balance
  });

  it('an admin gets the edit controls on an open invoice', async () => {
    const admin = aSession('admin');
    serve(admin, true);
    renderApp(() => <InvoiceManager search={{ invoice: 'inv-1' }} onSearch={() => {}} />, { session: admin });
    const detail = await screen.findByRole('complementary', { name: 'Invoice INV-2026-0007' }, { timeout: 5000 });
    for (const name of ['Send again', 'Record payment', 'Credit note', 'Void']) expect(within(detail).getByRole('button', { name: new RegExp(name) })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /New invoice/ })).toBeTruthy();
  });

  it('a view-only user sees the invoice but no edit controls', async () => {
    const viewer = aSession('employee', { grants: ['viewInvoices'] });
    serve(viewer, false);
    renderApp(() => <InvoiceManager search={{ invoice: 'inv-1' }} onSearch={() => {}} />, { session: viewer });
    const detail = await screen.findByRole('complementary', { name: 'Invoice INV-2026-0007' }, { timeout: 5000 });
    expect(within(detail).getByRole('link', { name: /PDF/ })).toBeTruthy();
    for (const name of ['Send', 'Record payment', 'Credit note', 'Void', 'Edit']) expect(within(detail).queryByRole('button', { name: new RegExp(`^${name}`) })).toBeNull();
    expect(screen.queryByRole('button', { name: /New invoice/ })).toBeNull();
  });

  it('the client link shows once in the drawer, with its address', async () => {
    const admin = aSession('admin');
    serve(admin, true);
    renderApp(() => <InvoiceManager search={{ invoice: 'inv-1' }} onSearch={() => {}} />, { session: admin });
    const detail = await screen.findByRole('complementary', { name: 'Invoice INV-2026-0007' }, { timeout: 5000 });
    const toClient = within(detail)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href') === 'https://x.test/i/token');
    expect(toClient.map((a) => a.textContent)).toEqual(['https://x.test/i/token']);
    expect(within(detail).getAllByText(/Client link/)).toHaveLength(1);
  });
});
