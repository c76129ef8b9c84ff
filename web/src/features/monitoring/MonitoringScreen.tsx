import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus, RefreshCw } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { ApiRequestError } from '#lib/api.ts';
import { sessionQuery, useCan } from '../auth/session.ts';
import { ContractsTable } from './ContractsTable.tsx';
import { ContractForm } from './ContractForm.tsx';
import { ContractDetail } from './ContractDetail.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { contractFilters, fetchBillingPreview, useRunBilling } from './queries.ts';
import { BillingPreviewPanel } from './BillingPreviewPanel.tsx';
import type { BillingPreview } from '#contracts/monitoring.ts';
import type { SearchPatch } from '#lib/search-params.ts';
import { Button } from '#ui/Button.tsx';
import { CreatePanel } from '#ui/Section.tsx';

export interface MonitoringSearch {
  q?: string;
  status?: string;
  sort?: string;
  dir?: 'asc';
  contract?: string;
}

export type MonitoringSearchPatch = SearchPatch<MonitoringSearch>;

/** /admin/monitoring: figures, the contract list, the contract drawer; edit controls only with editClients. */
export function MonitoringScreen(props: { search: MonitoringSearch; onSearch: (next: MonitoringSearchPatch) => void }) {
  const { search, onSearch } = props;
  const session = useQuery(sessionQuery);
  const canEdit = useCan('editClients');
  const isAdmin = session.data?.state === 'admin';
  const [creating, setCreating] = useState(false);
  const run = useRunBilling();
  const [preview, setPreview] = useState<BillingPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const filters = contractFilters(search);
  const open = (id: string) => onSearch({ contract: id });

  return (
    <section>
      <PageHeading title="Monitoring services">Alarm-monitoring contracts, their recurring revenue and their invoices.</PageHeading>
      <SummaryCards onOpen={open} />
      <div className="mb-4 flex flex-wrap justify-end gap-2">
        {isAdmin && (
          <Button
            variant="secondary"
            disabled={run.isPending}
            onClick={() => {
              setPreviewError(null);
              // More than one invoice (catch-up) is shown and asked first; one or none just runs.
              fetchBillingPreview(null).then(
                (p) => (p.count > 1 ? setPreview(p) : run.mutate()),
                (e: unknown) => setPreviewError(e instanceof ApiRequestError ? e.message : 'The billing preview failed.'),
              );
            }}
          >
            <RefreshCw aria-hidden className="h-4 w-4" /> {run.isPending ? 'Running billing…' : 'Run billing now'}
          </Button>
        )}
        {canEdit && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="h-4 w-4" /> New contract
          </Button>
        )}
      </div>
      {preview && (
          <div className="mb-4">
            <BillingPreviewPanel
              preview={preview}
              intro="Billing now creates"
              confirmLabel={`Create ${preview.count} invoice${preview.count === 1 ? '' : 's'}`}
              showContract
              busy={run.isPending}
              onConfirm={() => run.mutate(undefined, { onSettled: () => setPreview(null) })}
              onCancel={() => setPreview(null)}
            />
          </div>
      )}
      {previewError && (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {previewError}
        </p>
      )}
      {run.data && (
        <p role="status" className="mb-4 text-sm">
          Billing run: {run.data.created.length} invoice(s) created, {run.data.failed.length} failed, {run.data.markedPastDue.length} contract(s) marked past due.
        </p>
      )}
      {run.isError && (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {run.error instanceof ApiRequestError ? run.error.message : 'The billing run failed.'}
        </p>
      )}
      {creating && canEdit && (
        <CreatePanel title="New contract" onClose={() => setCreating(false)} onCreated={open}>
          {(done) => <ContractForm contract={null} onDone={done} />}
        </CreatePanel>
      )}
      <ContractsTable
        filters={filters}
        onOpen={open}
        onFilters={(f) =>
          onSearch({
            ...('q' in f ? { q: f.q || undefined } : {}),
            ...('status' in f ? { status: f.status } : {}),
            ...('sort' in f ? { sort: f.sort } : {}),
            ...('dir' in f ? { dir: f.dir === 'asc' ? 'asc' : undefined } : {}),
          })
        }
      />
      {search.contract && <ContractDetail key={search.contract} id={search.contract} isAdmin={isAdmin} onClose={() => onSearch({ contract: undefined })} />}
    </section>
  );
}
