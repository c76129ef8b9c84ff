import { describe, expect, it } from 'vitest';
import { parseUsAddress } from '../../../src/domain/clients/us-address.ts';

describe('parseUsAddress', () => {
  it.each([
    ['123 Main St, Springfield, IL 62704', '', { line1: '123 Main St', line2: '', city: 'Springfield', region: 'IL', postcode: '62704', unparsed: null }],
    ['123 Main St, Springfield IL 62704', '', { line1: '123 Main St', city: 'Springfield', region: 'IL', postcode: '62704', unparsed: null }],
    ['4 Elm Ct, Apt 12B, Salt Lake City, Utah 84101-1234, USA', '', { line1: '4 Elm Ct', line2: 'Apt 12B', city: 'Salt Lake City', region: 'UT', postcode: '84101-1234', country: 'US', unparsed: null }],
    ['77 Harbor Rd, New York, New York', '10001', { line1: '77 Harbor Rd', city: 'New York', region: 'NY', postcode: '10001', unparsed: null }],
    ['9 Oak Lane, Madison, wi', '53703', { line1: '9 Oak Lane', city: 'Madison', region: 'WI', postcode: '53703', unparsed: null }],
  ])('splits %s', (text, zip, expected) => {
    expect(parseUsAddress(text, zip)).toMatchObject(expected);
  });

  it('keeps what it cannot place visible: the whole text stays in the street and is reported', () => {
    expect(parseUsAddress('Rural Route 5 past the old mill', '62704')).toEqual({
      line1: 'Rural Route 5 past the old mill',
      line2: '',
      city: '',
      region: '',
      postcode: '62704',
      country: '',
      unparsed: 'Rural Route 5 past the old mill',
    });
    expect(parseUsAddress('12 High St, Oxford, Oxfordshire')).toMatchObject({ line1: '12 High St', city: 'Oxford', region: '', unparsed: '12 High St, Oxford, Oxfordshire' });
  });
});
