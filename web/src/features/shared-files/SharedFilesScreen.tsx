import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Link2, Trash2, Upload } from 'lucide-react';
import type { SharedFileSort, SharedFileSummary } from '../../../../src/contracts/files.ts';
import { fileNameFromDisposition } from '../../../../src/domain/storage/stored-file.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { sessionQuery } from '../auth/session.ts';
import { copyText, FileLinks, type NewLink } from './FileLinks.tsx';
import { fileUrl, formatBytes, sharedFilesQuery, typeLabel, useCreateLink, useDeleteSharedFile } from './queries.ts';
import { buttonClass, dangerSmallButtonClass, inputClass, secondaryButtonClass, smallButtonClass } from './styles.ts';
import { UploadForm } from './UploadForm.tsx';

export interface SharedFilesSearch {
  q?: string;
  sort?: SharedFileSort;
  dir?: 'asc' | 'desc';
}
/** Keys set to undefined are removed from the URL. */
export type SharedFilesSearchPatch = { [K in keyof SharedFilesSearch]?: SharedFilesSearch[K] | undefined };

const PAGE_SIZE = 25;
const defaultDir = (sort: SharedFileSort) => (sort === 'name' ? 'asc' : 'desc');
const added = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function SortHeader(props: { label: string; sort: SharedFileSort; current: SharedFileSort; dir: 'asc' | 'desc'; onSort: (sort: SharedFileSort, dir: 'asc' | 'desc') => void; className?: string }) {
  const active = props.sort === props.current;
  const next = active ? (props.dir === 'asc' ? 'desc' : 'asc') : defaultDir(props.sort);
  return (
    <th scope="col" className={`px-3 py-2 font-semibold ${props.className ?? 'text-left'}`} aria-sort={active ? (props.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="inline-flex items-center gap-1" onClick={() => props.onSort(props.sort, next)}>
        {props.label}
        {!active ? <ArrowUpDown aria-hidden className="h-3 w-3 opacity-40" /> : props.dir === 'asc' ? <ArrowUp aria-hidden className="h-3 w-3" /> : <ArrowDown aria-hidden className="h-3 w-3" />}
      </button>
    </th>
  );
}

/**
 * /admin/files: company documents (manuals, certificates, templates). Every staff member lists
 * and downloads them; admins also upload, delete and hand out download links.
 */
export function SharedFilesScreen(props: { search: SharedFilesSearch; onSearch: (next: SharedFilesSearchPatch) => void }) {
  const { search, onSearch } = props;
  const session = useQuery(sessionQuery);
  const isAdmin = session.data?.state === 'admin';
  const sort = search.sort ?? 'created';
  const dir = search.dir ?? defaultDir(sort);
  const q = search.q ?? '';

  // A stack of cursors: index i holds the cursor that fetches page i; a new search starts over.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [listKey, setListKey] = useState(`${q}|${sort}|${dir}`);
  if (listKey !== `${q}|${sort}|${dir}`) {
    setListKey(`${q}|${sort}|${dir}`);
    setCursors([null]);
  }
  const page = cursors.length - 1;
  const list = useQuery(sharedFilesQuery({ search: q, sort, dir, cursor: cursors[page] ?? null, limit: PAGE_SIZE }));

  const [searchText, setSearchText] = useState(q);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [links, setLinks] = useState<{ file: SharedFileSummary; newLink: NewLink | null } | null>(null);
  const createLink = useCreateLink();
  const remove = useDeleteSharedFile();
  const columns = isAdmin ? 6 : 5;

  const copyNewLink = (file: SharedFileSummary) =>
    createLink.mutate(file.path, {
      onSuccess: async (link) => setLinks({ file, newLink: { url: link.url, copied: await copyText(link.url) } }),
      onError: (e) => setNotice(`Could not create a link for ${file.name}: ${e.message}`),
    });
  const deleteFile = (file: SharedFileSummary) => {
    if (!window.confirm(`Delete ${file.name}? Its download links stop working. This cannot be undone.`)) return;
    remove.mutate(file.path, {
      onSuccess: () => {
        setNotice(`${file.name} was deleted.`);
        if (links?.file.path === file.path) setLinks(null);
      },
      onError: (e) => setNotice(`Could not delete ${file.name}: ${e.message}`),
    });
  };

  return (
    <section>
      <PageHeading title="Shared files">Company documents for the whole team: manuals, certificates, templates.</PageHeading>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <form
          className="flex flex-wrap items-end gap-3"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            onSearch({ q: searchText.trim() || undefined });
          }}
        >
          <label className="flex flex-col text-sm">
            <span className="font-medium">Search by name</span>
            <input className={inputClass} type="search" value={searchText} maxLength={100} onChange={(e) => setSearchText(e.target.value)} placeholder="e.g. manual" />
          </label>
          <button type="submit" className={secondaryButtonClass}>
            Search
          </button>
        </form>
        {isAdmin && !uploading && (
          <button type="button" className={`${buttonClass} inline-flex items-center gap-1`} onClick={() => setUploading(true)}>
            <Upload aria-hidden className="h-4 w-4" /> Upload a file
          </button>
        )}
      </div>

      {uploading && isAdmin && (
        <section className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-labelledby="upload-heading">
          <h2 id="upload-heading" className="mb-3 text-lg font-semibold">
            Upload a file
          </h2>
          <UploadForm
            onDone={(saved) => {
              setUploading(false);
              if (saved) setNotice(`${fileNameFromDisposition(saved.contentDisposition ?? undefined) ?? 'The file'} was uploaded.`);
            }}
          />
        </section>
      )}
      <p role="status" className="mb-3 text-sm text-slate-700 empty:hidden dark:text-slate-300">
        {notice}
      </p>
      {links && isAdmin && <FileLinks key={`${links.file.path}|${links.newLink?.url ?? ''}`} file={links.file} newLink={links.newLink} onClose={() => setLinks(null)} />}

      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Shared files" aria-busy={list.isFetching}>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <SortHeader label="Name" sort="name" current={sort} dir={dir} onSort={(s, d) => onSearch({ sort: s, dir: d })} />
              <th scope="col" className="hidden px-3 py-2 text-left font-semibold sm:table-cell">
                Type
              </th>
              <SortHeader label="Size" sort="size" current={sort} dir={dir} onSort={(s, d) => onSearch({ sort: s, dir: d })} className="text-right" />
              <SortHeader label="Added" sort="created" current={sort} dir={dir} onSort={(s, d) => onSearch({ sort: s, dir: d })} />
              {isAdmin && (
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Links
                </th>
              )}
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {list.isPending ? (
              <tr>
                <td colSpan={columns} className="px-3 py-8 text-center text-slate-500" role="status">
                  Loading files…
                </td>
              </tr>
            ) : list.isError ? (
              <tr>
                <td colSpan={columns} className="px-3 py-8 text-center text-red-700 dark:text-red-400" role="alert">
                  {list.error.message}
                </td>
              </tr>
            ) : list.data.files.length === 0 ? (
              <tr>
                <td colSpan={columns} className="px-3 py-8 text-center text-slate-500">
                  {q ? `No files match “${q}”.` : isAdmin ? 'No shared files yet. Upload the first one.' : 'No shared files yet.'}
                </td>
              </tr>
            ) : (
              list.data.files.map((f) => (
                <tr key={f.path} data-path={f.path}>
                  <td className="px-3 py-2">
                    <span className="font-medium break-all">{f.name}</span>
                    <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{typeLabel(f.contentType)}</span>
                    {f.description && <span className="block text-xs text-slate-600 dark:text-slate-400">{f.description}</span>}
                  </td>
                  <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">{typeLabel(f.contentType)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatBytes(f.size)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={f.timeCreated}>{added.format(new Date(f.timeCreated))}</time>
                  </td>
                  {isAdmin && (
                    <td className="px-3 py-2 text-right tabular-nums">
                      {f.links ?? 0}
                    </td>
                  )}
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-2">
                      <a href={fileUrl(f.path)} download className={smallButtonClass} aria-label={`Download ${f.name}`}>
                        <Download aria-hidden className="h-4 w-4" /> Download
                      </a>
                      {isAdmin && (
                        <>
                          <button type="button" className={smallButtonClass} disabled={createLink.isPending} onClick={() => copyNewLink(f)} aria-label={`Copy a new link to ${f.name}`}>
                            <Link2 aria-hidden className="h-4 w-4" /> Copy link
                          </button>
                          <button type="button" className={smallButtonClass} onClick={() => setLinks({ file: f, newLink: null })} aria-label={`Manage links of ${f.name}`}>
                            Links…
                          </button>
                          <button type="button" className={dangerSmallButtonClass} disabled={remove.isPending} onClick={() => deleteFile(f)} aria-label={`Delete ${f.name}`}>
                            <Trash2 aria-hidden className="h-4 w-4" /> Delete
                          </button>
                        </>
                      )}
                    </span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="mt-3 flex items-center justify-between text-sm" aria-label="Pages">
        <span>
          Page {page + 1}
          {list.data ? ` · ${list.data.total} ${list.data.total === 1 ? 'file' : 'files'}` : ''}
        </span>
        <span className="flex gap-2">
          <button type="button" className={secondaryButtonClass} disabled={page === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </button>
          <button type="button" className={secondaryButtonClass} disabled={!list.data?.nextCursor} onClick={() => setCursors((c) => [...c, list.data?.nextCursor ?? null])}>
            Next
          </button>
        </span>
      </nav>
    </section>
  );
}
