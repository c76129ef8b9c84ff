/**
 * The draft invoice one billing period of a contract makes: its title, line and notes. Empty
 * parts are left out and a plan already called "… monitoring" is not followed by the word again.
 */
import type { NewInvoiceInput } from '../invoices/invoice-issuer.ts';
import type { BillingPeriod } from './billing-period.ts';
import type { MonitoringContract } from './monitoring-contract.ts';

/** The words of an invoice for one period, without empty parts or a doubled "monitoring". */
export function contractInvoiceText(c: Pick<MonitoringContract, 'plan' | 'siteLabel' | 'centralStation' | 'accountNumber'>): { service: string; notes: string } {
  const plan = c.plan.trim();
  const service = /\bmonitoring\b/i.test(plan) ? plan : `${plan} monitoring`;
  const parts = [c.centralStation.trim() && `Central station ${c.centralStation.trim()}`, c.accountNumber.trim() && `account ${c.accountNumber.trim()}`].filter(Boolean);
  const notes = parts.length === 0 ? '' : `${parts.join(', ')}.`;
  return { service, notes: notes.charAt(0).toUpperCase() + notes.slice(1) };
}

export const periodLabel = (p: BillingPeriod): string => (p.prorated ? `${p.key}, ${p.billedFrom} to ${p.billedTo} (${p.daysBilled} of ${p.daysInPeriod} days)` : p.key);

/** The invoice one period of a contract makes (no empty parts, no "monitoring monitoring"). */
export function periodInvoice(c: MonitoringContract, p: BillingPeriod, today: string): NewInvoiceInput {
  const { service, notes } = contractInvoiceText(c);
  const where = c.siteLabel.trim() ? `, ${c.siteLabel.trim()}` : '';
  return {
    clientId: c.clientId,
    siteId: c.siteId,
    source: { kind: 'contract', id: c.id, period: p.key },
    title: `${service} ${p.key}`,
    lines: [{ description: `${service}${where}: ${periodLabel(p)}`, quantity: 1, unitPriceCents: p.amountCents, taxRateBp: c.taxRateBp }],
    terms: 'net15',
    issueDate: today,
    ...(notes ? { notes } : {}),
  };
}

