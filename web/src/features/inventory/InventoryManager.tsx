import { useState } from 'react';
import { Download, Plus } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { ItemsTable } from './ItemsTable.tsx';
import { itemFilters } from './queries.ts';
import { ItemDetail } from './ItemDetail.tsx';
import { ItemForm } from './ItemForm.tsx';
import { LowStockPanel } from './LowStockPanel.tsx';
import { useCan } from '../auth/session.ts';
import type { SearchPatch } from '#lib/search-params.ts';
import { Button, buttonStyle } from '#ui/Button.tsx';
import { CreatePanel } from '#ui/Section.tsx';

export interface InventorySearch {
  tab?: 'low-stock';
  q?: string;
  category?: string;
  low?: boolean;
  sort?: string;
  dir?: 'desc';
  item?: string;
}

export type InventorySearchPatch = SearchPatch<InventorySearch>;

const tabClass = (active: boolean) =>
  `border-b-2 px-4 py-2 text-sm font-medium ${active ? 'border-blue-700 text-blue-700 dark:border-blue-400 dark:text-blue-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400'}`;

/** /admin/inventory: the items table, the low-stock tab, and the item drawer. */
export function InventoryManager(props: { search: InventorySearch; onSearch: (next: InventorySearchPatch) => void }) {
  const { search, onSearch } = props;
  const canEdit = useCan('editInventory');
  const [creating, setCreating] = useState(false);
  const filters = itemFilters(search);
  const open = (id: string) => onSearch({ item: id });

  return (
    <section>
      <PageHeading title="Inventory manager">Stock on hand, reserved and available; every change recorded with who and why.</PageHeading>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" aria-label="Inventory views" className="flex border-b border-slate-200 dark:border-slate-800">
          <button type="button" role="tab" aria-selected={search.tab !== 'low-stock'} className={tabClass(search.tab !== 'low-stock')} onClick={() => onSearch({ tab: undefined })}>
            Items
          </button>
          <button type="button" role="tab" aria-selected={search.tab === 'low-stock'} className={tabClass(search.tab === 'low-stock')} onClick={() => onSearch({ tab: 'low-stock' })}>
            Low stock &amp; reorder
          </button>
        </div>
        <div className="flex gap-2">
          <a href="/api/inventory/export.csv" className={`${buttonStyle('secondary')} inline-flex items-center gap-1`} download>
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
          {canEdit && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="h-4 w-4" /> New item
            </Button>
          )}
        </div>
      </div>
      {creating && canEdit && (
        <CreatePanel title="New item" onClose={() => setCreating(false)} onCreated={open}>
          {(done) => <ItemForm item={null} onDone={done} />}
        </CreatePanel>
      )}
      {search.tab === 'low-stock' ? (
        <LowStockPanel onOpen={open} />
      ) : (
        <ItemsTable
          filters={filters}
          onOpen={open}
          onFilters={(f) =>
            onSearch({
              ...('q' in f ? { q: f.q || undefined } : {}),
              ...('category' in f ? { category: f.category } : {}),
              ...('low' in f ? { low: f.low || undefined } : {}),
              ...('sort' in f ? { sort: f.sort } : {}),
              ...('dir' in f ? { dir: f.dir === 'desc' ? 'desc' : undefined } : {}),
            })
          }
        />
      )}
      {search.item && <ItemDetail key={search.item} id={search.item} canEdit={canEdit} onClose={() => onSearch({ item: undefined })} />}
    </section>
  );
}
