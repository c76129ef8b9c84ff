import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { History, humanField } from '#ui/History.tsx';
import type { AuditEntryDto } from '#contracts/audit.ts';
import { auditEntry, creation } from '#domain/audit/audit-entry.ts';

afterEach(cleanup);

const anEntry = (over: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id: 'a-1',
  at: '2026-03-02T15:04:00.000Z',
  actorId: 'google-oauth2|1234567890',
  actorName: 'Frank Miller',
  entity: 'job',
  entityId: 'job-1',
  action: 'schedule',
  changes: [],
  ...over,
});

const local = (iso: string, timeZone: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

describe('History (web/src/ui)', () => {
  it('reads a record\u2019s first entry as "Created as PRO-2026-0012", the number not repeated as a field', () => {
    const frank = { id: 'google-oauth2|1', name: 'Frank Miller' };
    const at = '2026-03-02T15:04:00.000Z';
    const first = { id: 'a-1', ...auditEntry(frank, at, 'proposal', 'p-1', 'create', creation('PRO-2026-0012', [{ field: 'title', from: null, to: 'Home security' }])) };
    const copy = { id: 'a-2', ...auditEntry(frank, at, 'proposal', 'p-2', 'duplicate', creation('PRO-2026-0013')) };
    render(<History entries={[first, copy]} actionLabel={(a) => ({ duplicate: 'Created as a copy' })[a]} />);
    const items = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem').filter((li) => li.parentElement?.tagName === 'OL');
    // A creation's fields were set, not changed: "Title: Home security", not "Title: — → Home security".
    expect(items[0]!.textContent).toMatch(/^Created as PRO-2026-0012 by Frank Miller · .*Title: Home security$/);
    expect(items[0]!.textContent).not.toContain('Number');
    expect(items[1]!.textContent).toMatch(/^Created as a copy: PRO-2026-0013 by Frank Miller · /);
  });

  it('names the person and shows times in the given zone, never their id or the UTC text', () => {
    const start = '2026-03-03T13:00:00.000Z';
    render(<History entries={[anEntry({ changes: [{ field: 'scheduledStart', from: null, to: start }, { field: 'proposalId', from: null, to: 'p-9f2c' }] })]} timeZone="America/Chicago" actionLabel={(a) => (a === 'schedule' ? 'Scheduled' : undefined)} />);
    const item = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem')[0]!;
    expect(item.textContent).toContain(`Scheduled by Frank Miller · ${local('2026-03-02T15:04:00.000Z', 'America/Chicago')}`);
    expect(item.textContent).toContain(`Scheduled start: — → ${local(start, 'America/Chicago')}`);
    expect(item.textContent).toContain('Proposal: — → a removed record');
    expect(item.textContent).not.toContain('google-oauth2');
    expect(item.textContent).not.toContain('p-9f2c');
    expect(item.textContent).not.toContain('2026-03-03T13:00');
    expect(item.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-02T15:04:00.000Z');
  });

  it('quotes the reason given for a change instead of listing it as a field; JSON lists read as their values', () => {
    render(
      <History
        entries={[anEntry({ action: 'edit', changes: [{ field: 'emails', from: '["a@example.com"]', to: '["a@example.com","b@example.com"]' }, { field: 'reason', from: null, to: 'Typo' }] })]}
        label="Edit history"
      />,
    );
    const list = screen.getByRole('list', { name: 'Edit history' });
    expect(list.textContent).toContain('“Typo”');
    expect(list.textContent).not.toContain('Reason:');
    expect(list.textContent).toContain('Emails: a@example.com → a@example.com, b@example.com');
  });

  it('lets an area label its own actions, fields and values, and hide a creation’s fields', () => {
    render(
      <History
        entries={[anEntry({ id: 'a-2', action: 'create', changes: [{ field: 'name', from: null, to: 'Ada' }] }), anEntry({ action: 'update', changes: [{ field: 'permissions.editJobs', from: false, to: true }] })]}
        actionLabel={(a) => ({ create: 'Created', update: 'Updated' })[a]}
        fieldLabel={(f) => (f === 'permissions.editJobs' ? 'Edit jobs' : undefined)}
        showChanges={(e) => e.action !== 'create'}
      />,
    );
    const items = screen.getAllByRole('listitem').filter((li) => li.parentElement?.tagName === 'OL');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringMatching(/^Created by Frank Miller · /), expect.stringMatching(/^Updated by Frank Miller · .*Edit jobs: off → on$/)]);
  });

  it('says when there is nothing yet, while loading, and when it failed', () => {
    const { rerender } = render(<History entries={[]} empty="No history yet." />);
    screen.getByText('No history yet.');
    rerender(<History entries={undefined} loading />);
    screen.getByRole('status');
    rerender(<History entries={undefined} error="The history could not be loaded." />);
    expect(screen.getByRole('alert').textContent).toBe('The history could not be loaded.');
  });

  it('reads field names for people', () => {
    expect(['scheduledStart', 'trimOutJobId', 'unitPriceCents', 'alarm.panelModel', 'ip'].map(humanField)).toEqual(['Scheduled start', 'Trim out job', 'Unit price', 'Alarm panel model', 'IP address']);
  });

  it('leaves out fields that were empty and stay empty (a new invoice’s blank title and notes)', () => {
    render(
      <History
        entries={[anEntry({ action: 'create', changes: [{ field: 'title', from: null, to: null }, { field: 'notes', from: null, to: '' }, { field: 'paidCents', from: null, to: 0 }] })]}
        valueLabel={(f, v) => (f.endsWith('Cents') && typeof v === 'number' ? `$${(v / 100).toFixed(2)}` : undefined)}
      />,
    );
    const item = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem')[0]!;
    expect(item.textContent).toContain('Paid: $0.00');
    expect(item.textContent).not.toContain('→');
    expect(item.textContent).not.toContain('Title');
    expect(item.textContent).not.toContain('Notes');
  });

  it('reads referenced ids through the entry’s labels: people, jobs and sites by name, lists each, calendar days in words', () => {
    render(
      <History
        entries={[
          anEntry({
            action: 'update',
            labels: { 'emp-maria': 'Maria Lopez', 'emp-joe': 'Joe Brown', 'job-7': 'J-2026-007 · Front gate', 'site-1': 'Main house (Jane Smith)' },
            changes: [
              { field: 'assignees', from: null, to: 'emp-maria,emp-joe' },
              { field: 'jobId', from: null, to: 'job-7' },
              { field: 'siteId', from: 'site-gone', to: 'site-1' },
              { field: 'movementId', from: null, to: 'mv-123' },
              { field: 'startDate', from: null, to: '2026-12-01' },
            ],
          }),
        ]}
      />,
    );
    const text = screen.getByRole('list', { name: 'History' }).textContent ?? '';
    expect(text).toContain('Updated by Frank Miller');
    expect(text).toContain('Assignees: — → Maria Lopez, Joe Brown');
    expect(text).toContain('Job: — → J-2026-007 · Front gate');
    expect(text).toContain('Site: a removed record → Main house (Jane Smith)');
    expect(text).toContain('Start date: — → Dec 1, 2026');
    expect(text).not.toMatch(/emp-|job-7|site-|mv-123|Movement/);
  });
});

