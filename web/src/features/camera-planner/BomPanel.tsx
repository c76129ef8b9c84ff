import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CameraPlanDto } from '#contracts/camera-plans.ts';
import { apiFetch } from '#lib/api.ts';
import { formatCents, useMoneySettings } from '#ui/money.ts';
import { bomQuery } from './queries.ts';

/** The saved plan's bill of materials, and the button that turns it into a proposal draft. */
export function BomPanel(props: { plan: CameraPlanDto; version: number; dirty: boolean; canEdit: boolean }) {
  useMoneySettings();
  const { plan, version } = props;
  const bom = useQuery(bomQuery(plan.id, version));
  const [created, setCreated] = useState<{ id: string; number: string } | null>(null);
  const create = useMutation({
    mutationFn: () =>
      apiFetch<{ id: string; number: string }>('/api/proposals/from-bom', {
        method: 'POST',
        json: {
          clientId: plan.clientId,
          siteId: plan.siteId,
          cameraPlanId: plan.id,
          // Proposal lines (src/contracts/proposals.ts): inventory models are items, the rest labour.
          lines: (bom.data?.lines ?? []).map((l) => ({
            kind: l.itemId === null ? 'labour' : 'item',
            description: l.description,
            quantity: l.qty,
            unitPriceCents: l.unitPriceCents,
            taxRateBp: l.taxRateBp,
            itemId: l.itemId,
          })),
        },
      }),
    onSuccess: (r) => setCreated(r),
  });
  if (bom.isPending) return <p className="text-sm text-slate-600">Loading the bill of materials…</p>;
  if (bom.isError) return <p role="alert" className="text-sm text-red-700">{bom.error.message}</p>;
  const { lines, totalCents } = bom.data;
  return (
    <div data-testid="bom">
      {props.dirty && <p className="mb-2 text-xs text-amber-800 dark:text-amber-300">Save the plan to update the bill of materials.</p>}
      {lines.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Place cameras to build the bill of materials.</p>
      ) : (
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Bill of materials</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1">
                Item
              </th>
              <th scope="col" className="text-right">
                Qty
              </th>
              <th scope="col" className="text-right">
                Unit
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.itemId ?? ''}${l.description}`} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-2">{l.description}</td>
                <td className="text-right tabular-nums">{l.qty}</td>
                <td className="text-right tabular-nums">{formatCents(l.unitPriceCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="py-1 text-right">
                Total before tax
              </th>
              <td className="text-right font-semibold tabular-nums">{formatCents(totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {props.canEdit && (
        <button
          type="button"
          className="mt-3 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          disabled={lines.length === 0 || props.dirty || create.isPending}
          onClick={() => create.mutate()}
        >
          {create.isPending ? 'Creating…' : 'Create proposal'}
        </button>
      )}
      {create.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          Could not create the proposal: {create.error.message}
        </p>
      )}
      {created && (
        <p role="status" className="mt-2 text-sm text-green-800 dark:text-green-300">
          Proposal draft {created.number} created.{' '}
          <Link className="underline" to="/admin/proposals" search={{ open: created.id }}>
            Open {created.number}
          </Link>
        </p>
      )}
    </div>
  );
}
