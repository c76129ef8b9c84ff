/**
 * A client's card on file (docs/payments.md "Card on file and automatic payment"): the payment
 * provider's customer and saved card, kept as they may be shown (brand, last four digits,
 * expiry; never the number), and the office's "Auto-pay monitoring invoices" switch. One record
 * per client, kept beside the client record (its own collection), so a card change never races a
 * client edit.
 */
import type { NewAuditEntry } from '../audit/audit-entry.ts';
import type { SavedCard } from './payment-provider.ts';

export type StoredCard = Omit<SavedCard, 'customerId'>;

export interface CardOnFile {
  clientId: string;
  /** The provider's customer made for this client; kept when the card is removed, reused for the next one. */
  customerId: string | null;
  card: StoredCard | null;
  /** The office's switch: charge monitoring invoices to the card when they are issued. */
  autoPay: boolean;
}

export interface CardOnFileStore {
  get(clientId: string): Promise<CardOnFile | null>;
  /** Reads the current record (or an empty one), writes what `change` makes of it with its audit entry, in one transaction. */
  update(clientId: string, change: (current: CardOnFile) => { next: CardOnFile; audit: NewAuditEntry | null }): Promise<CardOnFile>;
}

export const emptyCardOnFile = (clientId: string): CardOnFile => ({ clientId, customerId: null, card: null, autoPay: false });

const BRANDS: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay' };

/** "Visa •••• 4242". */
export const cardLabel = (c: Pick<StoredCard, 'brand' | 'last4'>): string => `${BRANDS[c.brand] ?? (c.brand ? c.brand[0]!.toUpperCase() + c.brand.slice(1) : 'Card')} •••• ${c.last4}`;

/** "12/2030". */
export const cardExpiry = (c: Pick<StoredCard, 'expMonth' | 'expYear'>): string => `${String(c.expMonth).padStart(2, '0')}/${c.expYear}`;

/** What the consent under the saved card says, once for the portal and the docs. */
export const CARD_CONSENT = 'We charge this card for your monitoring invoices when they are issued. You can remove it any time.';

export const AUTO_PAY_NEEDS_CARD = 'Auto-pay monitoring invoices: the client has no card on file. Ask the client to save a card in their portal first.';
