import { describe, expect, it } from 'vitest';
import { compileAfter, compileCount, compileFilter, compileJsonSet, type FilterContext } from '../../../src/adapters/sqlite/sqlite-query-compiler.ts';
import type { NormalizedFilter } from '../../../src/domain/persistence/query.ts';

const ctx = (over: Partial<FilterContext> = {}): FilterContext => ({
  collection: 'jobs',
  rangeSize: () => 1,
  documents: () => 100,
  maxIdMatches: 2000,
  idList: false,
  ...over,
});
const field = (path: string, op: string, value: unknown) => ({ kind: 'field', path: path.split('.'), op, value }) as NormalizedFilter;

describe('the SQLite query compiler', () => {
  it.each([
    ['a string equality needs no type check: no other JSON type reads as that text', field('status', '==', 'open'), `json_extract(data, '$."status"') = ?`, ['open']],
    ['a string that could be an array’s or object’s JSON text keeps its JSON type', field('status', '==', '[1]'), `(json_type(data, '$."status"') = 'text' AND json_extract(data, '$."status"') = ?)`, ['[1]']],
    ['a boolean binds 1/0 so an index can seek it', field('lowStock', '==', true), `(json_type(data, '$."lowStock"') = 'true' AND json_extract(data, '$."lowStock"') = ?)`, [1n]],
    ['== null matches an explicit null only', field('a.b', '==', null), `json_type(data, '$."a"."b"') = 'null'`, []],
    ['a meta field reads its column', field('createdAt', '>', '2026-01-01'), `('text' = 'text' AND created_at > ?)`, ['2026-01-01']],
  ])('%s', (_what, filter, sql, params) => {
    expect(compileFilter(filter, ctx())).toEqual({ sql, params });
  });

  it('binds every value: a quote in a value never reaches the SQL text', () => {
    const c = compileFilter(field('title', 'in', ["O'Brien", 'x']), ctx());
    expect(c.sql).not.toContain("O'Brien");
    expect(c.params).toEqual(["O'Brien", 'x']);
  });

  it('a rare term prefix on a term-indexed field becomes an id list from document_terms', () => {
    const c = ctx({ rangeSize: () => 3 });
    const sql = compileFilter(field('terms', 'array-contains-prefix', 'smi'), c);
    expect(sql.sql).toContain('documents.id IN (SELECT t.id');
    expect(sql.params).toEqual(['smi', 'smj']);
    expect(c.idList).toBe(true);
  });

  it('a common term prefix walks the collection checking each document', () => {
    const c = ctx({ rangeSize: () => 5000 });
    expect(compileFilter(field('terms', 'array-contains-prefix', 'a'), c).sql).toContain('EXISTS (SELECT 1 FROM document_terms AS u');
    expect(c.idList).toBe(false);
  });

  it('a cursor continues after the last row, nulls first', () => {
    const after = compileAfter([{ path: ['name'], direction: 'asc' }, { path: ['id'], direction: 'asc' }], ['Ada', 'c1']);
    expect(after.sql).toBe(`(json_extract(data, '$."name"') > ? OR (json_extract(data, '$."name"') = ? AND id > ?))`);
    expect(after.params).toEqual(['Ada', 'Ada', 'c1']);
  });

  it('counts within the collection\'s table and writes increments and fields with json_set', () => {
    expect(compileCount('jobs', null, ctx())).toEqual({ sql: `SELECT count(*) AS n FROM "docs_jobs" AS documents WHERE 1`, params: [] });
    const set = compileJsonSet('data', [{ path: ['a'], value: { b: 1 } }], [{ path: ['n'], by: 2 }]);
    expect(set.sql).toBe(`json_set(data, '$."n"', coalesce(json_extract(data, '$."n"'), 0) + ?, '$."a"', json(?))`);
    expect(set.params).toEqual([2n, '{"b":1}']);
  });
});
