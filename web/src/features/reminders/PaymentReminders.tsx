import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { REMINDER_OUTCOMES, type ReminderLogEntryResponse } from '#contracts/reminders.ts';
import { useCan } from '../auth/session.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { StatusFilter } from '#ui/StatusFilter.tsx';
import { useCursorPages } from '#ui/DataTable.tsx';
import { formatDateTime as formatWhen, formatDay } from '#ui/dates.ts';
import { PolicyEditor } from './PolicyEditor.tsx';
import { REMINDER_DAYS, describeOffset, logQuery, overviewQuery, runSummary, usePause, useResume, useRetry, useRunNow } from './queries.ts';
import { Button } from '#ui/Button.tsx';
import { formatCents, useMoneySettings } from '#ui/money.ts';
import { stacked, stackedCell } from '#ui/stacked-table.ts';

const DAYS = REMINDER_DAYS;
type Outcome = (typeof REMINDER_OUTCOMES)[number];

const OUTCOME_CLASS: Record<Outcome, string> = {
  sent: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200',
  skipped: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  sending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
};


function Section(props: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <section className="mb-8" aria-labelledby={`h-${props.title}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`h-${props.title}`} className="text-lg font-semibold">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}

function ErrorLine(props: { error: Error | null }) {
  return props.error ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {props.error.message}
    </p>
  ) : null;
}

/** /admin/payment-reminders: the policy, what goes out next, what is paused, and what was sent. */
export function PaymentReminders() {
  useMoneySettings();
  const canEdit = useCan('editInvoices');
  const overview = useQuery(overviewQuery(DAYS));
  const run = useRunNow();
  const pause = usePause();
  const resume = useResume();

  return (
    <section>
      <PageHeading title="Payment reminders">Reminder steps before and after the due date, sent once per invoice and step.</PageHeading>
      {canEdit && (
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <Button disabled={run.isPending} onClick={() => run.mutate()}>
            <Send aria-hidden className="h-4 w-4" /> {run.isPending ? 'Sending…' : 'Send due reminders now'}
          </Button>
          {run.data && (
            <p role="status" className="text-sm">
              {runSummary(run.data)}
            </p>
          )}
          <ErrorLine error={run.error} />
        </div>
      )}
      {overview.isPending ? (
        <p role="status">Loading reminders…</p>
      ) : overview.isError ? (
        <p role="alert" className="text-red-700">
          {overview.error.message}
        </p>
      ) : (
        <>
          <Section title={`Coming up in the next ${DAYS} days`}>
            {overview.data.upcoming.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-400">No reminders are due in the next {DAYS} days.</p>
            ) : (
              <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
                <table className={stacked.table} aria-label="Upcoming reminders">
                  <thead className={`${stacked.head} bg-slate-50 text-left dark:bg-slate-900`}>
                    <tr>
                      <th className="px-3 py-2">Date</th>
                      <th className="px-3 py-2">Invoice</th>
                      <th className="px-3 py-2">Client</th>
                      <th className="px-3 py-2">Step</th>
                      <th className="px-3 py-2 text-right">Late fee</th>
                      {canEdit && <th className="px-3 py-2">Pause</th>}
                    </tr>
                  </thead>
                  <tbody className={stacked.body}>
                    {overview.data.upcoming.map((u) => (
                      <tr key={`${u.invoiceId}:${u.stepId}`} className={`${stacked.row} border-t border-slate-100 dark:border-slate-800`}>
                        <td {...stackedCell('Date', 'px-3 py-2 whitespace-nowrap')}>{formatDay(u.date)}</td>
                        <td {...stackedCell(undefined, 'px-3 py-2 font-mono text-xs')}>{u.invoiceNumber}</td>
                        <td {...stackedCell('Client', 'px-3 py-2')}>{u.clientName}</td>
                        <td {...stackedCell('Step', 'px-3 py-2')}>
                          {describeOffset(u.offsetDays)}
                          {u.paused && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">paused</span>}
                        </td>
                        <td {...stackedCell('Late fee', 'px-3 py-2 text-right tabular-nums')}>{u.lateFeeCents > 0 ? formatCents(u.lateFeeCents) : '—'}</td>
                        {canEdit && (
                          <td {...stackedCell(undefined, 'px-3 py-2 whitespace-nowrap')}>
                            {!u.paused && (
                              <Button variant="secondary" size="sm" disabled={pause.isPending} onClick={() => pause.mutate({ scope: 'invoice', targetId: u.invoiceId })}>
                                Pause {u.invoiceNumber}
                              </Button>
                            )}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ErrorLine error={pause.error} />
          </Section>
          <Section title="Paused">
            {overview.data.pauses.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-400">Nothing is paused.</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {overview.data.pauses.map((p) => (
                  <li key={`${p.scope}:${p.targetId}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span>
                      {p.scope === 'client' ? 'Client' : 'Invoice'} <strong>{p.label}</strong> — paused by {p.pausedBy}, {formatWhen(p.pausedAt)}
                    </span>
                    {canEdit && (
                      <Button variant="secondary" size="sm" disabled={resume.isPending} onClick={() => resume.mutate({ scope: p.scope, targetId: p.targetId })}>
                        Resume {p.label}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <ErrorLine error={resume.error} />
          </Section>
          <Section title="Policy">
            <PolicyEditor policy={overview.data.policy} canEdit={canEdit} />
          </Section>
        </>
      )}
      <ReminderLog canEdit={canEdit} onPauseClient={(id) => pause.mutate({ scope: 'client', targetId: id })} />
    </section>
  );
}

