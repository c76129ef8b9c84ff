import { describe, expect, it } from 'vitest';
import { postalAddressLine, postalAddressLines } from '../../../src/domain/clients/postal-address.ts';
import { emptyAddress, type Address } from '../../../src/domain/clients/client.ts';

const address = (over: Partial<Address>): Address => ({ ...emptyAddress(), ...over });
const FULL = address({ line1: '4821 North Westmoreland Blvd', line2: 'Apt 12B', city: 'Springfield', region: 'IL', postcode: '62704', country: 'US' });

describe('a postal address as the locale writes it', () => {
  it('en-US: street, line 2, "City, ST ZIP"; the home country left out however it was typed', () => {
    expect(postalAddressLines(FULL, 'en-US')).toEqual(['4821 North Westmoreland Blvd', 'Apt 12B', 'Springfield, IL 62704']);
    for (const country of ['USA', 'United States', 'u.s.a.', '']) expect(postalAddressLines({ ...FULL, country }, 'en-US')).toHaveLength(3);
    expect(postalAddressLine(FULL, 'en-US')).toBe('4821 North Westmoreland Blvd, Apt 12B, Springfield, IL 62704');
  });

  it('leaves out empty parts without a stray comma or space', () => {
    expect(postalAddressLines(address({ line1: '1 Main St', city: 'Springfield', postcode: '62704' }), 'en-US')).toEqual(['1 Main St', 'Springfield 62704']);
    expect(postalAddressLines(address({ line1: '1 Main St', region: 'IL' }), 'en-US')).toEqual(['1 Main St', 'IL']);
    expect(postalAddressLines(address({ city: 'Springfield' }), 'en-US')).toEqual(['Springfield']);
    expect(postalAddressLines(address({ line1: '  ', line2: ' ' }), 'en-US')).toEqual([]);
    expect(postalAddressLines(emptyAddress(), 'de-DE')).toEqual([]);
  });

  it('de-DE puts the postcode before the town; en-GB gives it its own line; a foreign country is named', () => {
    const berlin = address({ line1: 'Unter den Linden 5', city: 'Berlin', postcode: '10117', country: 'DE' });
    expect(postalAddressLines(berlin, 'de-DE')).toEqual(['Unter den Linden 5', '10117 Berlin']);
    expect(postalAddressLines({ ...berlin, country: 'Deutschland' }, 'de-DE')).toEqual(['Unter den Linden 5', '10117 Berlin']);
    expect(postalAddressLines(address({ line1: '10 Downing St', city: 'London', postcode: 'SW1A 2AA' }), 'en-GB')).toEqual(['10 Downing St', 'London', 'SW1A 2AA']);
    expect(postalAddressLines(berlin, 'en-US')).toEqual(['Unter den Linden 5', 'Berlin 10117', 'DE']);
  });
});
