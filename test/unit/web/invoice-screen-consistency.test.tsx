import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { InvoiceManager } from '../../../web/src/features/invoices/InvoiceManager.tsx';
import { History } from '#ui/History.tsx';
import { auditEntry, creation } from '#domain/audit/audit-entry.ts';
import type { AuditEntryDto } from '#contracts/audit.ts';
import type { InvoiceDetailDto } from '#contracts/invoices.ts';
import { anInvoice } from './support/invoice-factory.ts';
import type { SendPreviewDto } from '#contracts/send-preview.ts';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp, stubResizeObserver } from './support/render-app.tsx';

/** Partly paid: one check payment of $200.00 on Nov 10. */
const partlyPaid = () =>
  anInvoice({
    payments: [{ id: 'p-1', date: '2026-11-10', amountCents: 20_000, method: 'check', reference: '#1042', recordedBy: 'Frank Miller', recordedAt: '2026-11-10T15:00:00Z' }],
    paidCents: 20_000,
    balanceCents: 90_000,
    status: 'partial',
    overdue: false,
    daysOverdue: 0,
  });

const frank = { id: 'u-1', name: 'Frank Miller' };
const withId = (id: string, e: ReturnType<typeof auditEntry>): AuditEntryDto => ({ id, ...e });

/** What create-invoice writes: the number, then every audited field from nothing. */
const invoiceCreated = withId(
  'a-1',
  auditEntry(frank, '2026-11-02T10:00:00Z', 'invoice', 'inv-1', 'create', creation('INV-2026-0007', [
    { field: 'status', from: null, to: 'draft' },
    { field: 'issueDate', from: null, to: '2026-11-02' },
    { field: 'totalCents', from: null, to: 110_000 },
    { field: 'lineCount', from: null, to: 2 },
  ])),
);
const invoiceEdited = withId('a-2', auditEntry(frank, '2026-11-02T11:00:00Z', 'invoice', 'inv-1', 'update', [{ field: 'lineCount', from: 2, to: 3 }]));

function serve(preview: SendPreviewDto) {
  const admin = aSession('admin');
  const inv = partlyPaid();
  const detail: InvoiceDetailDto = { invoice: inv, publicUrl: 'https://x.test/i/token', linkActive: true, audit: [invoiceEdited, invoiceCreated], canEdit: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        '/api/session': () => ({ status: 200, body: admin }),
        '/api/invoices': () => ({ status: 200, body: { items: [inv], nextCursor: null } }),
        '/api/invoices/inv-1': () => ({ status: 200, body: detail }),
        '/api/invoices/inv-1/send-preview': () => ({ status: 200, body: preview }),
      }),
    ),
  );
  return admin;
}

const aPreview = (over: Partial<SendPreviewDto> = {}): SendPreviewDto => ({
  clientId: 'c-1',
  toName: 'Bartholomew-Vandenberghe Holdings International',
  to: 'accounts.payable.department@bartholomew-vandenberghe-holdings.example',
  subject: 'Invoice INV-2026-0007 from Shieldline Security',
  attachments: ['INV-2026-0007.pdf'],
  link: 'https://x.test/i/token',
  lastSentAt: null,
  lastSentTo: null,
  ...over,
});

// "11/02/2026", "2/11/2026": a date written in digits, as the invoice screens did.
const DIGIT_DATE = /\b\d{1,2}[/.]\d{1,2}[/.]\d{4}\b/;

