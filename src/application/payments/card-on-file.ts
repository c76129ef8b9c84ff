import { auditEntry, type Actor } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { CLIENT_ENTITY } from '../../domain/clients/client-audit.ts';
import { AUTO_PAY_NEEDS_CARD, CARD_CONSENT, cardExpiry, cardLabel, type CardOnFile, type CardOnFileStore, type StoredCard } from '../../domain/payments/card-on-file.ts';
import type { SavedCard } from '../../domain/payments/payment-provider.ts';
import type { PortalDirectory } from '../../domain/portal/portal-directory.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { CardOnFileView } from '../../contracts/card-on-file.ts';
import { ownedClient } from '../portal/portal-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { MAX_AUTO_PAY_ATTEMPTS, type AutoPayAttempt, type AutoPayAttemptStore } from '../../domain/payments/auto-pay-attempt.ts';
import { notPayableOnline } from '../../domain/payments/online-payment.ts';
import { linkActive } from '../../domain/shared/public-link.ts';
import { publicLink } from '../invoices/invoice-deps.ts';

/** Card on file (docs/payments.md): the payments' dependencies, the cards' store and the portal's ownership rule. */
export interface CardDeps extends PaymentDeps {
  cards: CardOnFileStore;
  directory: PortalDirectory;
  /** Auto-pay attempts: the declines still due are shown with the card. */
  attempts?: AutoPayAttemptStore;
}

export const NO_CARD_PROVIDER = 'Saving a card is not available: online payment is not set up. Pay your invoices through their links.';

const label = (c: StoredCard | null): string | null => (c ? `${cardLabel(c)}, exp ${cardExpiry(c)}` : null);

/** The switch as the audit trail keeps it (audit-vocabulary reads 'on'/'off'). */
const onOff = (on: boolean): 'on' | 'off' => (on ? 'on' : 'off');

const viewOf = async (deps: CardDeps, clientId: string, r: CardOnFile | null): Promise<CardOnFileView> => ({
  available: Boolean(deps.provider?.startCardSetup),
  card: r?.card ? { label: cardLabel(r.card), brand: r.card.brand, last4: r.card.last4, expiry: cardExpiry(r.card) } : null,
  autoPay: r?.autoPay ?? false,
  consent: CARD_CONSENT,
  declined: await declinedOf(deps, clientId),
});

/** Each invoice whose latest auto-pay attempt was declined and that is still due: what the customer (and the office) should act on. */
async function declinedOf(deps: CardDeps, clientId: string): Promise<CardOnFileView['declined']> {
  if (!deps.attempts) return [];
  const latest = new Map<string, AutoPayAttempt>();
  for (const a of await deps.attempts.listForClient(clientId, 40)) if (!latest.has(a.invoiceId)) latest.set(a.invoiceId, a);
  const out: CardOnFileView['declined'] = [];
  for (const a of latest.values()) {
    if (a.status !== 'failed') continue;
    const inv = await deps.invoices.get(a.invoiceId);
    if (!inv || notPayableOnline(inv)) continue;
    out.push({ invoiceId: inv.id, invoiceNumber: inv.number, payUrl: linkActive(inv) ? publicLink(deps, inv.publicToken) : null, balanceCents: inv.balanceCents, reason: a.reason ?? 'The payment did not go through.', attempts: a.attempt, of: MAX_AUTO_PAY_ATTEMPTS, nextAttemptAt: a.nextAttemptAt });
  }
  return out;
}

const cardChange = (actor: Actor, at: Date, clientId: string, action: string, from: StoredCard | null, to: StoredCard | null, autoPay?: { from: boolean; to: boolean }) =>
  auditEntry(actor, at, CLIENT_ENTITY, clientId, action, [{ field: 'card', from: label(from), to: label(to) }, ...(autoPay && autoPay.from !== autoPay.to ? [{ field: 'autoPay', from: onOff(autoPay.from), to: onOff(autoPay.to) }] : [])]);

function setupProvider(deps: CardDeps) {
  const p = deps.provider;
  if (!p?.startCardSetup || !p.savedCard || !p.removeCard) throw new DomainError('conflict', NO_CARD_PROVIDER);
  return { startCardSetup: p.startCardSetup.bind(p), savedCard: p.savedCard.bind(p), removeCard: p.removeCard.bind(p) };
}

/** The portal's card section for one of the caller's clients. */
export async function getMyCard(deps: CardDeps, auth: AuthState, clientId: string): Promise<CardOnFileView> {
  await ownedClient(deps, auth, clientId);
  return viewOf(deps, clientId, await deps.cards.get(clientId));
}

