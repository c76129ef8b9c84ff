import { describe, expect, it } from 'vitest';
import { checkTemplate, DEFAULT_TEMPLATES, fillTemplate, TEMPLATE_KEYS } from '../../../src/domain/notifications/notification-template.ts';
import { toE164 } from '../../../src/domain/shared/phone.ts';
import { visitWindow } from '../../../src/application/notifications/notify.ts';
import { contactNameFor, firstName, greeting } from '../../../src/domain/clients/contact-greeting.ts';
import { officeNotice } from '../../../src/domain/notifications/office-notice.ts';
import { recordHref, type RecordKind } from '../../../src/contracts/record-href.ts';
import type { Proposal } from '../../../src/domain/proposals/proposal.ts';
import { aProposal } from '../proposals/factories.ts';
import { DEFAULT_MONEY } from '../../../src/domain/shared/money.ts';

describe('customer message templates', () => {
  it('every default template passes its own check (so a reset template can always be saved)', () => {
    for (const key of TEMPLATE_KEYS) expect(checkTemplate(key, DEFAULT_TEMPLATES[key])).toEqual(DEFAULT_TEMPLATES[key]);
  });

  it('refuses placeholders a template cannot fill, naming each at its field', () => {
    expect(() => checkTemplate('payment-receipt', { subject: 'Hi {{client.nmae}}', body: 'Window {{job.window}}', sms: null })).toThrow(
      expect.objectContaining({
        message: 'The template uses placeholders it cannot fill: {{client.nmae}}, {{job.window}}.',
        fields: expect.objectContaining({ subject: [expect.stringMatching(/^Subject: unknown placeholder \{\{client\.nmae\}\}/)], body: [expect.stringMatching(/^Message: unknown placeholder \{\{job\.window\}\}/)] }),
      }),
    );
  });

  it('fills placeholders, spaces inside the braces allowed; a value missing at send time is left empty, never shown as braces', () => {
    expect(fillTemplate('Hello {{ client.firstName }}, window {{job.window}} today', { 'client.firstName': 'Grace' })).toBe('Hello Grace, window  today');
  });

  it('an empty name before punctuation takes its separator along: a neutral "Hello," and "How did we do?"', () => {
    expect(fillTemplate('Hello {{contact.firstName}},\n\nHow did we do, {{contact.firstName}}?', { 'contact.firstName': '' })).toBe('Hello,\n\nHow did we do?');
    expect(fillTemplate('Hello {{contact.firstName}},\n\nHow did we do, {{contact.firstName}}?', { 'contact.firstName': 'Grace' })).toBe('Hello Grace,\n\nHow did we do, Grace?');
  });

  it('every default customer template greets the contact, not the client', () => {
    for (const key of TEMPLATE_KEYS) {
      expect(DEFAULT_TEMPLATES[key].body).toMatch(/^Hello \{\{contact\.firstName\}\},/);
      expect(`${DEFAULT_TEMPLATES[key].subject} ${DEFAULT_TEMPLATES[key].body}`).not.toContain('client.');
    }
  });
});

describe('greeting and window', () => {
  it('greets by the first name, past a title', () => {
    expect(['Grace Lin', 'Dr. Anneliese Bartholomew-Vandenberghe', 'mrs  Ada Byron', 'Dr.'].map(firstName)).toEqual(['Grace', 'Anneliese', 'Ada', 'Dr.']);
  });

  it('greets the contact holding the address the mail goes to (any case, spaces trimmed), else a neutral "Hello,"', () => {
    const contacts = [
      { name: 'Bartholomew Office', emails: ['office@bv.example'] },
      { name: 'Dr. Grace Lin', emails: ['other@bv.example', 'Grace.Lin@bv.example'] },
      { name: '  ', emails: ['blank@bv.example'] },
    ];
    expect(greeting(contactNameFor(contacts, ' grace.lin@BV.example '))).toBe('Hello Grace,');
    expect(greeting(contactNameFor(contacts, 'stranger@example.com'))).toBe('Hello,');
    expect(greeting(contactNameFor(contacts, 'blank@bv.example'))).toBe('Hello,');
    expect(greeting(contactNameFor(undefined, 'office@bv.example'))).toBe('Hello,');
  });

  it("writes the visit's window in the company's time zone", () => {
    expect(visitWindow({ scheduledStart: '2026-12-01T15:00:00Z', scheduledEnd: '2026-12-01T17:00:00Z' }, 'America/Chicago', 'en-US').window).toBe('Tuesday, December 1, 9:00 AM – 11:00 AM');
  });
});

