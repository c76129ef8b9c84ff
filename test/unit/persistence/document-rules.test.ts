import { describe, expect, it } from 'vitest';
import { createDocumentStore, checkMaxAttempts, DEFAULT_MAX_ATTEMPTS } from '../../../src/domain/persistence/checked-document-store.ts';
import { DatabaseError, isDatabaseError, TERMINATED_MESSAGE, type DatabaseErrorCode } from '../../../src/domain/persistence/database-error.ts';
import { checkDocumentData, GeoPoint } from '../../../src/domain/persistence/document-data.ts';
import type { DocumentStoreDriver } from '../../../src/domain/persistence/document-store-driver.ts';
import { parseFieldPath } from '../../../src/domain/persistence/field-path.ts';
import { and, checkQuery, or, orderBy, where, type Query } from '../../../src/domain/persistence/query.ts';

const codeOf = (fn: () => unknown): DatabaseErrorCode | 'none' => {
  try {
    fn();
    return 'none';
  } catch (e) {
    if (e instanceof DatabaseError) return e.databaseCode;
    throw e;
  }
};

/** A driver that records every call: the rules must stop bad input before any is made. */
function spyDriver(): { driver: DocumentStoreDriver; calls: string[] } {
  const calls: string[] = [];
  const record = (name: string) => async () => {
    calls.push(name);
    return null as never;
  };
  const driver: DocumentStoreDriver = {
    get: record('get'),
    write: record('write'),
    commit: record('commit'),
    query: async () => (calls.push('query'), []),
    count: async () => (calls.push('count'), 0),
    watch: () => (calls.push('watch'), () => {}),
    ping: record('ping'),
    close: record('close'),
  };
  return { driver, calls };
}

const aStore = () => {
  const spy = spyDriver();
  let id = 0;
  const store = createDocumentStore(spy.driver, { clock: { now: () => new Date('2026-01-01T00:00:00Z') }, ids: { next: () => `id${(id += 1)}` } });
  return { store, calls: spy.calls };
};

describe('[R-DB-1] field names', () => {
  it.each(['', '__name__', '__x__', '____', 'a~b', 'a*b', 'a/b', 'a[0]', 'b]'])('[R-DB-1] rejects %j', (name) => {
    expect(codeOf(() => parseFieldPath(name))).toBe('invalid-argument');
    expect(codeOf(() => checkDocumentData({ [name]: 1 }))).toBe('invalid-argument');
  });

  it.each(['name', '_private', '__leading', 'trailing__', 'page-views', 'with space', 'ünïcode'])('[R-DB-1] accepts %j', (name) => {
    expect(parseFieldPath(name)).toEqual([name]);
    expect(codeOf(() => checkDocumentData({ [name]: 1 }))).toBe('none');
  });

  it('[R-DB-1] checks every segment of a dotted path', () => {
    expect(parseFieldPath('pageViews.home')).toEqual(['pageViews', 'home']);
    expect(codeOf(() => parseFieldPath('pageViews.'))).toBe('invalid-argument');
    expect(codeOf(() => parseFieldPath('pageViews.__x__'))).toBe('invalid-argument');
    expect(codeOf(() => parseFieldPath('a..b'))).toBe('invalid-argument');
  });

  it('[R-DB-1] checks keys of nested maps and of maps inside arrays', () => {
    expect(codeOf(() => checkDocumentData({ a: { 'b/c': 1 } }))).toBe('invalid-argument');
    expect(codeOf(() => checkDocumentData({ a: [{ '': 1 }] }))).toBe('invalid-argument');
  });

  it('rejects names no adapter can store portably ($-prefixed, quotes, backslashes)', () => {
    for (const name of ['$set', 'a"b', 'a\\b', 'a\u0001']) expect(codeOf(() => parseFieldPath(name))).toBe('invalid-argument');
  });
});

