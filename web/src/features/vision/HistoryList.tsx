import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { VisionAnalysisDto } from '#contracts/vision.ts';
import { RELEVANT_CLASSES } from '#domain/vision/coco-classes.ts';
import { LinkFields, type LinkValues } from './LinkFields.tsx';
import { historyQuery, type HistoryFilters } from './vision-api.ts';
import { formatDateTime } from '#ui/dates.ts';

const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900';

/** Saved analyses, newest first, with filters; choosing one opens it in the results view. */
export function HistoryList(props: { onOpen: (a: VisionAnalysisDto) => void; selectedId: string | null }) {
  const [draft, setDraft] = useState<{ links: LinkValues; label: string; fromDate: string; toDate: string }>({ links: {}, label: '', fromDate: '', toDate: '' });
  const [filters, setFilters] = useState<HistoryFilters>({});
  const history = useInfiniteQuery(historyQuery(filters));
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const names: Record<string, string> = Object.assign({}, ...(history.data?.pages.map((p) => p.names ?? {}) ?? []));

  return (
    <section aria-labelledby="history-heading" className="grid gap-4">
      <h2 id="history-heading" className="text-xl font-semibold">
        History
      </h2>
      <form
        role="search"
        aria-label="Search analyses"
        className="grid gap-3 rounded-md border border-slate-200 p-4 dark:border-slate-700"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ ...draft.links, label: draft.label || undefined, fromDate: draft.fromDate || undefined, toDate: draft.toDate || undefined });
        }}
      >
        <LinkFields idPrefix="history" value={draft.links} onChange={(links) => setDraft({ ...draft, links })} />
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor="history-label" className="block text-sm font-medium">
              Contains
            </label>
            <select id="history-label" className={inputClass} value={draft.label} onChange={(e) => setDraft({ ...draft, label: e.target.value })}>
              <option value="">Anything</option>
              {RELEVANT_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="history-from" className="block text-sm font-medium">
              From
            </label>
            <input id="history-from" type="date" className={inputClass} value={draft.fromDate} onChange={(e) => setDraft({ ...draft, fromDate: e.target.value })} />
          </div>
          <div>
            <label htmlFor="history-to" className="block text-sm font-medium">
              To
            </label>
            <input id="history-to" type="date" className={inputClass} value={draft.toDate} onChange={(e) => setDraft({ ...draft, toDate: e.target.value })} />
          </div>
        </div>
        <div className="flex gap-3">
          <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
            Search
          </button>
          <button
            type="button"
            className="rounded-md border border-slate-300 px-4 py-2 dark:border-slate-600"
            onClick={() => {
              setDraft({ links: {}, label: '', fromDate: '', toDate: '' });
              setFilters({});
            }}
          >
            Reset
          </button>
        </div>
      </form>

      {history.isPending && <p role="status">Loading the history…</p>}
      {history.isError && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {history.error.message}
        </p>
      )}
      {history.isSuccess && items.length === 0 && <p>No analyses match.</p>}
      <ul aria-label="Saved analyses" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((a) => {
          const people = a.detections.filter((d) => d.label === 'person' && d.score >= 0.3).length;
          const linked = linkedNames(a, names);
          return (
            <li key={a.id} className={`overflow-hidden rounded-md border ${props.selectedId === a.id ? 'border-blue-600' : 'border-slate-200 dark:border-slate-700'}`}>
              <button type="button" className="block w-full text-left" onClick={() => props.onOpen(a)} aria-label={`Open ${a.fileName}, ${formatDateTime(a.createdAt)}`}>
                <img src={a.imageUrl} alt="" loading="lazy" width={a.width} height={a.height} className="aspect-video w-full bg-slate-200 object-cover dark:bg-slate-800" />
                <span className="block p-2 text-sm">
                  <span className="block font-medium">{a.fileName}</span>
                  <span className="block text-slate-600 dark:text-slate-400">
                    {formatDateTime(a.createdAt)} · {people} {people === 1 ? 'person' : 'people'}
                    {a.labels.filter((l) => l !== 'person').length ? ` · ${a.labels.filter((l) => l !== 'person').join(', ')}` : ''}
                  </span>
                  {linked && <span className="block text-slate-600 dark:text-slate-400">{linked}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {history.hasNextPage && (
        <button type="button" className="justify-self-start rounded-md border border-slate-300 px-4 py-2 dark:border-slate-600" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
    </section>
  );
}

/** "Jane Smith · Main house (Jane Smith) · J-2026-014 · Front gate": what the analysis is linked to, by name. */
function linkedNames(a: VisionAnalysisDto, names: Readonly<Record<string, string>>): string {
  const ids = [a.clientId, a.siteId, a.jobId, a.contractId].filter((id): id is string => Boolean(id));
  return ids.map((id) => names[id] ?? 'a removed record').join(' · ');
}
