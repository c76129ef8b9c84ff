import { useState } from 'react';
import { Plus } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { useCan } from '../auth/session.ts';
import { InvoiceDetail } from './InvoiceDetail.tsx';
import { InvoiceEditor } from './InvoiceEditor.tsx';
import { InvoiceList } from './InvoiceList.tsx';
import { invoiceFilters } from './queries.ts';
import type { SearchPatch } from '#lib/search-params.ts';
import { Button } from '#ui/Button.tsx';
import { CreatePanel } from '#ui/Section.tsx';

export interface InvoiceSearch {
  q?: string;
  status?: string;
  overdue?: boolean;
  sort?: string;
  dir?: 'asc';
  invoice?: string;
}
export type InvoiceSearchPatch = SearchPatch<InvoiceSearch>;

/** /admin/invoices: the list, the editor for a new invoice, and the open invoice. */
export function InvoiceManager(props: { search: InvoiceSearch; onSearch: (next: InvoiceSearchPatch) => void }) {
  const { search, onSearch } = props;
  const canEdit = useCan('editInvoices');
  const [creating, setCreating] = useState(false);
  const filters = invoiceFilters(search);
  const open = (id: string) => onSearch({ invoice: id });

  return (
    <section>
      <PageHeading title="Invoice manager">Invoices, payments and credit notes; every change recorded with who and when.</PageHeading>
      <div className="mb-4 flex justify-end">
        {canEdit && !creating && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="h-4 w-4" /> New invoice
          </Button>
        )}
      </div>
      {creating && canEdit && (
        <CreatePanel title="New invoice" onClose={() => setCreating(false)} onCreated={open}>
          {(done) => <InvoiceEditor invoice={null} onDone={done} />}
        </CreatePanel>
      )}
      {search.invoice && <InvoiceDetail key={search.invoice} id={search.invoice} onOpen={open} onClose={() => onSearch({ invoice: undefined })} />}
      <div className="mt-6">
        <InvoiceList
          filters={filters}
          onOpen={open}
          onFilters={(f) =>
            onSearch({
              ...('q' in f ? { q: f.q || undefined } : {}),
              ...('status' in f ? { status: f.status } : {}),
              ...('overdue' in f ? { overdue: f.overdue || undefined } : {}),
              ...('sort' in f ? { sort: f.sort } : {}),
              ...('dir' in f ? { dir: f.dir === 'asc' ? 'asc' : undefined } : {}),
            })
          }
        />
      </div>
    </section>
  );
}