/** "Save a card for monitoring payments": the provider's page in setup mode (a customer made once per client). */
export async function startMyCardSetup(deps: CardDeps, auth: AuthState, clientId: string): Promise<{ url: string }> {
  const { email, client } = await ownedClient(deps, auth, clientId);
  const provider = setupProvider(deps);
  const current = await deps.cards.get(clientId);
  const back = `${deps.baseUrl}/portal?client=${encodeURIComponent(clientId)}`;
  const setup = await provider.startCardSetup({ customerId: current?.customerId ?? null, clientId, clientName: client.name, email, currency: deps.format.currency, successUrl: `${back}&card={CHECKOUT_SESSION_ID}`, cancelUrl: `${back}&card=cancelled` });
  if (setup.customerId !== current?.customerId) await deps.cards.update(clientId, (c) => ({ next: { ...c, customerId: c.customerId ?? setup.customerId }, audit: null }));
  return { url: setup.url };
}

/** Back from the provider's page: the card that session saved becomes the client's card on file (the previous one is detached). */
export async function confirmMyCard(deps: CardDeps, auth: AuthState, clientId: string, sessionId: string): Promise<CardOnFileView> {
  const { actor } = await ownedClient(deps, auth, clientId);
  const provider = setupProvider(deps);
  const current = await deps.cards.get(clientId);
  let saved: SavedCard | null = null;
  try {
    saved = await provider.savedCard(sessionId);
  } catch {
    saved = null;
  }
  // A session of another client's customer (or none at all) saves nothing here.
  if (!saved || !current?.customerId || saved.customerId !== current.customerId) throw new DomainError('conflict', 'No card was saved on that page. Try "Save a card for monitoring payments" again.');
  const card: StoredCard = { paymentMethodId: saved.paymentMethodId, brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear };
  const replaced: { card: StoredCard | null } = { card: null };
  const after = await deps.cards.update(clientId, (c) => {
    if (c.card?.paymentMethodId === card.paymentMethodId) return { next: c, audit: null };
    replaced.card = c.card;
    return { next: { ...c, card }, audit: cardChange(actor, deps.clock.now(), clientId, 'card-saved', c.card, card) };
  });
  if (replaced.card) await provider.removeCard(replaced.card.paymentMethodId).catch(() => undefined);
  return viewOf(deps, clientId, after);
}

/** Remove: the card is detached at the provider and forgotten here; auto-pay goes off with it. */
export async function removeMyCard(deps: CardDeps, auth: AuthState, clientId: string): Promise<CardOnFileView> {
  const { actor } = await ownedClient(deps, auth, clientId);
  const provider = setupProvider(deps);
  const current = await deps.cards.get(clientId);
  if (!current?.card) return viewOf(deps, clientId, current);
  await provider.removeCard(current.card.paymentMethodId);
  const after = await deps.cards.update(clientId, (c) => ({ next: { ...c, card: null, autoPay: false }, audit: c.card ? cardChange(actor, deps.clock.now(), clientId, 'card-removed', c.card, null, { from: c.autoPay, to: false }) : null }));
  return viewOf(deps, clientId, after);
}

async function existingClient(deps: CardDeps, clientId: string): Promise<void> {
  if (!(await deps.clients.getClient(clientId))) throw new DomainError('not-found', `No client ${clientId}.`);
}

/** The office's client record: "Card on file" and the auto-pay switch. */
export async function getClientCard(deps: CardDeps, auth: AuthState, clientId: string): Promise<CardOnFileView> {
  requireAccess(auth, 'viewClients');
  await existingClient(deps, clientId);
  return viewOf(deps, clientId, await deps.cards.get(clientId));
}

/** "Auto-pay monitoring invoices" on or off (editClients, audited); on needs a card on file. */
export async function setClientAutoPay(deps: CardDeps, auth: AuthState, clientId: string, autoPay: boolean): Promise<CardOnFileView> {
  const actor = requireAccess(auth, 'editClients');
  await existingClient(deps, clientId);
  if (autoPay && !(await deps.cards.get(clientId))?.card) throw new DomainError('validation', AUTO_PAY_NEEDS_CARD, { autoPay: [AUTO_PAY_NEEDS_CARD] });
  const after = await deps.cards.update(clientId, (c) => {
    if (autoPay && !c.card) throw new DomainError('validation', AUTO_PAY_NEEDS_CARD, { autoPay: [AUTO_PAY_NEEDS_CARD] });
    if (c.autoPay === autoPay) return { next: c, audit: null };
    return { next: { ...c, autoPay }, audit: auditEntry(actor, deps.clock.now(), CLIENT_ENTITY, clientId, autoPay ? 'auto-pay-on' : 'auto-pay-off', [{ field: 'autoPay', from: onOff(c.autoPay), to: onOff(autoPay) }]) };
  });
  return viewOf(deps, clientId, after);
}

/** For the billing run: the card to charge when the client is on auto-pay, else null. */
export async function autoPayCardOf(cards: CardOnFileStore, clientId: string): Promise<Pick<SavedCard, 'customerId' | 'paymentMethodId'> | null> {
  const r = await cards.get(clientId);
  return r?.autoPay && r.card && r.customerId ? { customerId: r.customerId, paymentMethodId: r.card.paymentMethodId } : null;
}
