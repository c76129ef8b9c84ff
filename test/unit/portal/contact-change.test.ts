import { describe, expect, it } from 'vitest';
import { contactDetailChanges, describeDetailChanges, type ContactDetails } from '../../../src/domain/portal/contact-change.ts';

const home = (country: string): ContactDetails => ({
  phone: '(555) 010-2030',
  email: 'casey@example.com',
  billingAddress: { line1: '12 Elm Street', line2: '', city: 'Springfield', region: 'IL', postcode: '62704', country },
});

/** What the office reads when a customer changes their details in the client hub. */
describe('contactDetailChanges', () => {
  it('lists a country typed where there was none, although an envelope at home leaves the country out', () => {
    const lines = describeDetailChanges(contactDetailChanges(home(''), { ...home('United States'), phone: '+1 (555) 222-3344 ext. 12' }, 'en-US'));
    expect(lines).toEqual([
      'Phone: (555) 010-2030 → +1 (555) 222-3344 ext. 12',
      'Billing address: 12 Elm Street, Springfield, IL 62704, no country → 12 Elm Street, Springfield, IL 62704, United States',
    ]);
  });

  it('writes an address as on an envelope when more than the country changed, and lists nothing that did not change', () => {
    const moved = { ...home('United States'), billingAddress: { ...home('United States').billingAddress, line1: '48 Oak Avenue' } };
    expect(describeDetailChanges(contactDetailChanges(home(''), moved, 'en-US'))).toEqual(['Billing address: 12 Elm Street, Springfield, IL 62704 → 48 Oak Avenue, Springfield, IL 62704']);
    expect(contactDetailChanges(home('United States'), home('United States'), 'en-US')).toEqual([]);
  });
});
