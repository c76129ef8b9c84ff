import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ItemListResponse, ItemViewResponse } from '#contracts/inventory.ts';
import { apiFetch } from '#lib/api.ts';
import { useMaterial } from './queries.ts';

const inputClass = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';

/**
 * Records stock used on the job: pick an inventory item, then the quantity — or, for a
 * serial-tracked item, tick the serial numbers in stock (one per unit). The server records it as
 * the inventory's own 'use' movement, so stock drops and the serials are tracked to this job.
 */
export function MaterialForm(props: { jobId: string; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [serials, setSerials] = useState<string[]>([]);
  const save = useMaterial(props.jobId);
  const items = useQuery({
    queryKey: ['inventory', 'items', 'job-picker', search],
    queryFn: ({ signal }) => apiFetch<ItemListResponse>(`/api/inventory/items?limit=10&search=${encodeURIComponent(search)}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const item = useQuery({
    queryKey: ['inventory', 'item', itemId],
    queryFn: ({ signal }) => apiFetch<ItemViewResponse>(`/api/inventory/items/${encodeURIComponent(itemId!)}`, { signal }),
    enabled: itemId !== null,
  });
  const chosen = item.data?.item;
  const inStock = (item.data?.serials ?? []).filter((s) => s.status === 'in-stock');
  const qty = chosen?.serialized ? serials.length : quantity;

  return (
    <form
      aria-label="Record material"
      className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        if (!itemId) return;
        save.mutate({ itemId, quantity: qty, serials: chosen?.serialized ? serials : [] }, { onSuccess: props.onDone });
      }}
    >
      <label className="block text-sm">
        Find an item
        <input className={`${inputClass} mt-1 block w-full`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="SKU or name" />
      </label>
      {items.isError && <p role="alert" className="text-sm text-red-700">{items.error.message}</p>}
      <label className="block text-sm">
        Item
        <select
          className={`${inputClass} mt-1 block w-full`}
          value={itemId ?? ''}
          onChange={(e) => {
            setItemId(e.target.value || null);
            setSerials([]);
            setQuantity(1);
          }}
        >
          <option value="">Choose…</option>
          {(items.data?.items ?? []).map((i) => (
            <option key={i.id} value={i.id}>
              {i.sku} — {i.name} ({i.available} available)
            </option>
          ))}
        </select>
      </label>
      {chosen && !chosen.serialized && (
        <label className="block text-sm">
          Quantity
          <input className={`${inputClass} mt-1 block w-32`} type="number" min={1} max={chosen.available} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} />
        </label>
      )}
      {chosen?.serialized && (
        <fieldset className="text-sm">
          <legend>Serial numbers installed</legend>
          {inStock.length === 0 && <p className="text-slate-500">No serials of this item are in stock.</p>}
          <div className="mt-1 flex flex-wrap gap-2">
            {inStock.map((s) => (
              <label key={s.id} className="inline-flex items-center gap-1 rounded border border-slate-200 px-2 py-1 font-mono dark:border-slate-700">
                <input
                  type="checkbox"
                  checked={serials.includes(s.serial)}
                  onChange={(e) => setSerials(e.target.checked ? [...serials, s.serial] : serials.filter((x) => x !== s.serial))}
                />
                {s.serial}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message} {Object.values((save.error as { fields?: Record<string, string[]> }).fields ?? {}).flat().join(' ')}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60" disabled={!chosen || qty < 1 || save.isPending}>
          {save.isPending ? 'Recording…' : `Record ${qty > 0 ? qty : ''} used`}
        </button>
        <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700" onClick={props.onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
