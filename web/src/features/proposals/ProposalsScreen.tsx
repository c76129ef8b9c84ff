import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { useCan } from '../auth/session.ts';
import { ProposalDetail } from './ProposalDetail.tsx';
import { ProposalEditor } from './ProposalEditor.tsx';
import { ProposalList } from './ProposalList.tsx';
import { proposalFilters, proposalQuery } from './queries.ts';
import type { SearchPatch } from '#lib/search-params.ts';
import { Button } from '#ui/Button.tsx';

export interface ProposalsSearch {
  status?: string;
  q?: string;
  sort?: string;
  dir?: 'asc';
  open?: string;
  edit?: 'new' | 'open';
}
export type ProposalsSearchPatch = SearchPatch<ProposalsSearch>;

function EditExisting(props: { id: string; onDone: () => void }) {
  const q = useQuery(proposalQuery(props.id));
  if (q.isPending) return <p role="status">Loading proposal…</p>;
  if (q.isError) return <p role="alert">{q.error.message}</p>;
  return <ProposalEditor proposal={q.data} onDone={props.onDone} />;
}

/** /admin/proposals: list with status chips, the editor, and a proposal's detail. */
export function ProposalsScreen(props: { search: ProposalsSearch; onSearch: (next: ProposalsSearchPatch) => void }) {
  const { search, onSearch } = props;
  const canEdit = useCan('editProposals');
  const [editorKey, setEditorKey] = useState(0);
  const filters = proposalFilters(search);

  return (
    <section>
      <PageHeading title="Proposals">Good, better and best options sent to clients, accepted online and turned into jobs.</PageHeading>
      {canEdit && !search.edit && (
        <div className="mb-4 flex justify-end">
          <Button onClick={() => onSearch({ edit: 'new', open: undefined })}>
            <Plus aria-hidden className="h-4 w-4" /> New proposal
          </Button>
        </div>
      )}
      {canEdit && search.edit === 'new' && (
        <section className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label="New proposal">
          <h2 className="mb-3 text-lg font-semibold">New proposal</h2>
          <ProposalEditor
            key={editorKey}
            proposal={null}
            onDone={(saved) => {
              setEditorKey((k) => k + 1);
              onSearch({ edit: undefined, open: saved?.id });
            }}
          />
        </section>
      )}
      {canEdit && search.edit === 'open' && search.open && (
        <section className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label="Edit proposal">
          <h2 className="mb-3 text-lg font-semibold">Edit draft</h2>
          <EditExisting id={search.open} onDone={() => onSearch({ edit: undefined })} />
        </section>
      )}
      {search.open && search.edit !== 'open' && (
        <div className="mb-6">
          <ProposalDetail
            key={search.open}
            id={search.open}
            canEdit={canEdit}
            onEdit={() => onSearch({ edit: 'open' })}
            onOpen={(id) => onSearch({ open: id })}
            onClose={() => onSearch({ open: undefined })}
          />
        </div>
      )}
      <ProposalList
        filters={filters}
        onOpen={(id) => onSearch({ open: id, edit: undefined })}
        onFilters={(f) =>
          onSearch({
            ...('status' in f ? { status: f.status } : {}),
            ...('q' in f ? { q: f.q || undefined } : {}),
            ...('sort' in f ? { sort: f.sort === 'createdAt' ? undefined : f.sort } : {}),
            ...('dir' in f ? { dir: f.dir === 'asc' ? 'asc' : undefined } : {}),
          })
        }
      />
    </section>
  );
}
