import { describe, expect, it } from 'vitest';
import { changeLeadStatus, checkPreferredDate, isServedPostcode, LEAD_STATUSES, newQuoteRequest, nextLeadStatuses, type QuoteRequestInput } from '../../../src/domain/quotes/quote-request.ts';
import { quoteRequestMail } from '../../../src/domain/mail/quote-request-mail.ts';
import { loadConfig } from '../../../src/config.ts';

const NOW = new Date('2026-04-01T15:00:00Z');
const anInput = (o: Partial<QuoteRequestInput> = {}): QuoteRequestInput => ({
  name: 'Robin',
  email: 'robin@example.com',
  phone: '555 0101',
  services: ['alarm'],
  propertyType: 'residential',
  construction: 'existing',
  address: '1 Elm St',
  postcode: '62704',
  preferredDate: null,
  preferredWindow: null,
  description: 'A new alarm please.',
  ...o,
});

describe('quote requests (leads)', () => {
  it.each([
    ['62704', ['627'], true],
    [' 627 04 ', ['627'], true],
    ['sw1a 1aa', ['SW1A'], true],
    ['90210', ['625', '626', '627'], false],
    ['', ['627'], false],
    ['12345', [], true],
  ] as const)('postcode %j with prefixes %j is served: %s', (code, prefixes, served) => {
    expect(isServedPostcode(code, prefixes)).toBe(served);
  });

  it('starts as new and follows new → contacted → proposal-sent → won | lost, spam from open steps', () => {
    const lead = newQuoteRequest(anInput(), [], 'q1', NOW);
    expect(lead.status).toBe('new');
    const won = changeLeadStatus(changeLeadStatus(changeLeadStatus(lead, 'contacted', NOW), 'proposal-sent', NOW), 'won', NOW);
    expect(won.status).toBe('won');
    expect(() => changeLeadStatus(lead, 'won', NOW)).toThrow(/cannot become 'won'/);
    expect(nextLeadStatuses('proposal-sent')).not.toContain('spam');
    for (const s of LEAD_STATUSES) expect(nextLeadStatuses(s)).not.toContain(s);
  });

  it('refuses more than three photos and a preferred date in the past', () => {
    const photo = { path: 'quote-photos/abcdefgh1', contentType: 'image/png', size: 1, fileName: null };
    expect(() => newQuoteRequest(anInput(), [photo, photo, photo, photo], 'q', NOW)).toThrow(/At most 3/);
    expect(() => checkPreferredDate('2026-03-31', '2026-04-01')).toThrow(/past/);
    expect(() => checkPreferredDate('2026-04-01', '2026-04-01')).not.toThrow();
  });

  it("mails the office with the visitor as Reply-To and a link to the lead", () => {
    const lead = newQuoteRequest(anInput({ services: ['cameras', 'prewire'], preferredDate: '2026-05-02', preferredWindow: 'morning' }), [], 'q-42', NOW);
    const mail = quoteRequestMail(lead, { email: 'office@x.example', adminUrl: 'https://x.example' });
    expect(mail).toMatchObject({ to: 'office@x.example', replyTo: 'robin@example.com' });
    expect(mail.subject).toBe('Quote request: Security cameras, New-home prewire — Robin');
    expect(mail.text).toContain('Preferred visit: 2026-05-02 (morning)');
    expect(mail.text).toContain('https://x.example/admin/leads?id=q-42');
  });

  it('SERVICE_POSTCODES is a comma list; * serves everywhere; SMTP_URL must be smtp(s)://', () => {
    expect(loadConfig({}).servicePostcodes).toEqual(['625', '626', '627']);
    expect(loadConfig({ SERVICE_POSTCODES: ' 100, 101 ,' }).servicePostcodes).toEqual(['100', '101']);
    expect(loadConfig({ SERVICE_POSTCODES: '*' }).servicePostcodes).toEqual([]);
    expect(loadConfig({}).smtpUrl).toBeNull();
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
});
