/**
 * What the customer may pay online (docs/payments.md): the balance due of a sent invoice, in full
 * or in part, never more and never zero. The amount is what the person typed ("$1,000.00"), read
 * by the money module, and every message names the field and writes money as the locale does.
 */
import type { Invoice } from '../invoices/invoice.ts';
import { DomainError } from '../shared/domain-error.ts';
import { amountLimitProblem, formatMoney, parseMoney, type MoneySettings } from '../shared/money.ts';

/** Why this invoice takes no online payment now, in the customer's words; null when it does. */
export function notPayableOnline(inv: Pick<Invoice, 'kind' | 'status' | 'number' | 'balanceCents'>): string | null {
  if (inv.kind !== 'invoice') return 'A credit note is not paid; nothing is owed on it.';
  if (inv.status === 'void') return `${inv.number} is void; nothing is owed on it.`;
  if (inv.status === 'draft') return `${inv.number} has not been issued yet.`;
  if (inv.balanceCents <= 0) return `${inv.number} is paid in full. Thank you.`;
  return null;
}

/**
 * The amount to charge: the whole balance when `typed` is absent, else what was typed, at most
 * the balance and above zero. Throws a validation error on the field `amount`.
 */
export function amountToPay(inv: Pick<Invoice, 'kind' | 'status' | 'number' | 'balanceCents'>, typed: string | undefined, money: MoneySettings): number {
  const closed = notPayableOnline(inv);
  if (closed) throw new DomainError('conflict', closed);
  return typed === undefined ? inv.balanceCents : typedAmount(typed, inv.balanceCents, 'the balance due', money);
}

/** An amount typed in the field `amount`, above zero and at most `most` (`mostIs` says what that is); else a validation error. */
export function typedAmount(typed: string, most: number, mostIs: string, money: MoneySettings): number {
  const parsed = parseMoney(typed, money);
  const fail = (message: string) => new DomainError('validation', message, { amount: [message] });
  if (!parsed.ok) throw fail(`Amount: ${parsed.error}`);
  const problem = amountLimitProblem(parsed.cents, most, mostIs, (c) => formatMoney(c, money));
  if (problem) throw fail(problem);
  return parsed.cents;
}
