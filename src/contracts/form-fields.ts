/**
 * Form fields the contracts share for what people type as money and percentages (the SPA's forms
 * validate with these schemas; the API takes cents and basis points). One owner, so "$1,000.00"
 * and "6.25%" are accepted, and refused with the same words naming the field, on every form.
 */
import { z } from 'zod';
import { formatMoney, parseMoney, percentProblem, percentToBp, type MoneySettings } from '../domain/shared/money.ts';
import { PHONE_CHARACTERS, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, splitPhone } from '../domain/shared/phone.ts';

export type TypedAmount = { ok: true; cents: number } | { ok: false; error: string };

/**
 * A typed amount ("$39.99", "1,039.99", "39,99 €" in de-DE) in cents, or the message naming the
 * field: "Monthly fee: enter an amount such as 1,000.00.", "Price: at most $1,000,000.00.".
 */
export function typedAmount(label: string, text: string, money: MoneySettings, maxCents: number): TypedAmount {
  const parsed = parseMoney(text, money);
  if (!parsed.ok) return { ok: false, error: `${label}: ${parsed.error.charAt(0).toLowerCase()}${parsed.error.slice(1)}` };
  if (parsed.cents > maxCents) return { ok: false, error: `${label}: at most ${formatMoney(maxCents, money)}.` };
  return parsed;
}

/** A typed amount's cents for the request; NaN when it is not one (the schema has refused it already). */
export const typedCents = (text: string, money: MoneySettings): number => {
  const parsed = parseMoney(text, money);
  return parsed.ok ? parsed.cents : Number.NaN;
};

/** A text field holding an amount, refused with `typedAmount`'s message. */
export const amountField = (label: string, money: MoneySettings, maxCents: number) =>
  z.string().superRefine((s, ctx) => {
    const amount = typedAmount(label, s, money, maxCents);
    if (!amount.ok) ctx.addIssue({ code: 'custom', message: amount.error });
  });

/** A text field holding a percentage from 0 to 100 ("8.25", "6.25%"). */
export const percentField = (label: string) => z.string().refine((s) => Number.isFinite(percentToBp(s)), percentProblem(label));

/**
 * The one phone rule of every form (the office's client forms, the client hub's contact details,
 * employees, the public contact and support forms): what is wrong with a typed number, naming the
 * field and saying what to type, or null when it is a number (an extension after it is fine).
 */
export function phoneProblem(label: string, typed: string): string | null {
  const example = 'such as (555) 010-2000 or +44 20 7946 0958';
  if (typed.trim().length > 30) return `${label}: at most 30 characters; type the number ${example}, and an extension after it as “ext 12”.`;
  const { number } = splitPhone(typed);
  if (!PHONE_CHARACTERS.test(number)) return `${label}: use digits, spaces and + ( ) - . only, ${example}; put an extension after it as “ext 12”.`;
  const digits = number.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS) return `${label}: type the whole number with its area code, ${example} (at least ${PHONE_MIN_DIGITS} digits).`;
  if (digits > PHONE_MAX_DIGITS) return `${label}: at most ${PHONE_MAX_DIGITS} digits, ${example}.`;
  return null;
}

/** A text field holding a phone number, trimmed and refused with `phoneProblem`'s message; `optional`: empty is none. */
export const phoneField = (label: string, options: { optional?: boolean } = {}) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? `${label}: type the number, such as (555) 010-2000.` : `${label} must be text.`) })
    .trim()
    .superRefine((s, ctx) => {
      const problem = s === '' && options.optional ? null : phoneProblem(label, s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
