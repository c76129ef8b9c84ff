import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AssigneesResponse, CalendarResponse } from '#contracts/jobs.ts';
import { JobTracker, type JobSearch } from '../../../web/src/features/jobs/JobTracker.tsx';
import { fakeFetch, renderApp } from './support/render-app.tsx';
import { aSession } from './support/session-factory.ts';
import { aJob } from './support/job-factory.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TECHNICIAN = aSession('employee', { name: 'Maria Lopez', grants: ['viewJobs', 'editJobs'] });
const OWNER = aSession('admin', { name: 'Dana Shieldline' });
const PEOPLE = [
  { id: 'emp-maria', name: 'Maria Lopez', title: 'Technician' },
  { id: 'emp-tom', name: 'Tom Reed', title: null },
];

/** The week of Nov 23, 2026: an install done, two visits that clash for Maria, one in progress. */
const WEEK: CalendarResponse = {
  jobs: [
    aJob({ id: 'j-done', number: 'JOB-0101', title: 'Panel swap', status: 'completed', scheduledStart: '2026-11-24T15:00:00.000Z', scheduledEnd: '2026-11-24T17:00:00.000Z', assignees: ['emp-maria'] }),
    aJob({ id: 'j-a', number: 'JOB-0102', title: 'Camera install', scheduledStart: '2026-11-25T15:00:00.000Z', scheduledEnd: '2026-11-25T19:00:00.000Z', assignees: ['emp-maria'] }),
    aJob({ id: 'j-b', number: 'JOB-0103', title: 'Keypad service', scheduledStart: '2026-11-25T18:00:00.000Z', scheduledEnd: '2026-11-25T20:00:00.000Z', assignees: ['emp-maria'] }),
    aJob({ id: 'j-c', number: 'JOB-0104', title: 'Prewire', status: 'in-progress', scheduledStart: '2026-11-26T15:00:00.000Z', scheduledEnd: '2026-11-26T16:00:00.000Z', assignees: ['emp-tom'] }),
  ],
  doubleBooked: ['j-a', 'j-b'],
};

/** The board requests' employee filter, as the last server recorded them. */
let boardAsked: (string | null)[] = [];

/** A server answering the people and the week, recording the calendar requests' employee filter. */
function aServer(people: AssigneesResponse) {
  const asked: (string | null)[] = [];
  boardAsked = [];
  const answers = {
    '/api/jobs/assignees': () => ({ status: 200, body: people }),
    '/api/jobs/calendar-feed': () => ({ status: 404, body: { error: { code: 'not-found', message: 'none' } } }),
    '/api/site': () => ({ status: 200, body: { timeZone: 'America/Chicago' } }),
  };
  const base = fakeFetch(answers);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname === '/api/jobs/board') {
      boardAsked.push(url.searchParams.get('employee'));
      return new Response(JSON.stringify({ columns: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    if (url.pathname === '/api/jobs/calendar') {
      asked.push(url.searchParams.get('employee'));
      return new Response(JSON.stringify(WEEK), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return base(input, init);
  });
  return asked;
}

function showWeek(session: ReturnType<typeof aSession>, search: JobSearch = {}) {
  const onSearch = vi.fn();
  renderApp(() => <JobTracker search={{ view: 'calendar', week: '2026-11-23', ...search }} onSearch={onSearch} />, { session });
  return onSearch;
}

describe('the Week view', () => {
  it("opens on a technician's own jobs; Everyone is a choice the URL keeps", async () => {
    const asked = aServer({ employees: PEOPLE, me: 'emp-maria' });
    const onSearch = showWeek(TECHNICIAN);
    const select = await screen.findByRole('combobox', { name: 'Employee' });
    await waitFor(() => expect(asked).toContain('emp-maria'));
    expect(asked).not.toContain(null); // never everyone's week first
    expect((select as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Maria Lopez (me)');
    fireEvent.change(select, { target: { value: '' } });
    expect(onSearch).toHaveBeenLastCalledWith({ employee: 'all' });
    fireEvent.change(select, { target: { value: 'emp-tom' } });
    expect(onSearch).toHaveBeenLastCalledWith({ employee: 'emp-tom' });
    fireEvent.change(select, { target: { value: 'emp-maria' } });
    expect(onSearch).toHaveBeenLastCalledWith({ employee: undefined });
  });

  it('with employee=all a technician sees everyone, and the owner (no employee record) always starts on everyone', async () => {
    const asked = aServer({ employees: PEOPLE, me: 'emp-maria' });
    showWeek(TECHNICIAN, { employee: 'all' });
    await waitFor(() => expect(asked).toEqual([null]));
    expect((screen.getByRole('combobox', { name: 'Employee' }) as HTMLSelectElement).value).toBe('');
    cleanup();
    const ownerAsked = aServer({ employees: PEOPLE, me: null });
    showWeek(OWNER);
    await waitFor(() => expect(ownerAsked).toEqual([null]));
  });

  it("the board stays everyone's for a technician (unassigned work is there); picking herself there is an explicit filter", async () => {
    aServer({ employees: PEOPLE, me: 'emp-maria' });
    const onSearch = vi.fn();
    renderApp(() => <JobTracker search={{}} onSearch={onSearch} />, { session: TECHNICIAN });
    await waitFor(() => expect(boardAsked).toEqual([null]));
    const select = screen.getByRole('combobox', { name: 'Employee' }) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'emp-maria' } });
    expect(onSearch).toHaveBeenLastCalledWith({ employee: 'emp-maria' });
    fireEvent.change(select, { target: { value: '' } });
    expect(onSearch).toHaveBeenLastCalledWith({ employee: undefined });
  });

  it('writes the status and the double booking on each visit, not by colour alone', async () => {
    aServer({ employees: PEOPLE, me: null });
    showWeek(OWNER);
    const agenda = await screen.findByTestId('calendar-agenda');
    const visit = async (number: string) => (await within(agenda).findByText(number, { exact: false })).closest('button')!;
    expect((await visit('JOB-0101')).textContent).toContain('Completed');
    expect((await visit('JOB-0104')).textContent).toContain('In progress');
    expect((await visit('JOB-0102')).textContent).toContain('Double-booked');
    expect((await visit('JOB-0103')).textContent).toContain('Double-booked');
    expect((await visit('JOB-0104')).textContent).not.toContain('Double-booked');
    expect((await visit('JOB-0102')).textContent).not.toContain('Scheduled');
    // The hour grid says the same in each visit's title (its text is cut to the block's size).
    const gridVisit = screen.getAllByTitle(/JOB-0103/).find((b) => !agenda.contains(b))!;
    expect(gridVisit.getAttribute('title')).toBe('JOB-0103 Keypad service · Double-booked');
    expect(screen.getAllByTitle(/JOB-0101/).find((b) => !agenda.contains(b))!.getAttribute('title')).toBe('JOB-0101 Panel swap · Completed');
  });
});
