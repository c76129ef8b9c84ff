import { useState } from 'react';
import { formatDateTime } from '#ui/dates.ts';
import { useQuery } from '@tanstack/react-query';
import { Download, Link2, Trash2, Upload } from 'lucide-react';
import type { SharedFileSort, SharedFileSummary } from '#contracts/files.ts';
import { fileNameFromDisposition } from '#domain/storage/stored-file.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { sessionQuery } from '../auth/session.ts';
import { copyText, FileLinks, type NewLink } from './FileLinks.tsx';
import { fileUrl, formatBytes, sharedFilesPageQuery, sharedFilesView, typeLabel, useCreateLink, useDeleteSharedFile } from './queries.ts';
import { inputClass } from '#ui/styles.ts';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { CursorPager, useCursorPages } from '#ui/DataTable.tsx';
import { UploadForm } from './UploadForm.tsx';
import type { SearchPatch } from '#lib/search-params.ts';
import { Button, buttonStyle } from '#ui/Button.tsx';

export interface SharedFilesSearch {
  q?: string;
  sort?: SharedFileSort;
  dir?: 'asc' | 'desc';
}
export type SharedFilesSearchPatch = SearchPatch<SharedFilesSearch>;


/**
 * /admin/files: company documents (manuals, certificates, templates). Every staff member lists
 * and downloads them; admins also upload, delete and hand out download links.
 */
export function SharedFilesScreen(props: { search: SharedFilesSearch; onSearch: (next: SharedFilesSearchPatch) => void }) {
  const { search, onSearch } = props;
  const session = useQuery(sessionQuery);
  const isAdmin = session.data?.state === 'admin';
  const view = sharedFilesView(search);
  const { sort, dir, q } = view;

  // A new search or order starts over at the first page.
  const pages = useCursorPages({ q, sort, dir });
  const list = useQuery(sharedFilesPageQuery(view, pages.cursor));
  const rows = { ...list, data: list.data ? { items: list.data.files.map((f) => ({ ...f, id: f.path })) } : undefined };

  const [searchText, setSearchText] = useState(q);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [links, setLinks] = useState<{ file: SharedFileSummary; newLink: NewLink | null } | null>(null);
  const createLink = useCreateLink();
  const remove = useDeleteSharedFile();

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
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        {isAdmin && !uploading && (
          <Button onClick={() => setUploading(true)}>
            <Upload aria-hidden className="h-4 w-4" /> Upload a file
          </Button>
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

      <DataTable
        label="Shared files"
        columns={columns(isAdmin, {
          creatingLink: createLink.isPending,
          deleting: remove.isPending,
          copyNewLink,
          manageLinks: (file) => setLinks({ file, newLink: null }),
          deleteFile,
        })}
        list={rows}
        loadingText="Loading files…"
        emptyText={q ? `No files match “${q}”.` : isAdmin ? 'No shared files yet. Upload the first one.' : 'No shared files yet.'}
        rowData={(f) => ({ 'data-path': f.path })}
        sort={{ sort, dir }}
        onSort={(next) => onSearch({ sort: next.sort as SharedFileSort, dir: next.dir })}
      />
      <CursorPager pages={pages} nextCursor={list.data?.nextCursor} summary={list.data ? ` · ${list.data.total} ${list.data.total === 1 ? 'file' : 'files'}` : ''} />
    </section>
  );
}

interface RowActions {
  creatingLink: boolean;
  deleting: boolean;
  copyNewLink: (file: SharedFileSummary) => void;
  manageLinks: (file: SharedFileSummary) => void;
  deleteFile: (file: SharedFileSummary) => void;
}

/** The table's columns; admins also see the links count and the link and delete actions. */
function columns(isAdmin: boolean, act: RowActions): Column<SharedFileSummary & { id: string }>[] {
  const all: (Column<SharedFileSummary & { id: string }> | false)[] = [
    {
      id: 'name',
      label: 'Name',
      sortable: true,
      cell: (f) => (
        <>
          <span className="font-medium break-all">{f.name}</span>
          <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{typeLabel(f.contentType)}</span>
          {f.description && <span className="block text-xs text-slate-600 dark:text-slate-400">{f.description}</span>}
        </>
      ),
    },
    { id: 'type', label: 'Type', cell: (f) => typeLabel(f.contentType), className: 'hidden whitespace-nowrap sm:table-cell', headerClassName: 'hidden sm:table-cell' },
    { id: 'size', label: 'Size', sortable: true, numeric: true, descFirst: true, cell: (f) => formatBytes(f.size), className: 'whitespace-nowrap' },
    {
      id: 'created',
      label: 'Added',
      sortable: true,
      descFirst: true,
      cell: (f) => <time dateTime={f.timeCreated}>{formatDateTime(f.timeCreated)}</time>,
      className: 'whitespace-nowrap',
    },
    isAdmin && { id: 'links', label: 'Links', numeric: true, cell: (f) => f.links ?? 0 },
    {
      id: 'actions',
      label: 'Actions',
      labelHidden: true,
      cell: (f) => (
        <span className="flex flex-wrap gap-2">
          <a href={fileUrl(f.path)} download className={buttonStyle('secondary', 'sm')} aria-label={`Download ${f.name}`}>
            <Download aria-hidden className="h-4 w-4" /> Download
          </a>
          {isAdmin && (
            <>
              <Button variant="secondary" size="sm" disabled={act.creatingLink} onClick={() => act.copyNewLink(f)} aria-label={`Copy a new link to ${f.name}`}>
                <Link2 aria-hidden className="h-4 w-4" /> Copy link
              </Button>
              <Button variant="secondary" size="sm" onClick={() => act.manageLinks(f)} aria-label={`Manage links of ${f.name}`}>
                Links…
              </Button>
              <Button variant="danger" size="sm" disabled={act.deleting} onClick={() => act.deleteFile(f)} aria-label={`Delete ${f.name}`}>
                <Trash2 aria-hidden className="h-4 w-4" /> Delete
              </Button>
            </>
          )}
        </span>
      ),
    },
  ];
  return all.filter((c): c is Column<SharedFileSummary & { id: string }> => c !== false);
}
