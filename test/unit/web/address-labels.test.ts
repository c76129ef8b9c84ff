import { describe, expect, it } from 'vitest';
import { postcodeLabel } from '#ui/address-labels.ts';

describe('address labels', () => {
  it('call the postcode what people of the configured locale call it', () => {
    expect(['en-US', 'es-US', 'en-CA', 'fr-CA', 'en-GB', 'de-DE', 'en'].map(postcodeLabel)).toEqual(['ZIP code', 'ZIP code', 'Postal code', 'Postal code', 'Postcode', 'Postcode', 'Postcode']);
  });
});
