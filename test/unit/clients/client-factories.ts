import type { Client, Site } from '../../../src/domain/clients/client.ts';
import { emptyAddress, emptyAlarm } from '../../../src/domain/clients/client.ts';
import type { ClientInput, SiteInput } from '../../../src/contracts/clients.ts';

let n = 0;

export function aSite(overrides: Partial<Site> = {}): Site {
  n += 1;
  return { id: `site-${n}`, label: 'Home', address: { ...emptyAddress(), line1: `${n} Oak Street`, city: 'Springfield' }, geo: null, alarm: emptyAlarm(), ...overrides };
}

export function aClient(overrides: Partial<Client> = {}): Client {
  n += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return {
    id: `client-${n}`,
    kind: 'residential',
    name: `Pat Client ${n}`,
    company: '',
    contacts: [{ name: `Pat Client ${n}`, role: '', emails: [`pat${n}@example.com`], phones: ['(555) 010-0000'] }],
    billingAddress: { ...emptyAddress(), line1: `${n} Main Street`, city: 'Springfield' },
    tags: [],
    notes: '',
    source: 'other',
    archived: false,
    leadId: null,
    sites: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A valid POST /api/clients body. */
export function aClientInput(overrides: Partial<ClientInput> = {}): ClientInput {
  n += 1;
  return {
    kind: 'residential',
    name: `Dana Whitfield ${n}`,
    company: '',
    contacts: [{ name: `Dana Whitfield ${n}`, role: 'Owner', emails: [`dana${n}@example.com`], phones: ['(555) 867-5309'] }],
    billingAddress: { line1: `${n} Birch Lane`, line2: '', city: 'Riverton', region: 'IL', postcode: '60001', country: 'US' },
    tags: ['vip'],
    notes: 'Dog in the yard.',
    source: 'referral',
    sites: [],
    ...overrides,
  };
}

/** A valid POST /api/clients/:id/sites body with an alarm account and passcode. */
export function aSiteInput(overrides: Partial<SiteInput> = {}): SiteInput {
  n += 1;
  return {
    label: `Home ${n}`,
    address: { line1: `${n} Cedar Court`, line2: '', city: 'Riverton', region: 'IL', postcode: '60001', country: 'US' },
    geo: { latitude: 41.8781, longitude: -87.6298 },
    alarm: {
      centralStation: 'Rapid Response',
      accountNumber: `AC-${n}`,
      panelModel: 'DSC PowerSeries Neo',
      zones: [
        { number: 1, name: 'Front door', type: 'entry-exit' },
        { number: 2, name: 'Living room motion', type: 'interior' },
      ],
      emergencyContacts: [{ name: 'Sam Whitfield', phone: '555 222 3333', relation: 'Son' }],
      passcode: `${4000 + n}`,
    },
    ...overrides,
  };
}
