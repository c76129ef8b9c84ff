import { draftInvoice, markSent, type DraftFields, type Invoice } from '../../../src/domain/invoices/invoice.ts';
import type { InvoiceLineInput } from '../../../src/domain/invoices/invoice-issuer.ts';
import { DEFAULT_MONEY } from '../../../src/domain/shared/money.ts';

let n = 0;
export const NOW = new Date('2026-11-20T15:00:00Z');
/** NOW's day with the default currency and locale (USD, en-US). */
export const CAL = { today: '2026-11-20', money: DEFAULT_MONEY };

export const aLine = (over: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({
  description: 'Door contact sensor',
  quantity: 2,
  unitPriceCents: 4_999,
  taxRateBp: 825,
  itemId: null,
  ...over,
});

export const draftFields = (over: Partial<DraftFields> = {}): DraftFields => ({
  title: 'Alarm install',
  notes: '',
  terms: 'net30',
  issueDate: '2026-11-20',
  lines: [aLine()],
  ...over,
});

export function aDraft(over: Partial<DraftFields> = {}, sequence = 1): Invoice {
  n += 1;
  return draftInvoice({
    id: `inv-${n}`,
    sequence,
    publicToken: `tok-${n}-abcdefghijklmnopqrstuvwxyz`,
    client: { id: 'client-1', name: 'Ada Byron', email: 'ada@example.com' },
    siteId: null,
    source: { kind: 'blank', id: null },
    fields: draftFields(over),
    now: NOW,
    calendar: CAL,
  });
}

export const aSentInvoice = (over: Partial<DraftFields> = {}, sequence = 1): Invoice => markSent(aDraft(over, sequence), NOW);
