import { describe, expect, it } from 'vitest';
import { CLIENT_KINDS, CLIENT_SOURCES, ZONE_TYPES } from '../../../src/domain/clients/client.ts';
import { ARCHIVED_FILTERS, CLIENT_SORTS } from '../../../src/domain/clients/client-repository.ts';
import {
  ARCHIVED_FILTER_VALUES,
  CLIENT_KIND_VALUES,
  CLIENT_SORT_VALUES,
  CLIENT_SOURCE_VALUES,
  ZONE_TYPE_VALUES,
  clientInputSchema,
  siteInputSchema,
} from '../../../src/contracts/clients.ts';
import { aClientInput, aSiteInput } from './client-factories.ts';

describe('client contracts', () => {
  it('restate the domain enums exactly (contracts may not import the domain)', () => {
    expect(CLIENT_KIND_VALUES).toEqual(CLIENT_KINDS);
    expect(CLIENT_SOURCE_VALUES).toEqual(CLIENT_SOURCES);
    expect(ZONE_TYPE_VALUES).toEqual(ZONE_TYPES);
    expect(CLIENT_SORT_VALUES).toEqual(CLIENT_SORTS);
    expect(ARCHIVED_FILTER_VALUES).toEqual(ARCHIVED_FILTERS);
  });

  it('accept the factories and refuse duplicate zone numbers and out-of-range coordinates', () => {
    expect(clientInputSchema.safeParse(aClientInput({ sites: [aSiteInput()] })).success).toBe(true);
    const zones = [
      { number: 1, name: 'Door', type: 'entry-exit' as const },
      { number: 1, name: 'Window', type: 'perimeter' as const },
    ];
    expect(siteInputSchema.safeParse(aSiteInput({ alarm: { ...aSiteInput().alarm, zones } })).error?.issues[0]?.message).toBe('Zone numbers must be unique.');
    expect(siteInputSchema.safeParse(aSiteInput({ geo: { latitude: 0, longitude: 181 } })).success).toBe(false);
  });
});
