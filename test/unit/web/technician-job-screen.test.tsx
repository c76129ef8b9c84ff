import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntryDto } from '#contracts/audit.ts';
import type { JobDto, JobViewResponse, MyJobsResponse, OnMyWayResponse } from '#contracts/jobs.ts';
import { JobDetail } from '../../../web/src/features/jobs/JobDetail.tsx';
import { MyJobs } from '../../../web/src/features/jobs/MyJobs.tsx';
import { fakeFetch, renderApp } from './support/render-app.tsx';
import { aSession } from './support/session-factory.ts';
import { aJob } from './support/job-factory.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TECHNICIAN = aSession('employee', { name: 'Maria Lopez', grants: ['viewJobs', 'editJobs'] });
const TOLD_AT = '2026-11-26T15:05:00.000Z';
const aView = (job: JobDto, over: Partial<JobViewResponse> = {}): JobViewResponse => ({ job, warnings: [], history: [], related: { parent: null, trimOut: null }, assignedToYou: true, ...over });
const anEntry = (action: string, changes: AuditEntryDto['changes']): AuditEntryDto =>
  ({ id: `a-${action}`, at: '2026-11-26T15:00:00.000Z', actorId: 'u-1', actorName: 'Maria Lopez', entity: 'job', entityId: 'j-1', action, changes, labels: {} }) as AuditEntryDto;

/** A server that answers the job's reads and records every change request (path and body). */
function aServer(view: JobViewResponse, answers: Record<string, (body: unknown) => { status: number; body?: unknown }> = {}) {
  const sent: { path: string; body: unknown }[] = [];
  const answer = (path: string) => (init: RequestInit | undefined) => {
    if (init?.method && init.method !== 'GET') {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ path, body });
      return answers[path]?.(body) ?? { status: 200, body: view.job };
    }
    return { status: 200, body: path === '/api/jobs/j-1' ? view : { employees: [] } };
  };
  const paths = ['/api/jobs/j-1', '/api/jobs/assignees', '/api/jobs/j-1/checklist', ...Object.keys(answers)];
  vi.stubGlobal('fetch', fakeFetch(Object.fromEntries(paths.map((p) => [p, answer(p)]))));
  return sent;
}

const openDrawer = async (view: JobViewResponse, answers: Record<string, (body: unknown) => { status: number; body?: unknown }> = {}) => {
  const sent = aServer(view, answers);
  renderApp(() => <JobDetail id="j-1" canEdit canUseInventory={false} onClose={() => {}} onOpen={() => {}} />, { session: TECHNICIAN });
  return { sent, drawer: await screen.findByRole('dialog') };
};

describe('"On my way" on the job screen', () => {
  it('is hidden from someone not assigned to the visit', async () => {
    const { drawer } = await openDrawer(aView(aJob(), { assignedToYou: false }));
    await within(drawer).findByRole('region', { name: 'Checklist' });
    expect(within(drawer).queryByRole('button', { name: 'On my way' })).toBeNull();
  });

  it('a second tap says when the customer was already told, by name, and that nothing was sent', async () => {
    const told: OnMyWayResponse = { jobId: 'j-1', clientName: 'Margaret Featherstonehaugh-Okonkwo', onMyWay: { employeeId: 'emp-maria', by: 'Maria Lopez', at: TOLD_AT }, sent: false };
    const { drawer, sent } = await openDrawer(aView(aJob()), { '/api/jobs/j-1/on-my-way': () => ({ status: 200, body: told }) });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'On my way' }));
    const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(TOLD_AT));
    await within(drawer).findByText(`Already told Margaret Featherstonehaugh-Okonkwo at ${time}; nothing sent again.`);
    expect(sent.map((s) => s.path)).toEqual(['/api/jobs/j-1/on-my-way']);
  });

  it("shows the server's reason when the visit is on another day", async () => {
    const reason = `JOB-0042's visit is on Nov 28, 2026: "On my way" can be sent on the day of the visit.`;
    const { drawer } = await openDrawer(aView(aJob()), { '/api/jobs/j-1/on-my-way': () => ({ status: 409, body: { error: { code: 'conflict', message: reason } } }) });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'On my way' }));
    await within(drawer).findByText(reason);
  });
});

