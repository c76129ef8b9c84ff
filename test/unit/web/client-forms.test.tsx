import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { useRef } from 'react';
import type { ClientView, SiteView } from '#contracts/clients.ts';
import { SiteForm } from '../../../web/src/features/clients/SiteForm.tsx';
import { ClientForm } from '../../../web/src/features/clients/ClientForm.tsx';
import { listErrorAt } from '../../../web/src/features/clients/form-helpers.ts';
import { useNoSilentErrors } from '#ui/no-silent-errors.ts';
import { FormError } from '#ui/FormError.tsx';
import { renderApp } from './support/render-app.tsx';

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