describe('the invoice screens write like the rest of the back office', () => {
  beforeAll(stubResizeObserver);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('dates in the list read "Nov 2, 2026", never in digits', async () => {
    const admin = serve(aPreview());
    renderApp(() => <InvoiceManager search={{}} onSearch={() => {}} />, { session: admin });
    const row = await screen.findByRole('row', { name: /INV-2026-0007/ }, { timeout: 5000 });
    expect(within(row).getByText('Nov 2, 2026')).toBeTruthy();
    expect(within(row).getByText('Dec 2, 2026')).toBeTruthy();
    expect(row.textContent).not.toMatch(DIGIT_DATE);
  });

  it('dates in the detail, its payment rows, the remove-payment question and the history read "Nov 10, 2026"', async () => {
    const admin = serve(aPreview());
    renderApp(() => <InvoiceManager search={{ invoice: 'inv-1' }} onSearch={() => {}} />, { session: admin });
    const detail = await screen.findByRole('complementary', { name: 'Invoice INV-2026-0007' }, { timeout: 5000 });
    expect(within(detail).getByText('Nov 2, 2026')).toBeTruthy();
    expect(within(detail).getByText(/^Dec 2, 2026 · /)).toBeTruthy();
    expect(within(detail).getByTestId('payment').textContent).toMatch(/^Nov 10, 2026 · \$200\.00/);
    fireEvent.click(within(detail).getByRole('button', { name: 'Remove payment of $200.00 on Nov 10, 2026' }));
    expect((await within(detail).findByText(/Remove the payment of/)).textContent).toContain('received Nov 10, 2026 (Check)');
    expect(detail.textContent).not.toMatch(DIGIT_DATE);
  });

  it('the history reads the creation as a creation ("Lines: 2"), a later edit as a change ("Lines: 2 → 3")', async () => {
    const admin = serve(aPreview());
    renderApp(() => <InvoiceManager search={{ invoice: 'inv-1' }} onSearch={() => {}} />, { session: admin });
    const detail = await screen.findByRole('complementary', { name: 'Invoice INV-2026-0007' }, { timeout: 5000 });
    const history = within(detail).getByRole('list', { name: 'History' });
    const [edited, created] = within(history).getAllByRole('listitem').filter((li) => li.parentElement === history);
    expect(created!.textContent).toMatch(/^Created as INV-2026-0007 by Frank Miller · /);
    const fields = within(created!).getAllByRole('listitem').map((li) => li.textContent);
    expect(fields).toEqual(['Status: Draft', 'Issue date: Nov 2, 2026', 'Total: $1,100.00', 'Lines: 2']);
    expect(created!.textContent).not.toContain('—');
    expect(within(edited!).getByRole('listitem').textContent).toBe('Lines: 2 → 3');
  });

  it('the send box names the recipient once and writes the address once; "Change address" turns it into the box to type in', async () => {
    const preview = aPreview();
    const admin = serve(preview);
    renderApp(() => <InvoiceManager search={{ invoice: 'inv-1' }} onSearch={() => {}} />, { session: admin });
    const detail = await screen.findByRole('complementary', { name: 'Invoice INV-2026-0007' }, { timeout: 5000 });
    fireEvent.click(within(detail).getByRole('button', { name: /Send again/ }));
    const box = await within(detail).findByRole('dialog', { name: 'Send again invoice INV-2026-0007?' });
    await within(box).findByText(preview.subject);
    const count = (s: string) => (box.textContent ?? '').split(s).length - 1;
    expect(count(preview.toName)).toBe(1);
    expect(count(preview.to!)).toBe(1);
    expect(within(box).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(box).getByRole('button', { name: 'Change address' }));
    const input = within(box).getByLabelText('Send to') as HTMLInputElement;
    expect(input.value).toBe(preview.to);
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(preview.toName);
    expect(count(preview.to!)).toBe(0); // now only in the box, not written out beside it
    expect(count(preview.toName)).toBe(1);
  });

  it('"Send again" says where it last went without writing the same address a second time', async () => {
    const preview = aPreview({ lastSentAt: '2026-11-03T15:00:00Z', lastSentTo: aPreview().to!.toUpperCase() });
    const admin = serve(preview);
    renderApp(() => <InvoiceManager search={{ invoice: 'inv-1' }} onSearch={() => {}} />, { session: admin });
    const detail = await screen.findByRole('complementary', { name: 'Invoice INV-2026-0007' }, { timeout: 5000 });
    fireEvent.click(within(detail).getByRole('button', { name: /Send again/ }));
    const box = await within(detail).findByRole('dialog', { name: 'Send again invoice INV-2026-0007?' });
    expect((await within(box).findByText(/^Last sent/)).textContent).toMatch(/ to this address\.$/);
    expect((box.textContent ?? '').toLowerCase().split(preview.to!.toLowerCase())).toHaveLength(2);
    // Changed to another address, the note names the one it went to.
    fireEvent.click(within(box).getByRole('button', { name: 'Change address' }));
    fireEvent.change(within(box).getByLabelText('Send to'), { target: { value: 'other@example.com' } });
    expect(within(box).getByText(/^Last sent/).textContent).toContain(` to ${preview.lastSentTo}.`);
  });

  it('with no address on file the send box offers the box to type in at once', async () => {
    const admin = serve(aPreview({ to: null }));
    renderApp(() => <InvoiceManager search={{ invoice: 'inv-1' }} onSearch={() => {}} />, { session: admin });
    const detail = await screen.findByRole('complementary', { name: 'Invoice INV-2026-0007' }, { timeout: 5000 });
    fireEvent.click(within(detail).getByRole('button', { name: /Send again/ }));
    const box = await within(detail).findByRole('dialog', { name: 'Send again invoice INV-2026-0007?' });
    expect(((await within(box).findByLabelText('Send to')) as HTMLInputElement).value).toBe('');
    expect(within(box).getByRole('alert').textContent).toContain('has no e-mail address on file');
    expect(within(box).queryByRole('button', { name: 'Change address' })).toBeNull();
  });

});

describe('History (web/src/ui): every record kind’s creation reads as a creation', () => {
  afterEach(cleanup);

  it('a job’s first entry lists what it was created with, not changes from nothing', () => {
    const job = withId('j-1', auditEntry(frank, '2026-11-02T10:00:00Z', 'job', 'job-1', 'create', creation('J-2026-0014', [{ field: 'title', from: null, to: 'Front gate' }, { field: 'type', from: null, to: 'install' }])));
    render(<History entries={[job]} />);
    const item = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem')[0]!;
    expect(item.textContent).toMatch(/^Created as J-2026-0014 by Frank Miller · /);
    expect(item.textContent).toContain('Title: Front gate');
    expect(item.textContent).not.toContain('→');
  });
});
