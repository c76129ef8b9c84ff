import { useSyncExternalStore } from 'react';
import { DEFAULT_MONEY, amountLimitProblem, currencySymbol, formatMoney, formatRateBp, parseMoney, percentToBp, type MoneySettings, type ParseOptions, type ParsedAmount } from '#domain/shared/money.ts';

/**
 * The SPA's money formatting: the domain's money module (src/domain/shared/money.ts) with the
 * server's currency and locale (CURRENCY, LOCALE), which arrive with the site settings
 * (`/api/site`, loaded by the shell on every page, the public /p/ and /i/ pages included).
 * Until they arrive the defaults (USD, en-US) apply; a screen that shows money calls
 * `useMoneySettings()` so it renders again when they change.
 */
let current: MoneySettings = DEFAULT_MONEY;
const listeners = new Set<() => void>();

export function setMoneySettings(next: MoneySettings | undefined): void {
  if (!next || (next.currency === current.currency && next.locale === current.locale)) return;
  current = { currency: next.currency, locale: next.locale };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The configured currency and locale; re-renders the caller when they arrive. */
export function useMoneySettings(): MoneySettings {
  return useSyncExternalStore(subscribe, () => current, () => DEFAULT_MONEY);
}

/** The configured currency's symbol for form labels ("Amount ($)"); re-renders the caller when it arrives. */
export const useCurrencySymbol = (): string => currencySymbol(useMoneySettings());

/** Cents in the configured currency and locale: "$1,234.56". */
export const formatCents = (cents: number): string => formatMoney(cents, current);

/** A tax rate in basis points: "8.25 %". */
export const formatRate = (bp: number): string => formatRateBp(bp, current.locale);

/** What a person typed as an amount ("1,000.50", "$12"), in cents, or the message to show. */
export const parseAmount = (text: string, options?: ParseOptions): ParsedAmount => parseMoney(text, current, options);

/**
 * What is wrong with an amount typed in a form's Amount field, in the server's words, or null: not
 * an amount ("abc"), not above zero, or more than `most` (`mostIs` names it: "the balance due").
 * Every amount form with a limit checks with this; the server checks again with the same words.
 */
export function amountProblem(text: string, most: number, mostIs: string): string | null {
  const parsed = parseAmount(text);
  if (!parsed.ok) return `Amount: ${parsed.error}`;
  return amountLimitProblem(parsed.cents, most, mostIs, formatCents);
}

/** Typed text → cents, NaN when it is not an amount (for live totals and refinements). */
export function toCents(text: string, options?: ParseOptions): number {
  const parsed = parseAmount(text, options);
  return parsed.ok ? parsed.cents : Number.NaN;
}

/** A typed percentage ("8.25", "6.25%") in basis points; NaN unless 0–100 with two decimals at most (the domain's one parser). */
export const toBp = percentToBp;
