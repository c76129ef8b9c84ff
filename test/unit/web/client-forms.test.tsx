import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { useRef } from 'react';
import type { ClientRelatedResponse, ClientView, RelatedRecordView, SiteView } from '#contracts/clients.ts';
import { SiteForm } from '../../../web/src/features/clients/SiteForm.tsx';
import { ClientForm } from '../../../web/src/features/clients/ClientForm.tsx';
import { listErrorAt } from '../../../web/src/features/clients/form-helpers.ts';
import { useNoSilentErrors } from '#ui/no-silent-errors.ts';
import { FormError } from '#ui/FormError.tsx';
import { fakeFetch, renderApp } from './support/render-app.tsx';
import { aSession } from './support/session-factory.ts';
import { ClientDetail } from '../../../web/src/features/clients/ClientDetail.tsx';

afterEach(cleanup);

const aSite = (over: Partial<SiteView> = {}): SiteView => ({
  id: 's-1',
  label: 'Main site',
  address: { line1: '123 Main St', line2: '', city: 'Springfield', region: 'IL', postcode: '62704', country: '' },
  geo: null,
  alarm: { centralStation: '', accountNumber: '', panelModel: '', zones: [], emergencyContacts: [], hasPasscode: true },
  ...over,
});

const aClient = (over: Partial<ClientView> = {}): ClientView => ({
  id: 'c-1',
  kind: 'residential',
  name: 'Bartholomew Montgomery-Richardson',
  company: '',
  contacts: [{ name: 'Bartholomew', role: '', emails: ['bartholomew.montgomery-richardson@example-longdomain.com'], phones: ['217 555 0100'] }],
  billingAddress: { line1: '123 Main St', line2: '', city: 'Springfield', region: 'IL', postcode: '62704', country: '' },
  tags: ['vip'],
  notes: '',
  source: 'lead',
  archived: false,
  leadId: null,
  sites: [],
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  ...over,
});

const typeInto = async (label: string | RegExp, value: string) => fireEvent.change(await screen.findByLabelText(label), { target: { value } });

