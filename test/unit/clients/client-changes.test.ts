import { describe, expect, it } from 'vitest';
import { clientChanges, siteChanges } from '../../../src/application/clients/client-changes.ts';
import { auditValue, diffRecords } from '../../../src/domain/audit/audit-entry.ts';
import { HIDDEN } from '../../../src/domain/clients/client-audit.ts';
import { aClient, aSite } from './client-factories.ts';

const sealed = (data: string) => ({ v: 1 as const, iv: 'iv', tag: 'tag', data });

describe('audit changes', () => {
  it('lists only the fields that changed, complex values as JSON', () => {
    expect(diffRecords({ a: 1, b: ['x'], c: 'same' }, { a: 2, b: ['x', 'y'], c: 'same' })).toEqual([
      { field: 'a', from: 1, to: 2 },
      { field: 'b', from: '["x"]', to: '["x","y"]' },
    ]);
    expect(auditValue(undefined)).toBeNull();
  });

  it('records client field changes by name', () => {
    const before = aClient({ name: 'Ann Lee', tags: [] });
    const after = { ...before, name: 'Ann Leigh', tags: ['vip'] };
    expect(clientChanges(before, after)).toEqual([
      { field: 'name', from: 'Ann Lee', to: 'Ann Leigh' },
      { field: 'tags', from: '[]', to: '["vip"]' },
    ]);
  });

  it('never writes a passcode into the audit log, only that it changed', () => {
    const site = aSite({ alarm: { ...aSite().alarm, passcode: sealed('secret-1') } });
    const changed = { ...site, alarm: { ...site.alarm, passcode: sealed('secret-2') } };
    const changes = siteChanges(site, changed, site.id);
    expect(changes).toEqual([{ field: `sites.${site.id}.alarm.passcode`, from: HIDDEN, to: '(changed)' }]);
    expect(JSON.stringify(siteChanges(null, site, site.id))).not.toContain('secret-1');
    expect(siteChanges(site, { ...site, alarm: { ...site.alarm, passcode: null } }, site.id)).toEqual([
      { field: `sites.${site.id}.alarm.passcode`, from: HIDDEN, to: null },
    ]);
  });
});