describe('toE164', () => {
  it('turns what staff typed into E.164, or null when it cannot be a phone number', () => {
    expect(['(555) 867-5309', '1-555-867-5309', '+44 20 7946 0958', '0044 20 7946 0958', '867-5309', '', null].map((p) => toE164(p))).toEqual([
      '+15558675309',
      '+15558675309',
      '+442079460958',
      '+442079460958',
      null,
      null,
      null,
    ]);
    expect(toE164('020 7946 0958', '44')).toBe('+442079460958');
  });
});

describe('office notices', () => {
  const ctx = { email: 'office@shieldline.example', adminUrl: 'https://shieldline.example', money: DEFAULT_MONEY, at: '2026-11-26T15:00:00.000Z' };
  it('a service request opens the request in the inbox (where "Open a job" is), not the client record; the office mail links it too', () => {
    const details = ['Site: Home', 'From: Annabel Featherstonehaugh-Wainwright · annabel@example.com · (555) 010-2030', '', 'Keypad shows "Zone 3 trouble"', '', 'Preferred times: weekday mornings'];
    const n = officeNotice({ kind: 'service-requested', requestId: 'msg-7', clientId: 'c-1', clientName: 'Featherstonehaugh-Wainwright Household', summary: 'Back door sensor beeps', details }, ctx, (r) => recordHref(r.kind, r.id))!;
    expect(n.notification.record).toEqual({ kind: 'message', id: 'msg-7', label: 'Featherstonehaugh-Wainwright Household' });
    expect(n.notification.body).toBe('Back door sensor beeps');
    expect(n.mail.text).toContain('Open it: https://shieldline.example/admin/messages?message=msg-7');
    // The mail carries the whole request, so the office can call back without opening it, and names the client.
    expect(n.mail.text).toContain(['Back door sensor beeps', '', ...details].join('\n'));
    expect(n.mail.text).toContain(`The client: https://shieldline.example${recordHref('client', 'c-1')}`);
    expect(n.mail.about).toEqual([{ type: 'client', id: 'c-1', label: 'Featherstonehaugh-Wainwright Household' }]);
  });
  it('the customer receipt links the client hub', () => {
    expect(DEFAULT_TEMPLATES['payment-receipt'].body).toContain('{{portal.url}}');
    expect(checkTemplate('payment-receipt', DEFAULT_TEMPLATES['payment-receipt']).body).toMatch(/in your account: \{\{portal\.url\}\}$/);
  });
});

describe('the office mail when a proposal is accepted', () => {
  const ctx = { email: 'office@shieldline.example', adminUrl: 'https://shieldline.example', money: DEFAULT_MONEY, at: '2026-11-26T15:00:00.000Z' };
  const path = (r: { kind: RecordKind; id: string }) => recordHref(r.kind, r.id);
  const accepted = (over: Partial<Proposal> = {}): Proposal => ({
    ...aProposal(),
    status: 'accepted',
    acceptance: { optionId: 'opt-good', name: 'Casey Jordan', at: '2026-11-26T14:59:00.000Z', ip: '203.0.113.9' },
    ...over,
  });

  it('names the deposit invoice issued at acceptance, its amount and its link, as the next step', () => {
    const p = accepted({ depositInvoice: { id: 'inv-42', number: 'INV-2026-0042', claimedAt: '2026-11-26T14:59:01.000Z' } });
    const mail = officeNotice({ kind: 'proposal-accepted', proposal: p }, ctx, path)!.mail;
    expect(mail.text).toContain('Next: deposit invoice INV-2026-0042 ($55.21), issued to Ada Lovelace when they accepted; see that it is paid, then convert the proposal into a job.');
    expect(mail.text).toContain('Open deposit invoice INV-2026-0042: https://shieldline.example/admin/invoices?invoice=inv-42');
    expect(mail.text).toContain('Open the proposal: https://shieldline.example/admin/proposals?open=p-1');
    expect(mail.about).toEqual(expect.arrayContaining([{ type: 'invoice', id: 'inv-42', label: 'INV-2026-0042' }]));
  });

  it('without a deposit invoice (none due, or accepted before deposits were issued at acceptance) it says what comes next', () => {
    expect(officeNotice({ kind: 'proposal-accepted', proposal: accepted({ depositPercent: 0 }) }, ctx, path)!.mail.text).toContain('Next: convert it into a job (no deposit is due).');
    const older = officeNotice({ kind: 'proposal-accepted', proposal: accepted() }, ctx, path)!.mail;
    expect(older.text).toContain('Next: convert it into a job; its deposit invoice is made then.');
    expect(older.text).not.toContain('/admin/invoices');
  });
});
