import { describe, expect, it } from 'vitest';
import { isDatabaseError } from '../../../src/domain/persistence/database-error.ts';
import type { ReadCheck, WriteOp } from '../../../src/domain/persistence/document-store-driver.ts';
import { guardSteps, planCommit } from '../../../src/adapters/mongo/mongo-transaction.ts';

/** Finding 7: what a transaction's commit checks, from what it read and what it writes. */
const read = (id: string, version: number | null, collection = 'counters'): ReadCheck => ({ collection, id, version });
const create = (id: string): WriteOp => ({ kind: 'create', collection: 'invoices', id, data: { number: id } });

describe('MongoDB commit plan', () => {
  it('a document read twice at the same version is checked once (the second check used to abort every attempt)', () => {
    const plan = planCommit([read('inv-2026', 4), read('jobs', 9), read('inv-2026', 4)], [create('INV-2026-0005')]);
    expect(plan.checks).toEqual([read('inv-2026', 4), read('jobs', 9)]);
    expect(plan.readOnly).toBe(false);
  });

  it('the same id in two collections is two documents', () => {
    expect(planCommit([read('a', 1, 'x'), read('a', 2, 'y')], [create('z')]).checks).toHaveLength(2);
  });

  it('a document seen at two versions (or absent, then present) changed: aborted, so the store re-runs', () => {
    const changed = (() => {
      try {
        planCommit([read('seq', null), read('seq', 1)], [create('a')]);
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(isDatabaseError(changed, 'aborted')).toBe(true);
  });

  it('absent reads are kept as checks, to be guarded by a placeholder write', () => {
    const plan = planCommit([read('INV-2026-0001', null, 'invoices')], [create('INV-2026-0001')]);
    expect(plan.checks).toEqual([read('INV-2026-0001', null, 'invoices')]);
  });

  it('a transaction that only reads writes nothing: its checks are compared, not bumped', () => {
    expect(planCommit([read('a', 3), read('b', null)], []).readOnly).toBe(true);
    expect(planCommit([], []).checks).toEqual([]);
  });
});

describe('MongoDB read guards', () => {
  const now = '2026-11-26T05:00:00.000Z';

  it('an absent read writes a placeholder under that id and removes it, so a concurrent insert of the id collides', () => {
    // Two transactions that each saw INV-0001 absent and created different documents both
    // committed before: nothing they wrote touched the same key.
    expect(guardSteps(read('INV-0001', null, 'invoices'), now)).toEqual([
      { kind: 'insert-placeholder', collection: 'invoices', doc: { _id: 'INV-0001', _v: 0, createdAt: now, updatedAt: now, d: {} } },
      { kind: 'delete-placeholder', collection: 'invoices', filter: { _id: 'INV-0001' } },
    ]);
  });

  it('a present read bumps the version only where it is still the one read', () => {
    expect(guardSteps(read('seq', 12), now)).toEqual([{ kind: 'bump', collection: 'counters', filter: { _id: 'seq', _v: 12 } }]);
  });
});