describe('History reads each record kind’s slugs in words (issue 14)', () => {
  it('an invoice’s status, terms and payment method; a monitoring contract’s status change; a checklist item as it was typed', () => {
    render(
      <History
        entries={[
          anEntry({ id: 'i-1', entity: 'invoice', action: 'payment', changes: [{ field: 'status', from: 'sent', to: 'partial' }, { field: 'payment.method', from: null, to: 'card' }, { field: 'terms', from: 'net15', to: 'net30' }] }),
          anEntry({ id: 'm-1', entity: 'monitoring_contract', action: 'status:active', changes: [{ field: 'status', from: 'pending', to: 'active' }] }),
          anEntry({ id: 'j-1', entity: 'job', action: 'checklist-add', changes: [{ field: 'checklist:Replace DSC panel', from: null, to: 'added' }] }),
        ]}
      />,
    );
    const text = screen.getByRole('list', { name: 'History' }).textContent;
    expect(text).toContain('Status: Sent → Partly paid');
    expect(text).toContain('Payment method: — → Card');
    expect(text).toContain('Terms: Net 15 → Net 30');
    expect(text).toContain('Status changed to Active by Frank Miller');
    expect(text).toContain('Status: Pending → Active');
    expect(text).toContain('Checklist “Replace DSC panel”: — → added');
    expect(text).not.toMatch(/partial|net30|card|replace dsc/);
  });
});
