import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { JobDto, JobViewResponse } from '#contracts/jobs.ts';
import type { LeadList } from '#contracts/quotes.ts';
import { JobDetail } from '../../../web/src/features/jobs/JobDetail.tsx';
import { LeadCard } from '../../../web/src/features/leads/LeadCard.tsx';
import { leadsQuery } from '../../../web/src/features/leads/queries.ts';
import { boardWithStatus } from '../../../web/src/features/jobs/optimistic-jobs.ts';
import { fakeFetch, renderApp } from './support/render-app.tsx';
import { aSession } from './support/session-factory.ts';
import { aLead } from './support/lead-factory.ts';
import { aJob } from './support/job-factory.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aView = (job: JobDto): JobViewResponse => ({ job, warnings: [], history: [], related: { parent: null, trimOut: null }, assignedToYou: false });

/** A server answer the test releases when it wants, to look at the screen before it comes. */
function held() {
  let release: (answer: { status: number; body?: unknown }) => void = () => {};
  const answer = new Promise<{ status: number; body?: unknown }>((r) => (release = r));
  return { answer, release };
}

/** fetch answering GETs from `answers` and `path` (POST/PATCH) with the held answer. */
function serverWith(gets: Record<string, () => unknown>, path: string, reply: Promise<{ status: number; body?: unknown }>) {
  const plain = fakeFetch(Object.fromEntries(Object.entries(gets).map(([p, body]) => [p, () => ({ status: 200, body: body() })])));
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const p = new URL(String(input), 'http://app.test').pathname;
    if (p === '/api/session') return new Response(JSON.stringify({ csrfToken: 't' }), { status: 200 });
    if (p === path && init?.method && init.method !== 'GET') {
      const a = await reply;
      return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json' } });
    }
    return plain(input, init);
  });
}

const refusal = (message: string) => ({ error: { code: 'conflict', message } });

describe('one-click job changes show at once', () => {
  it('a checklist tick shows before the server answers, and goes back with a message naming the item when the server refuses', async () => {
    const reply = held();
    vi.stubGlobal('fetch', serverWith({ '/api/jobs/j-1': () => aView(aJob()), '/api/jobs/assignees': () => ({ employees: [] }) }, '/api/jobs/j-1/checklist', reply.answer));
    renderApp(() => <JobDetail id="j-1" canEdit canUseInventory={false} onClose={() => {}} onOpen={() => {}} />, { session: aSession('admin') });
    const checklist = await screen.findByRole('region', { name: 'Checklist' });
    const box = within(checklist).getByRole('checkbox', { name: 'Mount panel' });
    expect((box as HTMLInputElement).checked).toBe(false);

    fireEvent.click(box);
    await waitFor(() => expect((within(checklist).getByRole('checkbox', { name: 'Mount panel' }) as HTMLInputElement).checked).toBe(true));

    reply.release({ status: 409, body: refusal('The job is completed: its checklist is closed.') });
    const alert = await within(checklist).findByRole('alert');
    expect(alert.textContent).toBe('“Mount panel” was not ticked: The job is completed: its checklist is closed.');
    expect((within(checklist).getByRole('checkbox', { name: 'Mount panel' }) as HTMLInputElement).checked).toBe(false);
  });

  it("a tick the server accepts shows who ticked it, from the server's answer", async () => {
    const reply = held();
    let job = aJob();
    vi.stubGlobal('fetch', serverWith({ '/api/jobs/j-1': () => aView(job), '/api/jobs/assignees': () => ({ employees: [] }) }, '/api/jobs/j-1/checklist', reply.answer));
    renderApp(() => <JobDetail id="j-1" canEdit canUseInventory={false} onClose={() => {}} onOpen={() => {}} />, { session: aSession('admin') });
    const checklist = await screen.findByRole('region', { name: 'Checklist' });
    fireEvent.click(within(checklist).getByRole('checkbox', { name: 'Mount panel' }));
    job = aJob({ checklist: [{ id: 'i-1', text: 'Mount panel', done: true, doneBy: 'Frank Miller', doneAt: '2026-11-26T09:30:00.000Z' }] });
    reply.release({ status: 200, body: job });
    await within(checklist).findByText(/Frank Miller/);
    expect((within(checklist).getByRole('checkbox', { name: 'Mount panel' }) as HTMLInputElement).checked).toBe(true);
    expect(within(checklist).queryByRole('alert')).toBeNull();
  });

  it('a status move shows the new status at once and goes back to the old one, naming the job and the status, when refused', async () => {
    const reply = held();
    vi.stubGlobal('fetch', serverWith({ '/api/jobs/j-1': () => aView(aJob()), '/api/jobs/assignees': () => ({ employees: [] }) }, '/api/jobs/j-1/status', reply.answer));
    renderApp(() => <JobDetail id="j-1" canEdit canUseInventory={false} onClose={() => {}} onOpen={() => {}} />, { session: aSession('admin') });
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByRole('button', { name: 'Mark in progress' });
    expect(within(drawer).getByText('Scheduled', { exact: true })).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Mark in progress' }));
    await within(drawer).findByText('In progress', { exact: true });

    reply.release({ status: 403, body: { error: { code: 'forbidden', message: 'You may not change this job.' } } });
    const alert = await within(drawer).findByText(/was not moved/);
    expect(alert.textContent).toBe('JOB-0042 was not moved to In progress: You may not change this job.');
    await within(drawer).findByText('Scheduled', { exact: true });
    expect(within(drawer).queryByText('In progress', { exact: true })).toBeNull();
  });

  it('the board moves a card to its new column (and leaves the board alone for a status it has no column for)', () => {
    const card = { ...aJob(), status: 'scheduled' as const };
    const board = { columns: [{ status: 'scheduled' as const, jobs: [card], more: false }, { status: 'in-progress' as const, jobs: [], more: false }] };
    const moved = boardWithStatus(board, 'j-1', 'in-progress');
    expect(moved.columns.map((c) => [c.status, c.jobs.map((j) => `${j.number} ${j.status}`)])).toEqual([
      ['scheduled', []],
      ['in-progress', ['JOB-0042 in-progress']],
    ]);
    expect(boardWithStatus(board, 'j-1', 'completed')).toBe(board);
  });
});

function Leads() {
  const q = useInfiniteQuery(leadsQuery(undefined));
  return <ul>{q.data?.pages.flatMap((p) => p.leads).map((l) => <LeadCard key={l.id} lead={l} />)}</ul>;
}

describe('a lead status change shows at once', () => {
  it('the card reads the new status before the server answers and the old one again, with a message, when refused', async () => {
    const reply = held();
    const list: LeadList = { leads: [aLead()], nextCursor: null };
    vi.stubGlobal('fetch', serverWith({ '/api/admin/leads': () => list }, '/api/admin/leads/lead-1', reply.answer));
    renderApp(() => <Leads />, { session: aSession('admin') });
    const card = await screen.findByRole('listitem', { name: /Lead from Bartholomew/ });
    expect(within(card).getByTestId('lead-status').textContent).toBe('New');

    fireEvent.click(within(card).getByRole('button', { name: 'Contacted' }));
    await waitFor(() => expect(within(card).getByTestId('lead-status').textContent).toBe('Contacted'));

    reply.release({ status: 409, body: refusal('This request was changed meanwhile; reload it.') });
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toBe('The request from Bartholomew Alexander Montgomery-Fitzgerald III was not marked Contacted: This request was changed meanwhile; reload it.');
    expect(within(card).getByTestId('lead-status').textContent).toBe('New');
  });
});
