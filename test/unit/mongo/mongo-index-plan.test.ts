import { describe, expect, it } from 'vitest';
import { COLLECTION_INDEXES } from '../../../src/domain/persistence/collection-indexes.ts';
import { OWN_PREFIX, defaultIndexName, planIndexes, wantedIndexes, type ExistingIndex, type WantedIndex } from '../../../src/adapters/mongo/mongo-indexes.ts';

/**
 * Findings 4 and 8: what a start creates and drops. `existing` is what `listIndexes` answers
 * (name, key, unique, partialFilterExpression, expireAfterSeconds).
 */
const want = wantedIndexes();
const of = (collection: string): WantedIndex[] => want.filter((w) => w.collection === collection);
const asListed = (w: WantedIndex): ExistingIndex => ({ name: w.name, key: w.keys, ...w.options });
const idIndex: ExistingIndex = { name: '_id_', key: { _id: 1 } };

/** A database on which the current version has already started once. */
function upToDate(): Map<string, ExistingIndex[]> {
  const m = new Map<string, ExistingIndex[]>();
  for (const w of want) m.set(w.collection, [...(m.get(w.collection) ?? [idIndex]), asListed(w)]);
  return m;
}

describe('MongoDB own-index plan', () => {
  it('every index the store creates carries the product prefix, one name per key and options', () => {
    expect(want.length).toBeGreaterThan(COLLECTION_INDEXES.length);
    for (const w of want) expect(w.name.startsWith(OWN_PREFIX), w.name).toBe(true);
    const names = want.map((w) => `${w.collection}/${w.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('an empty database gets every wanted index and nothing is dropped', () => {
    const plan = planIndexes(want, new Map());
    expect(plan.drop).toEqual([]);
    expect(plan.create).toHaveLength(want.length);
  });

  it('a second start (or a second instance) changes nothing', () => {
    expect(planIndexes(want, upToDate())).toEqual({ drop: [], create: [] });
  });

  it("indexes operations created are never dropped, in declared collections or any other", () => {
    const existing = upToDate();
    const ops: ExistingIndex = { name: 'ops_invoices_by_client_email', key: { 'd.clientEmail': 1 } };
    const report: ExistingIndex = { name: 'd.region_1_d.total_-1', key: { 'd.region': 1, 'd.total': -1 } };
    existing.get('invoices')!.push(ops, report);
    existing.set('reporting_cache', [idIndex, { name: 'k_1', key: { k: 1 } }]);
    expect(planIndexes(want, existing)).toEqual({ drop: [], create: [] });
  });

  it('an own index no entry declares any more is dropped', () => {
    const existing = upToDate();
    existing.get('jobs')!.push({ name: `${OWN_PREFIX}d.legacyField_1`, key: { 'd.legacyField': 1 } });
    expect(planIndexes(want, existing).drop).toEqual([{ collection: 'jobs', name: `${OWN_PREFIX}d.legacyField_1` }]);
  });

  it('switching an entry between unique and not unique drops our old index and creates the new one', () => {
    const existing = upToDate();
    const sku = of('inventory_items').find((w) => JSON.stringify(w.keys) === '{"d.sku":1}')!;
    expect(sku.options.unique).toBe(true);
    // As a version where the entry was not unique left it:
    const old: ExistingIndex = { name: `${OWN_PREFIX}d.sku_1`, key: { 'd.sku': 1 } };
    existing.set('inventory_items', existing.get('inventory_items')!.filter((e) => e.name !== sku.name).concat(old));
    const plan = planIndexes(want, existing);
    expect(plan.drop).toEqual([{ collection: 'inventory_items', name: old.name }]);
    expect(plan.create).toEqual([sku]);
  });

  it("indexes the old version created under the driver's default name are replaced by named ones", () => {
    const existing = new Map<string, ExistingIndex[]>();
    // What the previous start-up left: unique partial on email, default names everywhere.
    existing.set('employees', [
      idIndex,
      { name: 'd.email_1', key: { 'd.email': 1 }, unique: true, partialFilterExpression: { 'd.email': { $exists: true } } },
      { name: 'createdAt_1__id_1', key: { createdAt: 1, _id: 1 } },
    ]);
    const plan = planIndexes(want, existing);
    expect(plan.drop).toEqual([
      { collection: 'employees', name: 'd.email_1' },
      { collection: 'employees', name: 'createdAt_1__id_1' },
    ]);
    expect(plan.create.filter((c) => c.collection === 'employees').map((c) => c.name)).toContain(`${OWN_PREFIX}d.email_1__unique`);
  });

  it('an operator index with the same key and options serves the query: ours is not created beside it', () => {
    const existing = upToDate();
    const nameKey = of('clients').find((w) => JSON.stringify(w.keys) === '{"d.nameKey":1,"_id":1}')!;
    existing.set('clients', existing.get('clients')!.filter((e) => e.name !== nameKey.name).concat({ name: 'clients_by_name', key: nameKey.keys }));
    expect(planIndexes(want, existing)).toEqual({ drop: [], create: [] });
  });

  it('unique indexes on fields every document has are not partial, so they also sort unfiltered lists (finding 8)', () => {
    const unique = (collection: string, field: string) => want.find((w) => w.collection === collection && JSON.stringify(w.keys) === JSON.stringify({ [`d.${field}`]: 1 }))!;
    for (const [c, f] of [['invoices', 'number'], ['proposals', 'number'], ['inventory_items', 'sku'], ['employees', 'email'], ['jobs', 'number']] as const) {
      expect(unique(c, f).options, `${c}.${f}`).toEqual({ unique: true });
    }
    // A token that may be missing stays partial, so documents without it do not collide.
    expect(unique('proposals', 'publicToken').options).toEqual({ unique: true, partialFilterExpression: { 'd.publicToken': { $exists: true } } });
  });

  it('TTL and multikey term indexes are own indexes too', () => {
    expect(of('sessions').find((w) => w.options.expireAfterSeconds === 0)?.name).toBe(`${OWN_PREFIX}_ttl_1__ttl0`);
    expect(of('clients').some((w) => JSON.stringify(w.keys) === '{"d.search":1}')).toBe(true);
  });

  it("names follow the driver's default-name rule", () => {
    expect(defaultIndexName({ 'd.status': 1, createdAt: -1 })).toBe('d.status_1_createdAt_-1');
  });
});
