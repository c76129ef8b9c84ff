import { describe, expect, it } from 'vitest';
import { splitPhone, telHref, textNumber, toE164 } from '../../../src/domain/shared/phone.ts';
import { phoneProblem } from '../../../src/contracts/form-fields.ts';
import { clientInputSchema } from '../../../src/contracts/clients.ts';
import { contactDetailsSchema } from '../../../src/contracts/portal.ts';
import { aClientInput } from '../clients/client-factories.ts';

const EXTENSIONS = ['555-201-4477 ext 9', '(555) 201-4477 x12', '555.201.4477, ext. 9', '+1 555 201 4477 extension 204', '555-201-4477 #9'];

describe('phone numbers: one owner (src/domain/shared/phone.ts)', () => {
  it('splits the extension off however it was typed', () => {
    expect(EXTENSIONS.map(splitPhone)).toEqual([
      { number: '555-201-4477', extension: '9' },
      { number: '(555) 201-4477', extension: '12' },
      { number: '555.201.4477', extension: '9' },
      { number: '+1 555 201 4477', extension: '204' },
      { number: '555-201-4477', extension: '9' },
    ]);
    expect(splitPhone('(555) 867-5309')).toEqual({ number: '(555) 867-5309', extension: null });
  });

  it('telHref keeps digits and a leading +; an extension becomes ;ext= (RFC 3966), never digits glued to the number', () => {
    expect([...EXTENSIONS, '+44 20 7946 0958', '(555) 867-5309'].map(telHref)).toEqual([
      'tel:5552014477;ext=9',
      'tel:5552014477;ext=12',
      'tel:5552014477;ext=9',
      'tel:+15552014477;ext=204',
      'tel:5552014477;ext=9',
      'tel:+442079460958',
      'tel:5558675309',
    ]);
  });

  it('toE164 turns what staff typed into E.164 (the extension dropped), or null when it cannot be a phone number', () => {
    expect(['(555) 867-5309', '1-555-867-5309', '+44 20 7946 0958', '0044 20 7946 0958', '555-201-4477 ext 9', '867-5309', 'call the office', '', null].map((p) => toE164(p))).toEqual([
      '+15558675309',
      '+15558675309',
      '+442079460958',
      '+442079460958',
      '+15552014477',
      null,
      null,
      null,
      null,
    ]);
  });

  it('a national number takes the configured country code (SMS_COUNTRY_CODE), the trunk 0 dropped', () => {
    expect(toE164('020 7946 0958', '44')).toBe('+442079460958');
    expect(toE164('030 1234 5678', '49')).toBe('+493012345678');
    expect(toE164('+1 555 867 5309', '44')).toBe('+15558675309');
  });

  it('textNumber: a text cannot go to a number with an extension (a switchboard) or to a non-number', () => {
    expect(textNumber('(555) 867-5309')).toBe('+15558675309');
    expect(textNumber('555-201-4477 ext 9')).toBeNull();
    expect(textNumber('867-5309')).toBeNull();
    expect(textNumber(null)).toBeNull();
  });
});

describe('phoneProblem: the one phone rule of the forms', () => {
  it('accepts numbers as people type them, with or without an extension', () => {
    expect(['(555) 867-5309', '+44 20 7946 0958', ...EXTENSIONS].map((p) => phoneProblem('Phone', p))).toEqual(Array(7).fill(null));
  });

  it('names the field and says what to type', () => {
    expect(phoneProblem('Phone', 'call me')).toBe('Phone: use digits, spaces and + ( ) - . only, such as (555) 010-2000 or +44 20 7946 0958; put an extension after it as “ext 12”.');
    expect(phoneProblem('Phone', '555-12')).toBe('Phone: type the whole number with its area code, such as (555) 010-2000 or +44 20 7946 0958 (at least 7 digits).');
    expect(phoneProblem('Phone', '+1 555 867 5309 1234 5678')).toBe('Phone: at most 15 digits, such as (555) 010-2000 or +44 20 7946 0958.');
  });

  it("is the rule of the office's client form and the client hub's contact details", () => {
    const office = clientInputSchema.safeParse(aClientInput({ contacts: [{ name: 'Grace Lin', role: '', emails: [], phones: ['555-12'] }] }));
    expect(office.success).toBe(false);
    expect(office.error?.issues.map((i) => i.message)).toContain(phoneProblem('Phone', '555-12'));
    const hub = contactDetailsSchema.safeParse({ phone: 'call me', email: 'grace@example.com', billingAddress: {} });
    expect(hub.error?.issues.map((i) => i.message)).toEqual([phoneProblem('Phone', 'call me')]);
    expect(contactDetailsSchema.safeParse({ phone: '', email: 'grace@example.com', billingAddress: {} }).success).toBe(true);
  });
});
