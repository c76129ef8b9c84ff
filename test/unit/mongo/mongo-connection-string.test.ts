import { describe, expect, it } from 'vitest';
import { StartupCheckError } from '../../../src/adapters/startup-check-error.ts';
import { parseMongoUrl } from '../../../src/adapters/mongo/mongo-connection.ts';

/**
 * Finding 1: a replica-set URL names several hosts, which a WHATWG URL (`new URL`) refuses, so
 * start-up crashed on the first real deployment. The driver's own parser reads it.
 */
describe('MongoDB connection strings', () => {
  it('reads a replica-set URL with three hosts and the database from its path', () => {
    const t = parseMongoUrl('mongodb://db1:27017,db2:27017,db3:27017/shieldline?replicaSet=rs0');
    expect(t).toEqual({ dbName: 'shieldline', hosts: ['db1:27017', 'db2:27017', 'db3:27017'], replicaSet: 'rs0', directConnection: false });
  });

  it('keeps credentials with escaped characters out of the database name and hosts', () => {
    const t = parseMongoUrl('mongodb://app:p%40ss%2Fw0rd@db1.internal:27017,db2.internal:27018/shieldline_prod?replicaSet=rs0&authSource=admin&w=majority');
    expect(t.dbName).toBe('shieldline_prod');
    expect(t.hosts).toEqual(['db1.internal:27017', 'db2.internal:27018']);
  });

  it.each([
    ['mongodb://127.0.0.1:27017/?replicaSet=rs0&directConnection=true', 'shieldline', true],
    ['mongodb://mongo:27017', 'shieldline', false],
    ['mongodb+srv://cluster0.example.net/prod?retryWrites=true', 'prod', false],
    ['mongodb://h1,h2/my%20db', 'my db', false],
  ])('%s → database %s', (url, dbName, direct) => {
    const t = parseMongoUrl(url);
    expect(t.dbName).toBe(dbName);
    expect(t.directConnection).toBe(direct);
  });

  it('refuses a string that is no MongoDB URL with one line naming DATABASE_URL, the password hidden', () => {
    let err: unknown;
    try {
      parseMongoUrl('mongodb://app:secret@');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StartupCheckError);
    expect((err as StartupCheckError).setting).toBe('DATABASE_URL');
    expect((err as Error).message).toMatch(/^DATABASE_URL 'mongodb:\/\/app:…@' is not a MongoDB connection string/);
    expect((err as Error).message).not.toContain('secret');
  });

  it('the URL WHATWG parsing the old start-up used throws on the same replica-set string', () => {
    // The regression this file guards: keep it visible why parseMongoUrl exists.
    expect(() => new URL('mongodb://db1:27017,db2:27017,db3:27017/shieldline?replicaSet=rs0')).toThrow();
  });
});
