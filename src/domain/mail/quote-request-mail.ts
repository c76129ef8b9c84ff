import { SERVICE_LABELS, type QuoteRequest } from '../quotes/quote-request.ts';

/** The office's notification for a new lead: everything needed to call the visitor back. */
export function quoteRequestMail(lead: QuoteRequest, office: { email: string; adminUrl: string }) {
  const services = lead.services.map((s) => SERVICE_LABELS[s]).join(', ');
  const when = lead.preferredDate ? `${lead.preferredDate}${lead.preferredWindow ? ` (${lead.preferredWindow})` : ''}` : 'no preference';
  const text = [
    `New quote request from ${lead.name}`,
    '',
    `Services: ${services}`,
    `Property: ${lead.propertyType}, ${lead.construction === 'new' ? 'new build' : 'existing building'}`,
    `Address: ${lead.address}, ${lead.postcode}`,
    `Preferred visit: ${when}`,
    `Phone: ${lead.phone}`,
    `E-mail: ${lead.email}`,
    `Photos: ${lead.photos.length}`,
    '',
    lead.description,
    '',
    `Open the lead: ${office.adminUrl}/admin/leads?id=${encodeURIComponent(lead.id)}`,
  ].join('\n');
  return { to: office.email, replyTo: lead.email, subject: `Quote request: ${services} — ${lead.name}`, text };
}