function ReminderLog(props: { canEdit: boolean; onPauseClient: (clientId: string) => void }) {
  useMoneySettings();
  const [status, setStatus] = useState<Outcome | undefined>(undefined);
  const pages = useCursorPages({ status });
  const log = useQuery(logQuery(status, pages.cursor));
  const retry = useRetry();
  const stuck = (e: ReminderLogEntryResponse) => e.status === 'sending' && log.data !== undefined && e.at <= log.data.stuckBefore;

  return (
    <Section
      title="Sent and skipped"
      actions={
        <StatusFilter
          id="reminder-outcome"
          label="Outcome"
          value={status}
          options={REMINDER_OUTCOMES}
          onChange={setStatus}
        />
      }
    >
      {log.isPending ? (
        <p role="status">Loading the log…</p>
      ) : log.isError ? (
        <p role="alert" className="text-red-700">
          {log.error.message}
        </p>
      ) : log.data.entries.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{status ? `No ${status} reminders.` : 'No reminders have been sent yet.'}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className={stacked.table} aria-label="Reminder log">
            <thead className={`${stacked.head} bg-slate-50 text-left dark:bg-slate-900`}>
              <tr>
                <th className="px-3 py-2">When</th>
                <th className="px-3 py-2">Invoice</th>
                <th className="px-3 py-2">Client</th>
                <th className="px-3 py-2">Step</th>
                <th className="px-3 py-2">Outcome</th>
                <th className="px-3 py-2">To</th>
                <th className="px-3 py-2 text-right">Late fee</th>
                {props.canEdit && <th className="px-3 py-2">Actions</th>}
              </tr>
            </thead>
            <tbody className={stacked.body}>
              {log.data.entries.map((e) => (
                <tr key={e.id} className={`${stacked.row} border-t border-slate-100 align-top dark:border-slate-800`}>
                  <td {...stackedCell('When', 'px-3 py-2 whitespace-nowrap')}>{formatWhen(e.sentAt ?? e.at)}</td>
                  <td {...stackedCell(undefined, 'px-3 py-2 font-mono text-xs')}>{e.invoiceNumber}</td>
                  <td {...stackedCell('Client', 'px-3 py-2')}>{e.clientName}</td>
                  <td {...stackedCell('Step', 'px-3 py-2')}>{describeOffset(e.offsetDays)}</td>
                  <td {...stackedCell('Outcome', 'px-3 py-2')}>
                    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${OUTCOME_CLASS[e.status]}`}>{stuck(e) ? 'stuck' : e.status}</span>
                    {e.error && <p className="mt-1 max-w-xs text-xs text-slate-600 dark:text-slate-400">{e.error}</p>}
                  </td>
                  <td {...stackedCell('To', 'px-3 py-2')}>{e.to ?? '—'}</td>
                  <td {...stackedCell('Late fee', 'px-3 py-2 text-right tabular-nums')}>{e.lateFeeCents > 0 ? formatCents(e.lateFeeCents) : '—'}</td>
                  {props.canEdit && (
                    <td {...stackedCell(undefined, 'space-x-2 px-3 py-2 whitespace-nowrap')}>
                      {(e.status === 'failed' || stuck(e)) && (
                        <Button variant="secondary" size="sm" disabled={retry.isPending} onClick={() => retry.mutate(e.id)}>
                          Retry
                        </Button>
                      )}
                      <Button variant="secondary" size="sm" onClick={() => props.onPauseClient(e.clientId)}>
                        Pause client
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorLine error={retry.error} />
      <div className="mt-3 flex gap-2">
        {pages.page > 0 && (
          <Button variant="secondary" size="sm" onClick={pages.previous}>
            Newer
          </Button>
        )}
        {log.data?.nextCursor && (
          <Button variant="secondary" size="sm" onClick={() => pages.next(log.data.nextCursor)}>
            Older
          </Button>
        )}
      </div>
    </Section>
  );
}
