import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isDatabaseError } from '../../../src/domain/persistence/database-error.ts';
import { COLLECTION_INDEXES } from '../../../src/domain/persistence/collection-indexes.ts';
import { OWN_PREFIX, defaultIndexName, planIndexes, syncIndexes, wantedIndexes, type ExistingIndex, type IndexCatalog, type WantedIndex } from '../../../src/adapters/mongo/mongo-indexes.ts';

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

/**
 * A catalog like a database's: `list` answers what is there, `drop` and `create` change it and
 * fail the way MongoDB does (IndexNotFound 27, IndexOptionsConflict 85). `race` runs once before
 * the first drop or create, standing for another instance starting at the same moment.
 */
class FakeCatalog implements IndexCatalog {
  readonly indexes = new Map<string, ExistingIndex[]>();
  readonly calls: string[] = [];
  race: (() => void) | null = null;
  private raced(): void {
    const r = this.race;
    this.race = null;
    r?.();
  }
  async list(): Promise<Map<string, ExistingIndex[]>> {
    return new Map([...this.indexes].map(([c, l]) => [c, l.map((i) => ({ ...i }))]));
  }
  async drop(collection: string, name: string): Promise<void> {
    this.raced();
    this.calls.push(`drop ${collection}/${name}`);
    const list = this.indexes.get(collection) ?? [];
    if (!list.some((i) => i.name === name)) throw new MongoServerError({ errmsg: `index not found with name [${name}]`, code: 27, codeName: 'IndexNotFound' });
    this.indexes.set(collection, list.filter((i) => i.name !== name));
  }
  async create(w: WantedIndex): Promise<void> {
    this.raced();
    this.calls.push(`create ${w.collection}/${w.name}`);
    const list = this.indexes.get(w.collection) ?? [idIndex];
    const same = list.find((i) => JSON.stringify(i.key) === JSON.stringify(w.keys));
    if (same && same.name === w.name) return;
    if (same) throw new MongoServerError({ errmsg: `Index already exists with a different name: ${same.name}`, code: 85, codeName: 'IndexOptionsConflict' });
    this.indexes.set(w.collection, [...list, asListed(w)]);
  }
}

describe('MongoDB index sync (two instances starting together)', () => {
  const few = want.filter((w) => w.collection === 'inventory_items');

  it('a drop of an index another instance already dropped is fine', async () => {
    const catalog = new FakeCatalog();
    const stale: ExistingIndex = { name: `${OWN_PREFIX}d.legacy_1`, key: { 'd.legacy': 1 } };
    catalog.indexes.set('inventory_items', [idIndex, stale, ...few.map(asListed)]);
    catalog.race = () => catalog.indexes.set('inventory_items', catalog.indexes.get('inventory_items')!.filter((i) => i !== stale));
    await syncIndexes(catalog, few);
    expect(catalog.calls).toEqual([`drop inventory_items/${stale.name}`]);
    expect(planIndexes(few, await catalog.list())).toEqual({ drop: [], create: [] });
  });

  it('a create that conflicts with an index another instance just built re-plans and finishes', async () => {
    const catalog = new FakeCatalog();
    const sku = few.find((w) => w.name.includes('d.sku_1__unique'))!;
    // The other instance, still on the version where sku was not unique, builds that one first.
    catalog.race = () => catalog.indexes.set('inventory_items', [idIndex, { name: `${OWN_PREFIX}d.sku_1`, key: { 'd.sku': 1 } }]);
    await syncIndexes(catalog, few);
    expect(catalog.calls).toContain(`drop inventory_items/${OWN_PREFIX}d.sku_1`);
    expect((await catalog.list()).get('inventory_items')!.find((i) => i.name === sku.name)).toMatchObject({ unique: true });
    expect(planIndexes(few, await catalog.list())).toEqual({ drop: [], create: [] });
  });

  it('a conflict that stays (an index the store cannot replace) stops start-up with a clear failed-precondition', async () => {
    const catalog = new FakeCatalog();
    // An operator index on the same key as an entry but with other options: not ours to drop.
    catalog.indexes.set('inventory_items', [idIndex, { name: 'ops_sku', key: { 'd.sku': 1 } }]);
    const err = await syncIndexes(catalog, few).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseError(err, 'failed-precondition')).toBe(true);
    expect((err as Error).message).toMatch(/MongoDB refused an index the store needs: Index already exists with a different name: ops_sku\. Drop the conflicting index/);
    expect(catalog.calls.filter((c) => c === `create inventory_items/${few.find((w) => w.name.includes('d.sku_1__unique'))!.name}`)).toHaveLength(3);
  });
});