describe('[R-DB-2] nested arrays', () => {
  it('[R-DB-2] rejects an array directly inside an array', () => {
    expect(codeOf(() => checkDocumentData({ grid: [[1]] }))).toBe('invalid-argument');
    expect(codeOf(() => checkDocumentData({ deep: { rows: [1, [2]] } }))).toBe('invalid-argument');
  });

  it('[R-DB-2] accepts arrays of maps that hold arrays', () => {
    expect(codeOf(() => checkDocumentData({ lines: [{ serials: ['a', 'b'] }] }))).toBe('none');
  });
});

describe('[R-DB-3] geo points', () => {
  it.each([
    [-90, -180],
    [90, 180],
    [0, 0],
  ])('[R-DB-3] accepts (%d, %d)', (lat, lng) => {
    expect(new GeoPoint(lat, lng).toJSON()).toEqual({ latitude: lat, longitude: lng });
  });

  it.each([
    [-90.0001, 0],
    [90.5, 0],
    [0, -180.1],
    [0, 181],
    [Number.NaN, 0],
  ])('[R-DB-3] rejects (%d, %d) with invalid-argument', (lat, lng) => {
    expect(codeOf(() => new GeoPoint(lat, lng))).toBe('invalid-argument');
  });

  it('[R-DB-3] a forged geo point inside a document is rejected', () => {
    const forged = Object.create(GeoPoint.prototype) as GeoPoint;
    Object.assign(forged, { latitude: 100, longitude: 0 });
    expect(codeOf(() => checkDocumentData({ site: forged }))).toBe('invalid-argument');
  });
});

describe('query rules', () => {
  const bad = (q: Query) => codeOf(() => checkQuery(q));

  it('[R-DB-4] limitToLast requires an orderBy', () => {
    expect(bad({ limitToLast: 3 })).toBe('invalid-argument');
    expect(bad({ limitToLast: 3, orderBy: [orderBy('createdAt')] })).toBe('none');
  });

  it.each(['in', 'not-in', 'array-contains-any'] as const)('[R-DB-5] %s needs a non-empty array', (op) => {
    expect(bad({ where: [where('status', op, [])] })).toBe('invalid-argument');
    expect(bad({ where: [where('status', op, 'new')] })).toBe('invalid-argument');
    expect(bad({ where: [where('status', op, ['new'])] })).toBe('none');
  });

  it('[R-DB-6] at most one != or not-in per query, nested filters included', () => {
    expect(bad({ where: [where('a', '!=', 1), where('b', '!=', 2)] })).toBe('invalid-argument');
    expect(bad({ where: [where('a', '!=', 1), where('b', 'not-in', [2])] })).toBe('invalid-argument');
    expect(bad({ where: [or(where('a', 'not-in', [1]), where('b', '!=', 2))] })).toBe('invalid-argument');
    expect(bad({ where: [where('a', '!=', 1), where('b', '==', 2)] })).toBe('none');
  });

  it('[R-DB-7] a top-level composite filter cannot stand beside other filters', () => {
    expect(bad({ where: [and(where('a', '==', 1)), where('b', '==', 2)] })).toBe('invalid-argument');
    expect(bad({ where: [or(where('a', '==', 1)), and(where('b', '==', 2))] })).toBe('invalid-argument');
    expect(bad({ where: [and(where('a', '==', 1), or(where('b', '==', 2), where('c', '==', 3)))] })).toBe('none');
    expect(bad({ where: [where('a', '==', 1), where('b', '==', 2)] })).toBe('none');
  });

  it('rejects unknown operators, object operands, range on null and bad limits', () => {
    expect(bad({ where: [where('a', 'like' as never, 1)] })).toBe('invalid-argument');
    expect(bad({ where: [where('a', '==', { x: 1 } as never)] })).toBe('invalid-argument');
    expect(bad({ where: [where('a', '<', null)] })).toBe('invalid-argument');
    expect(bad({ limit: 0 })).toBe('invalid-argument');
    expect(bad({ limit: 1.5 })).toBe('invalid-argument');
    expect(bad({ limit: 1, limitToLast: 1, orderBy: [orderBy('a')] })).toBe('invalid-argument');
    expect(bad({ orderBy: [orderBy('a'), orderBy('a', 'desc')] })).toBe('invalid-argument');
    expect(bad({ startAfter: 'not-a-cursor' })).toBe('invalid-argument');
  });

  it('orders by id last, in the direction of the last orderBy', () => {
    expect(checkQuery({ orderBy: [orderBy('a', 'desc')] }).order.map((o) => [o.path.join('.'), o.direction])).toEqual([
      ['a', 'desc'],
      ['id', 'desc'],
    ]);
  });
});

