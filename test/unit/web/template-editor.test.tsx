import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TemplateDto } from '#contracts/notifications.ts';
import { DEFAULT_TEMPLATES } from '#domain/notifications/notification-template.ts';
import { TemplateEditor } from '../../../web/src/features/notifications/TemplateEditor.tsx';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp } from './support/render-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const receipt = (over: Partial<TemplateDto> = {}): TemplateDto => ({
  key: 'payment-receipt',
  label: 'Payment receipt',
  ...DEFAULT_TEMPLATES['payment-receipt'],
  placeholders: ['contact.firstName', 'payment.amount'],
  customised: false,
  updatedAt: null,
  updatedBy: null,
  ...over,
});

/** The API as the editor meets it: the preview fills "{{contact.firstName}}" like the server; every call is recorded. */
function serve(template: TemplateDto) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const record = (path: string) => (init: RequestInit | undefined) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : null;
    calls.push({ method: init?.method ?? 'GET', path, body });
    return body;
  };
  const path = '/api/admin/notification-templates/payment-receipt';
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        '/api/session': () => ({ status: 200, body: aSession('admin') }),
        '/api/admin/notification-templates': () => ({ status: 200, body: [template] }),
        [`${path}/preview`]: (init) => {
          const b = record(`${path}/preview`)(init) as { subject: string; body: string };
          if (b.body.includes('{{not.a.placeholder}}')) return { status: 400, body: { error: { code: 'validation', message: 'Message: {{not.a.placeholder}} is not a placeholder of this template.', fields: { body: ['{{not.a.placeholder}} is not a placeholder of this template.'] } } } };
          const fill = (t: string) => t.replace(/\{\{contact\.firstName\}\}/g, 'Grace');
          return { status: 200, body: { subject: fill(b.subject), body: fill(b.body), sms: null } };
        },
        [path]: (init) => (record(path)(init), { status: 200, body: template }),
      }),
    ),
  );
  return calls;
}

describe('the customer message template editor', () => {
  it('previews what is typed, not the default text, and keeps up as you type; the state line says it is not saved', async () => {
    serve(receipt());
    renderApp(() => <TemplateEditor />, { session: aSession('admin') });
    const body = await screen.findByLabelText(/^Message/);
    expect(screen.getByTestId('template-state').textContent).toBe('This is the default text.');
    fireEvent.change(body, { target: { value: 'Dear {{contact.firstName}}, thank you for paying.' } });
    expect(screen.getByTestId('template-state').textContent).toBe('Not saved yet: save to use it.');
    fireEvent.click(screen.getByRole('button', { name: 'Preview with sample data' }));
    await screen.findByText('Dear Grace, thank you for paying.');
    expect(screen.getByTestId('template-state').textContent).toMatch(/^Not saved yet: the preview shows what you typed/);
    fireEvent.change(body, { target: { value: 'Dear {{contact.firstName}}, thanks again.' } });
    await screen.findByText('Dear Grace, thanks again.');
  });

  it('a refused preview shows no earlier preview and does not claim to show what was typed', async () => {
    serve(receipt());
    renderApp(() => <TemplateEditor />, { session: aSession('admin') });
    const body = await screen.findByLabelText(/^Message/);
    fireEvent.change(body, { target: { value: 'Dear {{contact.firstName}}, thank you.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview with sample data' }));
    await screen.findByText('Dear Grace, thank you.');
    fireEvent.change(body, { target: { value: 'Dear {{not.a.placeholder}}' } });
    await waitFor(() => expect(screen.queryByText('Dear Grace, thank you.')).toBeNull());
    expect(screen.getByTestId('template-state').textContent).toBe('Not saved yet: save to use it.');
  });

  it('Reset to default asks first, naming the template; it only fills the form, so not saving undoes it', async () => {
    const calls = serve(receipt({ customised: true, subject: 'Thanks!', body: 'Paid, {{contact.firstName}}.', updatedAt: '2026-11-20T10:00:00Z', updatedBy: 'Frank Miller' }));
    renderApp(() => <TemplateEditor />, { session: aSession('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset to default' }));
    const ask = screen.getByRole('alertdialog');
    expect(ask.textContent).toContain('“Payment receipt”');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my text' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Paid, {{contact.firstName}}.');

    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    fireEvent.click(screen.getByRole('button', { name: 'Put the default text back' }));
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe(DEFAULT_TEMPLATES['payment-receipt'].body);
    expect(screen.getByTestId('template-state').textContent).toMatch(/^The default text is in the form, not saved yet/);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['DELETE']));
  });
});
