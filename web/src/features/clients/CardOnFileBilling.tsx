import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardOnFileView } from '#contracts/card-on-file.ts';
import { apiFetch, ApiRequestError } from '#lib/api.ts';
import { DeclinedCardPayments } from '#ui/DeclinedCardPayments.tsx';
import { clientRelatedQuery } from './queries.ts';

const path = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

/**
 * The client record's billing part (docs/payments.md "Card on file"): the card the client saved
 * in their portal, masked, and the audited "Auto-pay monitoring invoices" switch (editClients),
 * which the server refuses without a card, at the field.
 */
export function CardOnFileBilling({ clientId, canEdit }: { clientId: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const key = ['clients', clientId, 'card'];
  const card = useQuery({ queryKey: key, queryFn: () => apiFetch<CardOnFileView>(`${path(clientId)}/card`) });
  const [error, setError] = useState<string | null>(null);
  // The value asked for while the server answers (then the server's): the switch moves at once.
  const [asked, setAsked] = useState<boolean | null>(null);
  if (!card.data) return null;
  const c = card.data;
  const toggle = async (autoPay: boolean) => {
    setError(null);
    setAsked(autoPay);
    try {
      queryClient.setQueryData(key, await apiFetch<CardOnFileView>(`${path(clientId)}/auto-pay`, { method: 'PUT', json: { autoPay } }));
      await queryClient.invalidateQueries({ queryKey: clientRelatedQuery(clientId).queryKey });
    } catch (e) {
      setError(e instanceof ApiRequestError ? (e.fields['autoPay']?.[0] ?? e.message) : e instanceof Error ? e.message : 'Could not change auto-pay.');
    } finally {
      setAsked(null);
    }
  };
  return (
    <div className="sm:col-span-2">
      <dt className="text-sm text-slate-500">Card on file</dt>
      <dd className="break-words">
        {c.card ? (
          <>
            {c.card.label} <span className="text-slate-500">(expires {c.card.expiry})</span>
          </>
        ) : c.available ? (
          'None. The client saves a card in their portal (Card for monitoring payments).'
        ) : (
          'None. Online payment is not set up.'
        )}
        <div className="mt-2">
          <DeclinedCardPayments declined={c.declined} audience="office" />
        </div>
        <div className="mt-2">
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              role="switch"
              checked={asked ?? c.autoPay}
              disabled={!canEdit || asked !== null}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'auto-pay-error' : undefined}
              onChange={(e) => void toggle(e.target.checked)}
              className="h-4 w-4"
            />
            <span>Auto-pay monitoring invoices</span>
          </label>
          {error && (
            <p id="auto-pay-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <p className="text-sm text-slate-500">{c.autoPay ? 'Each monitoring invoice is issued and charged to the card when the billing run makes it.' : 'Monitoring invoices are made as drafts and paid through their links.'}</p>
        </div>
      </dd>
    </div>
  );
}