describe('[R-DB-8] transaction attempts', () => {
  it('[R-DB-8] default 5, at least 1', () => {
    expect(DEFAULT_MAX_ATTEMPTS).toBe(5);
    expect(checkMaxAttempts()).toBe(5);
    expect(checkMaxAttempts({ maxAttempts: 1 })).toBe(1);
    for (const n of [0, -1, 1.5, Number.NaN]) expect(codeOf(() => checkMaxAttempts({ maxAttempts: n }))).toBe('invalid-argument');
  });
});

describe('invalid calls fail before the adapter is reached', () => {
  const expectRejected = async (p: Promise<unknown>, code: DatabaseErrorCode) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseError(err, code), String(err)).toBe(true);
  };

  it('[R-DB-1] [R-DB-2] [R-DB-4] [R-DB-8] none of these calls reaches the driver', async () => {
    const { store, calls } = aStore();
    const col = store.collection('clients');
    await expectRejected(col.set('x', { 'a/b': 1 }), 'invalid-argument');
    await expectRejected(col.create({ grid: [[1]] }), 'invalid-argument');
    await expectRejected(col.update('x', { 'a.__x__': 1 }), 'invalid-argument');
    await expectRejected(col.update('x', { createdAt: 'now' }), 'invalid-argument');
    await expectRejected(col.increment('x', { n: Number.NaN }), 'invalid-argument');
    await expectRejected(col.increment('x', { 'a.b': 1 }, { set: { a: 2 } }), 'invalid-argument');
    await expectRejected(col.query({ limitToLast: 1 }), 'invalid-argument');
    await expectRejected(col.count([where('a', 'in', [])]), 'invalid-argument');
    await expectRejected(col.get('../etc'), 'invalid-argument');
    await expectRejected(store.runTransaction(async () => 1, { maxAttempts: 0 }), 'invalid-argument');
    expect(() => col.subscribe({ where: [where('a', '!=', 1), where('b', '!=', 1)] }, () => {})).toThrow(DatabaseError);
    expect(() => store.collection('Bad/Name')).toThrow(DatabaseError);
    expect(calls).toEqual([]);
  });

  it('[R-ERR-4] after close every call fails with failed-precondition and the terminated message', async () => {
    const { store, calls } = aStore();
    await store.close();
    const col = store.collection('clients');
    for (const p of [col.get('a'), col.set('a', {}), col.query(), store.ping(), store.runTransaction(async () => 1)]) {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseError(err, 'failed-precondition')).toBe(true);
      expect((err as Error).message).toBe(TERMINATED_MESSAGE);
    }
    expect(calls).toEqual(['close']);
  });

  it('[R-ERR-4] database codes map onto domain codes for the HTTP table', () => {
    expect(new DatabaseError('invalid-argument', 'x').code).toBe('validation');
    expect(new DatabaseError('not-found', 'x').code).toBe('not-found');
    expect(new DatabaseError('failed-precondition', 'x').code).toBe('unavailable');
    expect(new DatabaseError('unimplemented', 'x').code).toBe('unavailable');
    expect(new DatabaseError('already-exists', 'x').code).toBe('conflict');
  });
});
