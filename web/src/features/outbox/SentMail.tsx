import { useQuery } from '@tanstack/react-query';
import { recordHref } from '#contracts/record-href.ts';
import { MAIL_KINDS, OUTBOX_STATUSES, type OutboxStatus } from '#domain/mail/mailer.ts';
import type { OutboxMailDto } from '#contracts/support.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { SearchForm, FilterSelect } from '#ui/SearchForm.tsx';
import { CursorPager, DataTable, useCursorPages, type Column } from '#ui/DataTable.tsx';
import { EmptyState } from '#ui/EmptyState.tsx';
import { SidePanel } from '#ui/SidePanel.tsx';
import { Button } from '#ui/Button.tsx';
import { formatDateTime } from '#ui/dates.ts';
import type { SearchPatch } from '#lib/search-params.ts';
import { outboxMailQuery, outboxQuery, useRetryMail } from '#lib/queries/outbox.ts';

export interface SentMailSearch {
  q?: string;
  status?: string;
  /** Only mail about this record (an invoice's, proposal's, lead's or client's id). */
  related?: string;
  /** The open mail. */
  mail?: string;
}
export type SentMailSearchPatch = SearchPatch<SentMailSearch>;

export const STATUS_LABELS: Record<OutboxStatus, string> = {
  kept: 'Kept here',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

const STATUS_CLASS: Record<OutboxStatus, string> = {
  kept: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  queued: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  sending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  sent: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
};

const ABOUT_TYPE: Record<OutboxMailDto['about'][number]['type'], string> = { invoice: 'Invoice', proposal: 'Proposal', lead: 'Quote request', client: 'Client', job: 'Job' };

/** When a mail written for later (a review request held until the next 10:00) goes out; null for any other mail. */
const heldUntil = (m: OutboxMailDto): string | null =>
  m.status === 'queued' && m.attempts === 0 && m.nextAttemptAt !== null && Date.parse(m.nextAttemptAt) - Date.parse(m.sentAt) > 60_000 ? m.nextAttemptAt : null;

function StatusChip(props: { mail: OutboxMailDto }) {
  const m = props.mail;
  return (
    <span data-testid="mail-status" className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_CLASS[m.status]}`}>
      {heldUntil(m) ? 'Scheduled' : STATUS_LABELS[m.status]}
      {m.attempts > 1 ? ` · ${m.attempts} attempts` : ''}
    </span>
  );
}

const COLUMNS: readonly Column<OutboxMailDto>[] = [
  { id: 'subject', label: 'Subject', cell: (m) => <span className="font-medium break-words text-slate-900 dark:text-white">{m.subject}</span>, className: 'min-w-0 max-w-md' },
  { id: 'to', label: 'To', cell: (m) => <span className="break-all">{m.to}</span>, className: 'max-w-xs' },
  { id: 'kind', label: 'Kind', cell: (m) => MAIL_KINDS[m.kind], className: 'whitespace-nowrap' },
  {
    id: 'status',
    label: 'Status',
    cell: (m) => (
      <>
        <StatusChip mail={m} />
        {heldUntil(m) && <p className="mt-1 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">Goes out {formatDateTime(heldUntil(m)!)}</p>}
        {m.lastError && m.status !== 'sent' && <p className="mt-1 max-w-xs text-xs break-words text-slate-600 dark:text-slate-400">{m.lastError}</p>}
      </>
    ),
  },
  { id: 'sentAt', label: 'When', cell: (m) => formatDateTime(m.sentAt), className: 'whitespace-nowrap' },
];

/** /admin/outbox: every mail the site wrote, newest first, with what became of it. Admins only. */
export function SentMail(props: { search: SentMailSearch; onSearch: (next: SentMailSearchPatch) => void }) {
  const { search, onSearch } = props;
  const filters = { status: search.status, q: search.q, related: search.related };
  const pages = useCursorPages(filters);
  const list = useQuery(outboxQuery(filters, pages.cursor));
  const delivers = list.data?.delivers;
  const filtered = Boolean(search.status || search.q || search.related);

  return (
    <section>
      <PageHeading title="Sent mail">Every e-mail the site wrote: invoices, proposals, reminders and notices to the office, newest first.</PageHeading>
      {delivers === false && (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100" data-testid="delivery-mode">
          No mail server is set up (SMTP_URL), so these e-mails are kept here and not delivered. Open one to read it and its links; forward it yourself if needed.
        </p>
      )}
      {delivers === true && (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300" data-testid="delivery-mode">
          Delivered through your mail server. Queued mail is retried automatically for about two days; a failed one can be sent again.
        </p>
      )}
      <SearchForm query={search.q ?? ''} placeholder="Recipient, subject, INV-… or PRO-…" onSearch={(q) => onSearch({ q: q || undefined })}>
        <FilterSelect
          label="Status"
          value={search.status ?? ''}
          options={OUTBOX_STATUSES}
          labels={STATUS_LABELS}
          allLabel="All"
          onChange={(v) => onSearch({ status: v || undefined })}
        />
      </SearchForm>
      {search.related && (
        <p className="mb-3 text-sm">
          Only mail about one record.{' '}
          <button type="button" className="underline" onClick={() => onSearch({ related: undefined })}>
            Show all mail
          </button>
        </p>
      )}
      <DataTable
        label="Sent mail"
        columns={COLUMNS}
        list={{ ...list, data: list.data ? { items: list.data.mails } : undefined }}
        loadingText="Loading mail…"
        emptyText="No mail."
        empty={
          filtered ? (
            <EmptyState title="No mail matches.">Clear the search or the status filter.</EmptyState>
          ) : (
            <EmptyState title="No mail yet.">E-mails appear here when an invoice or proposal is sent, a reminder goes out, or a visitor asks for a quote.</EmptyState>
          )
        }
        onOpen={(id) => onSearch({ mail: id })}
        rowData={(m) => ({ 'data-mail-id': m.id })}
        footer={<CursorPager pages={pages} nextCursor={list.data?.nextCursor} />}
      />
      {search.mail && <MailPanel key={search.mail} id={search.mail} delivers={delivers ?? false} onClose={() => onSearch({ mail: undefined })} onRelated={(id) => onSearch({ related: id, mail: undefined })} />}
    </section>
  );
}

/** The links a mail carried, in order, each once. */
const linksIn = (text: string): string[] => [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];

function kb(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024).toLocaleString()} KB`;
}

function MailPanel(props: { id: string; delivers: boolean; onClose: () => void; onRelated: (id: string) => void }) {
  const mail = useQuery(outboxMailQuery(props.id));
  const retry = useRetryMail();
  const m = retry.data?.id === props.id ? retry.data : mail.data;
  return (
    <SidePanel onClose={props.onClose} width="max-w-2xl" labelledBy="mail-subject">
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id="mail-subject" className="min-w-0 text-lg font-semibold break-words">
          {m?.subject ?? 'Mail'}
        </h2>
        <Button variant="secondary" size="sm" onClick={props.onClose}>
          Close
        </Button>
      </div>
      {mail.isPending ? (
        <p role="status">Loading the mail…</p>
      ) : mail.isError || !m ? (
        <p role="alert" className="text-red-700">
          {mail.error?.message ?? 'This mail could not be loaded.'}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">To</dt>
            <dd className="break-all">{m.to}</dd>
            {m.replyTo && (
              <>
                <dt className="font-medium">Reply-To</dt>
                <dd className="break-all">{m.replyTo}</dd>
              </>
            )}
            <dt className="font-medium">Kind</dt>
            <dd>{MAIL_KINDS[m.kind]}</dd>
            <dt className="font-medium">Written</dt>
            <dd>{formatDateTime(m.sentAt)}</dd>
            <dt className="font-medium">Status</dt>
            <dd>
              <StatusChip mail={m} />
              <span className="ml-2">
                {m.status === 'sent' && m.deliveredAt ? `Delivered ${formatDateTime(m.deliveredAt)}` : ''}
                {heldUntil(m) ? `Goes out ${formatDateTime(heldUntil(m)!)}` : m.status === 'queued' && m.nextAttemptAt ? `Next attempt ${formatDateTime(m.nextAttemptAt)}` : ''}
                {m.status === 'kept' ? 'Not e-mailed: no mail server is set up.' : ''}
              </span>
              {m.attempts > 0 && <span className="ml-2 text-slate-600 dark:text-slate-400">({m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`})</span>}
            </dd>
            {m.lastError && m.status !== 'sent' && (
              <>
                <dt className="font-medium">Reason</dt>
                <dd className="break-words text-red-800 dark:text-red-300" data-testid="mail-error">
                  {m.lastError}
                </dd>
              </>
            )}
            {m.about.length > 0 && (
              <>
                <dt className="font-medium">About</dt>
                <dd className="flex flex-wrap gap-x-3 gap-y-1">
                  {m.about.map((a) => (
                    <span key={`${a.type}:${a.id}`} className="min-w-0 break-words">
                      {ABOUT_TYPE[a.type]}{' '}
                      <a className="text-blue-700 underline dark:text-blue-300" href={recordHref(a.type, a.id)}>
                        {a.label}
                      </a>{' '}
                      <button type="button" className="text-xs text-slate-600 underline dark:text-slate-400" onClick={() => props.onRelated(a.id)}>
                        all its mail
                      </button>
                    </span>
                  ))}
                </dd>
              </>
            )}
            {m.attachments && m.attachments.length > 0 && (
              <>
                <dt className="font-medium">Attached</dt>
                <dd>
                  <ul data-testid="mail-attachments">
                    {m.attachments.map((a) => (
                      <li key={a.filename} className="break-all">
                        {a.filename} <span className="text-slate-600 dark:text-slate-400">({kb(a.size)})</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
          {m.retryable && props.delivers && (m.status === 'failed' || m.status === 'queued') && (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button disabled={retry.isPending} onClick={() => retry.mutate(m.id)}>
                {retry.isPending ? 'Sending…' : 'Send again now'}
              </Button>
            </div>
          )}
          {!m.retryable && m.status === 'failed' && (
            <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">The person sending it was told it failed; send it again from {m.about[0]?.label ?? 'its record'}.</p>
          )}
          {retry.error && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {retry.error.message}
            </p>
          )}
          {linksIn(m.text).length > 0 && (
            <section className="mt-5" aria-label="Links in the mail">
              <h3 className="text-sm font-semibold">Links in the mail</h3>
              <ul className="mt-1 text-sm">
                {linksIn(m.text).map((u) => (
                  <li key={u} className="break-all">
                    <a className="text-blue-700 underline dark:text-blue-300" href={u} target="_blank" rel="noreferrer">
                      {u}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="mt-5" aria-label="Message">
            <h3 className="text-sm font-semibold">Message</h3>
            <pre className="mt-1 rounded-lg border border-slate-200 bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap break-words dark:border-slate-800 dark:bg-slate-900" data-testid="mail-text">
              {m.text}
            </pre>
          </section>
        </>
      )}
    </SidePanel>
  );
}
