/**
 * Money, once for the whole product (docs/money.md): proposals, invoices, credit notes, tax
 * reports, monitoring fees, reminders' late fees, the PDFs and mails and the SPA all use this file.
 *
 * - Amounts are integer cents in one currency; the currency (ISO 4217) and the locale that formats
 *   it (BCP 47) come from configuration (`CURRENCY`, `LOCALE`) as `MoneySettings`, never constants.
 * - Tax rates are basis points (825 = 8.25 %); quantities carry at most three decimals and are
 *   multiplied as thousandths (proposals allow two decimals, a subset, so they price identically).
 * - Every product that may leave the safe integer range (quantity × price, amount × rate, amount ×
 *   share) is computed in BigInt and rounded once, **half away from zero**: 2.5 ¢ → 3 ¢ and
 *   −2.5 ¢ → −3 ¢, so a credit note rounds exactly like the invoice it mirrors. This is the rule
 *   invoices and proposals always used; stored totals do not change.
 * - A line is rounded on its own (net, then its tax); sums are sums of rounded lines, so every
 *   table, total and report built from the lines agrees to the cent.
 * - Splitting an amount (a discount over lines, …) uses the largest remainder: each part gets the
 *   floor of its exact share, the cents left go to the largest remainders (earlier part first on a
 *   tie), so the parts always add up to the amount exactly.
 */
import { numberFormat } from './intl-format.ts';

export interface MoneySettings {
  /** ISO 4217 code, e.g. USD, EUR. */
  currency: string;
  /** BCP 47 tag, e.g. en-US, de-DE. */
  locale: string;
}

export const DEFAULT_MONEY: MoneySettings = { currency: 'USD', locale: 'en-US' };

// ---- rounding and arithmetic -----------------------------------------------------------------

/** numerator ÷ denominator rounded half away from zero; denominator > 0. */
export function divRoundHalfAway(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = n / denominator;
  const rounded = (n % denominator) * 2n >= denominator ? q + 1n : q;
  return negative ? -rounded : rounded;
}

/** Quantities carry at most three decimals (0.125 h); they are multiplied as thousandths. */
export const QUANTITY_SCALE = 1000;

export const quantityMillis = (quantity: number): bigint => BigInt(Math.round(quantity * QUANTITY_SCALE));

/** A line's net amount: quantity × unit price, rounded to the cent. */
export function lineNetCents(quantity: number, unitPriceCents: number): number {
  return Number(divRoundHalfAway(quantityMillis(quantity) * BigInt(unitPriceCents), BigInt(QUANTITY_SCALE)));
}

/** Tax on one line's net amount at a rate in basis points, rounded per line. */
export function lineTaxCents(netCents: number, taxRateBp: number): number {
  return Number(divRoundHalfAway(BigInt(netCents) * BigInt(taxRateBp), 10_000n));
}

/** amount × part ÷ whole rounded half away from zero (whole > 0): a share, a percentage, a fee. */
export function proportionCents(amountCents: number, part: number, whole: number): number {
  return Number(divRoundHalfAway(BigInt(amountCents) * BigInt(part), BigInt(whole)));
}

/**
 * Splits `amountCents` over non-negative integer `weights` in proportion (largest remainder), the
 * parts adding up to the amount exactly; all zeros when the weights are. A negative amount splits
 * like its opposite, negated.
 */