describe('the checklist on a phone', () => {
  it('rows are at least 44 px tall (min-h-11), as is the remove button', async () => {
    const { drawer } = await openDrawer(aView(aJob()));
    const row = (await within(drawer).findAllByTestId('checklist-row'))[0]!;
    expect(row.className).toContain('min-h-11');
    expect(within(row).getByRole('button', { name: 'Remove Mount panel' }).className).toContain('h-11');
  });

  it('removing an item asks first; "Keep it" sends nothing, "Remove" removes it', async () => {
    const { drawer, sent } = await openDrawer(aView(aJob()));
    const checklist = await within(drawer).findByRole('region', { name: 'Checklist' });
    fireEvent.click(within(checklist).getByRole('button', { name: 'Remove Mount panel' }));
    const ask = within(checklist).getByRole('alertdialog', { name: 'Remove “Mount panel”?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(within(checklist).queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
    fireEvent.click(within(checklist).getByRole('button', { name: 'Remove Mount panel' }));
    fireEvent.click(within(within(checklist).getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent).toEqual([{ path: '/api/jobs/j-1/checklist', body: { action: 'remove', itemId: 'i-1' } }]));
  });

  it('the history says "unticked" for an item unticked, and names a replaced signature', async () => {
    const history = [anEntry('checklist-untick', [{ field: 'checklist:Mount panel', from: true, to: false }]), anEntry('sign-off-replaced', [{ field: 'signOff', from: 'Ada Client', to: 'Bob Other' }])];
    const { drawer } = await openDrawer(aView(aJob(), { history }));
    const list = await within(drawer).findByRole('list', { name: 'History' });
    expect(within(list).getByText('Checklist item unticked by Maria Lopez')).toBeTruthy();
    expect(within(list).getByText('Signature replaced by Maria Lopez')).toBeTruthy();
  });
});

describe('sign-off', () => {
  it('a signed job shows its signature and no pad until "Replace signature", which warns the old one is replaced; keeping it closes the pad', async () => {
    const signed = aJob({ type: 'install', status: 'in-progress', signOff: { name: 'Ada Client', at: '2026-11-26T14:00:00.000Z', recordedBy: 'Maria Lopez' } });
    const { drawer } = await openDrawer(aView(signed));
    const section = await within(drawer).findByRole('region', { name: 'Customer sign-off' });
    expect(within(section).queryByLabelText('Customer name')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Replace signature' }));
    expect(within(section).getByText("The new signature replaces Ada Client's. The job's history keeps both names.")).toBeTruthy();
    expect(within(section).getByLabelText('Customer name')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: "Keep Ada Client's signature" }));
    expect(within(section).queryByLabelText('Customer name')).toBeNull();
  });
});

describe('the sign-off PDF in the drawer', () => {
  const SIGNED = { name: 'Ada Client', at: '2026-11-26T14:00:00.000Z', recordedBy: 'Maria Lopez' };
  const pdfLink = (section: HTMLElement) => within(section).queryByRole('link', { name: 'Sign-off (PDF)' });

  it('a completed, signed job links to the PDF the customer received', async () => {
    const { drawer } = await openDrawer(aView(aJob({ type: 'install', status: 'completed', signOff: SIGNED })));
    const section = await within(drawer).findByRole('region', { name: 'Customer sign-off' });
    const link = pdfLink(section)!;
    expect(link.getAttribute('href')).toBe('/api/jobs/j-1/sign-off.pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('a completed job without a signature shows no link, only that it was not signed', async () => {
    const { drawer } = await openDrawer(aView(aJob({ status: 'completed', signOff: null })));
    const section = await within(drawer).findByRole('region', { name: 'Customer sign-off' });
    expect(pdfLink(section)).toBeNull();
    expect(within(section).getByText('Not signed yet.')).toBeTruthy();
  });

  it('a signed job still in progress shows no link yet, and says when the PDF comes', async () => {
    const { drawer } = await openDrawer(aView(aJob({ type: 'install', status: 'in-progress', signOff: SIGNED })));
    const section = await within(drawer).findByRole('region', { name: 'Customer sign-off' });
    expect(pdfLink(section)).toBeNull();
    expect(within(section).getByText('The sign-off PDF is made when the job is completed.')).toBeTruthy();
  });
});

describe("the technician's dashboard", () => {
  it('opens a job with from=dashboard, and a visit finished today stays under Today marked done', async () => {
    const open = aJob({ id: 'j-1', number: 'JOB-0042', title: 'Replace the keypad' });
    const finished = aJob({ id: 'j-2', number: 'JOB-0043', title: 'Swap the siren battery', status: 'completed' });
    const mine: MyJobsResponse = { day: '2026-11-26', today: [open, finished], upcoming: [] };
    vi.stubGlobal('fetch', fakeFetch({ '/api/jobs/mine': () => ({ status: 200, body: mine }), '/api/jobs/calendar-feed': () => ({ status: 200, body: { active: false, url: null, createdAt: null } }) }));
    renderApp(() => <MyJobs />, { session: TECHNICIAN });
    const link = await screen.findByRole('link', { name: 'Replace the keypad' });
    expect(link.getAttribute('href')).toBe('/admin/jobs?job=j-1&from=dashboard');
    const done = screen.getByRole('article', { name: 'JOB-0043 Swap the siren battery, done' });
    expect(within(done).getByText('Done')).toBeTruthy();
    expect(within(screen.getByTestId('my-job-JOB-0042')).getByRole('button', { name: 'On my way' })).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'On my way' })).toBeNull();
  });
});
