/**
 * The draft invoice one billing period of a contract makes: its title, line and notes. Empty
 * parts are left out and a plan already called "… monitoring" is not followed by the word again.
 */
import type { NewInvoiceInput } from '../invoices/invoice-issuer.ts';
import type { BillingPeriod } from './billing-period.ts';
import type { MonitoringContract } from './monitoring-contract.ts';
import { dateTimeFormat } from '../shared/intl-format.ts';

/** The words of an invoice for one period, without empty parts or a doubled "monitoring". */
export function contractInvoiceText(c: Pick<MonitoringContract, 'plan' | 'siteLabel' | 'centralStation' | 'accountNumber'>): { service: string; notes: string } {
  const plan = c.plan.trim();
  const service = /\bmonitoring\b/i.test(plan) ? plan : `${plan} monitoring`;
  const parts = [c.centralStation.trim() && `Central station ${c.centralStation.trim()}`, c.accountNumber.trim() && `account ${c.accountNumber.trim()}`].filter(Boolean);
  const notes = parts.length === 0 ? '' : `${parts.join(', ')}.`;
  return { service, notes: notes.charAt(0).toUpperCase() + notes.slice(1) };
}

function fmt(locale: string, options: Intl.DateTimeFormatOptions): (isoDay: string) => string {
  const format = dateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return (isoDay) => format.format(new Date(`${isoDay}T12:00:00Z`));
}

/**
 * A period as a customer reads it: "November 2026", "Q4 2026 (Oct 1 – Dec 31)", "2026"; a part
 * period adds its days: "November 2026, Nov 15 – Nov 30 (16 of 30 days)". Never the key "2026-11".
 */
export function periodLabel(p: BillingPeriod, locale = 'en-US'): string {
  const day = fmt(locale, { month: 'short', day: 'numeric' });
  let words = periodKeyLabel(p.key, locale);
  if (/^\d{4}-Q[1-4]$/.test(p.key)) words = `${words} (${day(p.start)} – ${day(p.end)})`;
  return p.prorated ? `${words}, ${day(p.billedFrom)} – ${day(p.billedTo)} (${p.daysBilled} of ${p.daysInPeriod} days)` : words;
}

/** A period key in words: "2026-11" → "November 2026", "2026-Q4" → "Q4 2026", "2026" stays. */
export function periodKeyLabel(key: string, locale = 'en-US'): string {
  if (/^\d{4}-\d{2}$/.test(key)) return fmt(locale, { month: 'long', year: 'numeric' })(`${key}-01`);
  if (/^\d{4}-Q[1-4]$/.test(key)) return `${key.slice(5)} ${key.slice(0, 4)}`;
  return key;
}

/** The invoice one period of a contract makes (no empty parts, no "monitoring monitoring"). */
export function periodInvoice(c: MonitoringContract, p: BillingPeriod, today: string, locale = 'en-US'): NewInvoiceInput {
  const { service, notes } = contractInvoiceText(c);
  const where = c.siteLabel.trim() ? `, ${c.siteLabel.trim()}` : '';
  const month = periodLabel({ ...p, prorated: false }, locale);
  return {
    clientId: c.clientId,
    siteId: c.siteId,
    source: { kind: 'contract', id: c.id, period: p.key },
    title: `${service} ${month}`,
    lines: [{ description: `${service}${where}: ${periodLabel(p, locale)}`, quantity: 1, unitPriceCents: p.amountCents, taxRateBp: c.taxRateBp }],
    terms: 'net15',
    issueDate: today,
    ...(notes ? { notes } : {}),
  };
}

