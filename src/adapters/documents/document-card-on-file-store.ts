import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { emptyCardOnFile, type CardOnFile, type CardOnFileStore } from '../../domain/payments/card-on-file.ts';
import { writeAuditEntry } from './document-audit-log.ts';

/** Cards on file, one document per client (id = the client's id); see docs/payments.md. */
export const CLIENT_CARDS = 'client_cards';

type CardDoc = Omit<CardOnFile, 'clientId'>;

const fromDoc = (d: StoredDocument<CardDoc>): CardOnFile => ({
  clientId: d.id,
  customerId: d.customerId ?? null,
  card: d.card ? { paymentMethodId: d.card.paymentMethodId, brand: d.card.brand, last4: d.card.last4, expMonth: d.card.expMonth, expYear: d.card.expYear } : null,
  autoPay: d.autoPay === true,
});

export class DocumentCardOnFileStore implements CardOnFileStore {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async get(clientId: string): Promise<CardOnFile | null> {
    const d = await this.store.collection<CardDoc>(CLIENT_CARDS).get(clientId);
    return d ? fromDoc(d) : null;
  }

  update(clientId: string, change: Parameters<CardOnFileStore['update']>[1]): Promise<CardOnFile> {
    return this.store.runTransaction(async (tx) => {
      const d = await tx.get<CardDoc>(CLIENT_CARDS, clientId);
      const { next, audit } = change(d ? fromDoc(d) : emptyCardOnFile(clientId));
      tx.set(CLIENT_CARDS, clientId, { customerId: next.customerId, card: next.card ? { ...next.card } : null, autoPay: next.autoPay });
      if (audit) writeAuditEntry(tx, audit);
      return next;
    });
  }
}
