import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import type { CardOnFileView } from '#contracts/card-on-file.ts';
import { apiFetch } from '#lib/api.ts';
import { Button } from '#ui/Button.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { Section } from '#ui/Section.tsx';
import { DeclinedCardPayments } from '#ui/DeclinedCardPayments.tsx';
import { PORTAL_KEY } from './queries.ts';

const path = (clientId: string) => `/api/portal/clients/${encodeURIComponent(clientId)}/card`;
const cardQuery = (clientId: string) => ({ queryKey: [...PORTAL_KEY, 'card', clientId], queryFn: () => apiFetch<CardOnFileView>(path(clientId)) });

/** Back from the provider's page: `?card=<session>` (or `cancelled`), taken once and removed from the address. */
function takeCardReturn(): string | null {
  if (typeof window === 'undefined') return null;
  const params = new URLSearchParams(window.location.search);
  const session = params.get('card');
  if (!session) return null;
  params.delete('card');
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  return session;
}

const message = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong. Try again.');

/** "Card for monitoring payments" (docs/payments.md): save a card on the provider's page, see it masked, remove it. Absent without a provider. */
export function CardOnFile({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const card = useQuery(cardQuery(clientId));
  const [returned] = useState(takeCardReturn);
  const [note, setNote] = useState<string | null>(returned === 'cancelled' ? 'No card was saved.' : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'saving' | 'opening' | 'removing' | null>(returned && returned !== 'cancelled' ? 'saving' : null);
  const [confirming, setConfirming] = useState(false);
  const confirmed = useRef(false);
  const set = (view: CardOnFileView) => queryClient.setQueryData(cardQuery(clientId).queryKey, view);

  useEffect(() => {
    if (!returned || returned === 'cancelled' || confirmed.current) return;
    confirmed.current = true;
    apiFetch<CardOnFileView>(path(clientId), { method: 'POST', json: { session: returned } })
      .then((view) => {
        queryClient.setQueryData(cardQuery(clientId).queryKey, view);
        setNote(`Card saved: ${view.card?.label ?? ''}.`);
      })
      .catch((e: unknown) => setError(message(e)))
      .finally(() => setBusy(null));
  }, [returned, clientId, queryClient]);

  if (card.isError) return null;
  if (!card.data || !card.data.available) return null;
  const c = card.data.card;
  const open = async () => {
    setError(null);
    setBusy('opening');
    try {
      const { url } = await apiFetch<{ url: string }>(`${path(clientId)}/setup`, { method: 'POST', json: {} });
      window.location.assign(url);
    } catch (e) {
      setError(message(e));
      setBusy(null);
    }
  };
  const remove = async () => {
    setError(null);
    setBusy('removing');
    try {
      set(await apiFetch<CardOnFileView>(path(clientId), { method: 'DELETE' }));
      setConfirming(false);
      setNote('Card removed. Nothing more is charged to it.');
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Section title="Card for monitoring payments" icon={<CreditCard aria-hidden className="h-5 w-5" />}>
      <div className="space-y-3 break-words" aria-busy={busy !== null}>
        {note && (
          <p role="status" className="rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
            {note}
          </p>
        )}
        {error && <ErrorNote>{error}</ErrorNote>}
        <DeclinedCardPayments declined={card.data.declined} audience="customer" />
        {busy === 'saving' ? (
          <p role="status">Saving your card…</p>
        ) : c ? (
          <>
            <p className="text-lg text-slate-900 dark:text-white">
              <strong>{c.label}</strong> <span className="text-slate-600 dark:text-slate-400">· expires {c.expiry}</span>
            </p>
            <p className="text-slate-700 dark:text-slate-300">{card.data.consent}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{card.data.autoPay ? 'Automatic payment is on for your monitoring invoices.' : 'Automatic payment starts once our office switches it on for your account.'}</p>
            {confirming ? (
              <div role="group" aria-label="Remove card" className="rounded-md border border-red-200 p-3 dark:border-red-900">
                <p className="font-medium">Remove {c.label}? Monitoring invoices will no longer be charged to it; you pay them through their links.</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button variant="danger" disabled={busy !== null} onClick={() => void remove()}>
                    {busy === 'removing' ? 'Removing…' : 'Remove card'}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" disabled={busy !== null} onClick={() => void open()}>
                  Use another card
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  Remove…
                </Button>
              </div>
            )}
          </>
        ) : (
          <>
            <p className="text-slate-700 dark:text-slate-300">Save a card and we charge your monitoring invoices to it when they are issued. You enter the card on our payment provider&apos;s secure page; we never see or keep its number.</p>
            <Button disabled={busy !== null} onClick={() => void open()}>
              {busy === 'opening' ? 'Opening…' : 'Save a card for monitoring payments'}
            </Button>
          </>
        )}
      </div>
    </Section>
  );
}