export function allocateCents(amountCents: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (whole <= 0n || amountCents === 0) return weights.map(() => 0);
  const sign = amountCents < 0 ? -1 : 1;
  const amount = BigInt(Math.abs(amountCents));
  const exact = weights.map((w, i) => ({ i, product: amount * BigInt(w) }));
  const shares = exact.map((e) => e.product / whole);
  let left = amount - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = [...exact].sort((a, b) => {
    const ra = a.product % whole;
    const rb = b.product % whole;
    return ra === rb ? a.i - b.i : ra > rb ? -1 : 1;
  });
  for (const { i } of byRemainder) {
    if (left <= 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left--;
  }
  return shares.map((s) => sign * Number(s));
}

// ---- lines and their totals ------------------------------------------------------------------

export interface PricedLineInput {
  quantity: number;
  unitPriceCents: number;
  taxRateBp: number;
}

export interface RateTotal {
  taxRateBp: number;
  taxableCents: number;
  taxCents: number;
}

export interface LinesTotals {
  lines: { netCents: number; taxCents: number }[];
  /** One row per rate, rates ascending. */
  taxes: RateTotal[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Sums amounts per tax rate, rates ascending. */
export function sumByRate(parts: readonly RateTotal[]): RateTotal[] {
  const byRate = new Map<number, RateTotal>();
  for (const p of parts) {
    const t = byRate.get(p.taxRateBp) ?? { taxRateBp: p.taxRateBp, taxableCents: 0, taxCents: 0 };
    t.taxableCents += p.taxableCents;
    t.taxCents += p.taxCents;
    byRate.set(p.taxRateBp, t);
  }
  return [...byRate.values()].sort((a, b) => a.taxRateBp - b.taxRateBp);
}

/**
 * Lines priced one by one (net, then tax), summed per rate and in total. A line that is not a
 * number yet (a form being typed) counts as zero, so an editor can show live totals.
 */
export function linesTotals(lines: readonly PricedLineInput[]): LinesTotals {
  const priced = lines.map((l) => {
    const ok = Number.isFinite(l.quantity) && Number.isSafeInteger(l.unitPriceCents) && Number.isInteger(l.taxRateBp);
    const netCents = ok ? lineNetCents(l.quantity, l.unitPriceCents) : 0;
    return { netCents, taxCents: ok ? lineTaxCents(netCents, l.taxRateBp) : 0, taxRateBp: ok ? l.taxRateBp : 0 };
  });
  const subtotalCents = priced.reduce((s, p) => s + p.netCents, 0);
  const taxCents = priced.reduce((s, p) => s + p.taxCents, 0);
  return {
    lines: priced.map((p) => ({ netCents: p.netCents, taxCents: p.taxCents })),
    taxes: sumByRate(priced.map((p) => ({ taxRateBp: p.taxRateBp, taxableCents: p.netCents, taxCents: p.taxCents }))),
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
  };
}

// ---- formatting ------------------------------------------------------------------------------


/** Cents as the configured currency in the configured locale: 123456 → "$1,234.56" (en-US, USD). */
export function formatMoney(cents: number, settings: MoneySettings = DEFAULT_MONEY): string {
  return numberFormat(settings.locale, { style: 'currency', currency: settings.currency }).format(cents / 100);
}

/** The configured currency's symbol for labels: "$", "€", "CHF". */
export function currencySymbol(settings: MoneySettings = DEFAULT_MONEY): string {
  const parts = numberFormat(settings.locale, { style: 'currency', currency: settings.currency }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? settings.currency;
}

/** A rate in basis points as a percentage, at most two decimals: 825 → "8.25 %", 800 → "8 %". */
export function formatRateBp(bp: number, locale: string = DEFAULT_MONEY.locale): string {
  return `${numberFormat(locale, { maximumFractionDigits: 2 }).format(bp / 100)} %`;
}

/** Cents as plain dot-decimal text (form fields, CSV cells), locale-free: 12950 → "129.50", −5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  return `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** Plain dot-decimal text ("129.5", "-3") → cents, NaN when it is not one; the inverse of centsToDecimal. */
export function decimalToCents(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && cents !== 0 ? -cents : cents;
}

/** A rate in basis points as percent text for a form field: 825 → "8.25". */
export const bpToPercent = (bp: number): string => String(bp / 100);

/**
 * The one percentage parser (tax rates on invoices, proposals, credit notes and contracts, in the
 * SPA and in the contracts): typed text ("8.25", "6.25%", " 6.25 % ") → basis points (825, 625);
 * NaN unless it is 0–100 with at most two decimals.
 */
export function percentToBp(text: string): number {
  const bp = decimalToCents(text.trim().replace(/\s*%$/, ''));
  return bp >= 0 && bp <= 10_000 ? bp : Number.NaN;
}

/** What a person reads when a percentage is not one, naming the field: "Tax rate: a percentage from 0 to 100, such as 8.25." */
export const percentProblem = (label: string): string => `${label}: a percentage from 0 to 100, such as 8.25.`;

// ---- parsing ---------------------------------------------------------------------------------

export type ParsedAmount = { ok: true; cents: number } | { ok: false; error: string };

export interface ParseOptions {
  /** Accept a leading minus (a discount line). */
  allowNegative?: boolean;
  /** The message when the text is not an amount; default "Enter an amount such as 1,000.00." (in the locale). */
  message?: string;
}

const MAX_CENTS = Number.MAX_SAFE_INTEGER;

function separators(locale: string): { group: string; decimal: string } {
  const parts = numberFormat(locale, { style: 'currency', currency: 'USD' }).formatToParts(11111.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  return { group, decimal };
}

function currencySymbols(settings: MoneySettings): string[] {
  const parts = numberFormat(settings.locale, { style: 'currency', currency: settings.currency }).formatToParts(1);
  const symbol = parts.find((p) => p.type === 'currency')?.value;
  return [settings.currency, ...(symbol ? [symbol] : []), '$'];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a person typed as an amount, in cents: "1000", "1,000.5", "$1,000.00", "-12.50" (with
 * `allowNegative`); in de-DE also "1.000,50 €". The plain dot-decimal form ("1000.50", what the
 * forms prefill) is accepted in every locale. At most two decimals; never rounded silently.
 */
export function parseMoney(text: string, settings: MoneySettings = DEFAULT_MONEY, options: ParseOptions = {}): ParsedAmount {
  const { group, decimal } = separators(settings.locale);
  const example = `1${group}000${decimal}00`;
  const invalid = (error = options.message ?? `Enter an amount such as ${example}.`): ParsedAmount => ({ ok: false, error });
  let s = text.replace(/[\s\u00a0\u202f]/g, '');
  if (s === '') return invalid(options.message ?? 'Enter an amount.');
  let negative = false;
  if (/^[-−]/.test(s)) {
    negative = true;
    s = s.slice(1);
  }
  for (const symbol of currencySymbols(settings)) {
    if (s.startsWith(symbol)) s = s.slice(symbol.length);
    else if (s.endsWith(symbol)) s = s.slice(0, -symbol.length);
  }
  if (!negative && /^[-−]/.test(s)) {
    negative = true;
    s = s.slice(1);
  }
  if (negative && !options.allowNegative) return invalid(options.message ?? 'Enter an amount of zero or more.');
  let whole: string;
  let fraction: string;
  const plain = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  const localized = new RegExp(`^(\\d{1,3}(?:${escape(group)}\\d{3})+|\\d+)(?:${escape(decimal)}(\\d*))?$`).exec(s);
  if (plain) [whole, fraction] = [plain[1] ?? '0', plain[2] ?? ''];
  else if (localized) [whole, fraction] = [(localized[1] ?? '0').split(group).join(''), localized[2] ?? ''];
  else return invalid();
  if (fraction.length > 2) return invalid(options.message ?? 'At most two decimals (whole cents).');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return invalid(options.message ?? 'That amount is too large.');
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/**
 * The one wording of "an amount above zero and at most `most`" (`mostIs` says what that is: "the
 * balance due", "what remains of this payment"), for the server and the screens alike (the SPA's
 * twin, `amountProblem` in web/src/ui/money.ts, reads the typed text first); null when the amount
 * is within. `format` writes money in the business's currency and locale.
 */
export function amountLimitProblem(cents: number, most: number, mostIs: string, format: (cents: number) => string): string | null {
  const limit = format(most);
  if (!Number.isSafeInteger(cents) || cents <= 0) return `Amount: enter an amount above zero, at most ${mostIs} (${limit}).`;
  if (cents > most) return `Amount: ${format(cents)} is more than ${mostIs} (${limit}); enter at most ${limit}.`;
  return null;
}