describe('SiteForm on an existing site', () => {
  it('saves: the alarm account of a site with a stored passcode reaches onSave (it used to fail on the hidden hasPasscode)', async () => {
    const onSave = vi.fn(async () => {});
    renderApp(() => <SiteForm site={aSite()} onSave={onSave} onCancel={() => {}} />);
    await typeInto('Account number', 'ACC-778812');
    await typeInto('Central station', 'Rapid Response Monitoring');
    fireEvent.click(await screen.findByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const body = (onSave.mock.calls[0] as unknown as [Record<string, { accountNumber?: string; hasPasscode?: unknown }>])[0];
    expect(body['alarm']).toMatchObject({ accountNumber: 'ACC-778812', centralStation: 'Rapid Response Monitoring' });
    expect(body['alarm']).not.toHaveProperty('hasPasscode');
    expect(body['alarm']).not.toHaveProperty('passcode');
  });

  it('shows the message of a too-long label at the field and does not save', async () => {
    const onSave = vi.fn(async () => {});
    renderApp(() => <SiteForm site={aSite()} onSave={onSave} onCancel={() => {}} />);
    await typeInto('Site label *', 'x'.repeat(81));
    fireEvent.click(await screen.findByRole('button', { name: 'Save site' }));
    expect(await screen.findByText('Site label is too long (80 characters at most).')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('ClientForm', () => {
  it('shows a bad second tag at the tags field', async () => {
    const onSave = vi.fn(async () => {});
    renderApp(() => <ClientForm initial={aClient()} submitLabel="Save changes" onSave={onSave} onCancel={() => {}} />);
    await typeInto('Tags (comma-separated)', 'vip, alarm!, gate');
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Entry 2: Tags use letters, digits, spaces, - and _ only.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a bad second e-mail of a contact at its field', async () => {
    const onSave = vi.fn(async () => {});
    renderApp(() => <ClientForm initial={aClient()} submitLabel="Save changes" onSave={onSave} onCancel={() => {}} />);
    await typeInto('E-mail', 'a@example.com, not-an-email');
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Entry 2: Enter a valid e-mail address.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('useNoSilentErrors', () => {
  function Probe() {
    const form = useForm<{ shown: string; hidden: string }>({ defaultValues: { shown: '', hidden: '' } });
    const ref = useRef<HTMLFormElement>(null);
    useNoSilentErrors(form, ref);
    const submit = form.handleSubmit(() => {});
    return (
      <form ref={ref} onSubmit={(e) => void submit(e)}>
        <FormError error={form.formState.errors.root} />
        <input aria-label="Shown" {...form.register('shown', { required: 'Shown is required.' })} />
        {form.formState.errors.shown && <p id="shown-error">{form.formState.errors.shown.message}</p>}
        <input type="hidden" {...form.register('hidden', { required: 'Hidden is required.' })} />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('lists at the top every message no field shows, and only those', async () => {
    renderApp(() => <Probe />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This form could not be saved.');
    expect(within(alert).getByText('hidden: Hidden is required.')).toBeTruthy();
    expect(within(alert).queryByText(/Shown is required/)).toBeNull();
  });
});

describe('listErrorAt', () => {
  it('names the entry that failed', () => {
    expect(listErrorAt({ tags: [undefined, undefined, { message: 'Bad.' }] }, 'tags')).toBe('Entry 3: Bad.');
    expect(listErrorAt({ tags: [{ message: 'Bad.' }] }, 'tags')).toBe('Bad.');
    expect(listErrorAt({ tags: { message: 'At most 20 tags.' } }, 'tags')).toBe('At most 20 tags.');
    expect(listErrorAt({}, 'tags')).toBeUndefined();
  });
});

describe('ClientDetail: the client’s records read as people read them', () => {
  afterEach(() => vi.unstubAllGlobals());
  const record = (over: Partial<RelatedRecordView>): RelatedRecordView => ({ id: 'r', number: null, status: null, title: null, siteId: null, date: '2026-11-02', totalCents: null, balanceCents: null, ...over });

  it('lists invoices newest number first, each a link with its status in words, total and balance as money and the issue date in local format', async () => {
    const related: ClientRelatedResponse = {
      jobs: [record({ id: 'j-9', number: 'JOB-9999', status: 'on-hold', title: 'Old panel', date: '2026-11-01' }), record({ id: 'j-10', number: 'JOB-10000', status: 'in-progress', title: 'New panel', date: '2026-10-01' })],
      invoices: [
        record({ id: 'i-4', number: 'INV-2026-0004', status: 'partial', title: 'Deposit', date: '2026-11-20', totalCents: 123456, balanceCents: 23456 }),
        record({ id: 'i-13', number: 'INV-2026-0013', status: 'void', title: 'Wrong one', date: '2026-11-02', totalCents: 5000, balanceCents: 0 }),
        record({ id: 'i-14', number: 'INV-2026-0014', status: 'sent', title: 'Cameras', date: '2026-11-03', totalCents: 60000, balanceCents: 60000 }),
      ],
      history: [],
    };
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/clients/c-1': () => ({ status: 200, body: aClient() }), '/api/clients/c-1/related': () => ({ status: 200, body: related }) })));
    renderApp(() => <ClientDetail clientId="c-1" />, { session: aSession('admin') });
    const invoices = await screen.findByRole('list', { name: 'Invoices' });
    const rows = within(invoices).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual([
      'INV-2026-0014 CamerasSent · total $600.00 · balance $600.00 · Nov 3, 2026',
      'INV-2026-0013 Wrong oneVoid · total $50.00 · Nov 2, 2026',
      'INV-2026-0004 DepositPartly paid · total $1,234.56 · balance $234.56 · Nov 20, 2026',
    ]);
    expect(within(invoices).getByRole('link', { name: /INV-2026-0014/ }).getAttribute('href')).toBe('/admin/invoices?invoice=i-14');
    const jobs = within(screen.getByRole('list', { name: 'Jobs' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(jobs).toEqual(['JOB-10000 New panelIn progress · Oct 1, 2026', 'JOB-9999 Old panelOn hold · Nov 1, 2026']);
    // The source reads in words too.
    screen.getByText(/Quote request · vip/);
  });
});
