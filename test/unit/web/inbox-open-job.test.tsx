import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { InboxMessage } from '#contracts/support.ts';
import { MessageCard } from '../../../web/src/features/inbox/MessageCard.tsx';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp } from './support/render-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aMessage = (over: Partial<InboxMessage> = {}): InboxMessage => ({
  id: 'msg-1',
  kind: 'support',
  name: 'Annabel Featherstonehaugh-Wainwright',
  email: 'annabel.featherstonehaugh-wainwright@very-long-family-domain.example.com',
  phone: '(555) 201-4477 ext 9',
  subject: 'Service request: Back door sensor beeps',
  message: 'Service request from the client hub.\nWhat needs doing: Back door sensor beeps',
  status: 'new',
  createdAt: '2026-11-25T20:00:00.000Z',
  updatedAt: '2026-11-25T20:00:00.000Z',
  serviceRequest: { jobId: null, jobNumber: null },
  ...over,
});

describe('the inbox card of a client-hub service request', () => {
  it('offers "Open a job" to staff who may edit jobs; opening shows the job link, and the button is not offered again', async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeFetch({ '/api/admin/messages/msg-1/job': (init) => (posted.push(init?.method ?? 'GET'), { status: 200, body: { jobId: 'job-7', number: 'JOB-0042' } }) })),
    );
    renderApp(() => <MessageCard message={aMessage()} />, { session: aSession('employee', { grants: ['viewClients', 'editJobs'] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open a job' }));
    const link = await screen.findByRole('link', { name: 'Job JOB-0042 opened from this request' });
    expect(link.getAttribute('href')).toBe('/admin/jobs?job=job-7');
    expect(screen.queryByRole('button', { name: 'Open a job' })).toBeNull();
    expect(posted).toEqual(['POST']);
  });

  it('a request a job was opened from links to it, without the button', async () => {
    renderApp(() => <MessageCard message={aMessage({ status: 'answered', serviceRequest: { jobId: 'job-7', jobNumber: 'JOB-0042' } })} />, { session: aSession('admin') });
    expect((await screen.findByRole('link', { name: 'Job JOB-0042 opened from this request' })).getAttribute('href')).toBe('/admin/jobs?job=job-7');
    expect(screen.queryByRole('button', { name: 'Open a job' })).toBeNull();
  });

  it('no button without the permission, and none on an ordinary message', async () => {
    renderApp(() => <MessageCard message={aMessage()} />, { session: aSession('employee', { grants: ['viewClients'] }) });
    await screen.findByText('Service request: Back door sensor beeps');
    expect(screen.queryByRole('button', { name: 'Open a job' })).toBeNull();
    cleanup();
    renderApp(() => <MessageCard message={aMessage({ serviceRequest: null })} />, { session: aSession('admin') });
    await screen.findByText('Service request: Back door sensor beeps');
    expect(screen.queryByRole('button', { name: 'Open a job' })).toBeNull();
  });
});

describe('the inbox card reads as words', () => {
  it('the phone number dials (tel:, the extension after the number); kind and status read "Service request · New", "Contact form · Answered"', async () => {
    renderApp(() => <MessageCard message={aMessage()} />, { session: aSession('admin') });
    const phone = await screen.findByRole('link', { name: '(555) 201-4477 ext 9' });
    expect(phone.getAttribute('href')).toBe('tel:5552014477;ext=9');
    expect(screen.getByText('Service request · New')).toBeTruthy();
    cleanup();
    renderApp(() => <MessageCard message={aMessage({ kind: 'contact', status: 'answered', serviceRequest: null, phone: null })} />, { session: aSession('admin') });
    expect(await screen.findByText('Contact form · Answered')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /555/ })).toBeNull();
  });
});

describe('links in an inbox message', () => {
  it("makes this site's own addresses links that open in place and leaves any other address plain text", async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({})));
    const own = `${window.location.origin}/admin/clients/c-42`;
    renderApp(() => <MessageCard message={aMessage({ message: `Client record: ${own}.\nSee also https://evil.example/login and ${window.location.origin}/admin/jobs?job=j-1` })} />, {
      session: aSession('employee', { grants: ['viewClients'] }),
    });
    const record = await screen.findByRole('link', { name: own });
    expect(record.getAttribute('href')).toBe('/admin/clients/c-42');
    expect(screen.getByRole('link', { name: `${window.location.origin}/admin/jobs?job=j-1` }).getAttribute('href')).toBe('/admin/jobs?job=j-1');
    expect(screen.queryByRole('link', { name: /evil\.example/ })).toBeNull();
    expect(document.body.textContent).toContain('See also https://evil.example/login');
  });
});
