import { sqliteFileFromUrl } from '../../src/adapters/open-document-store.ts';
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('loadConfig', () => {
  it('runs fully embedded when nothing is set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ kind: 'sqlite', url: `sqlite:${resolve('./data/app.db')}`, file: resolve('./data/app.db') });
    expect(c.storageUrl).toBe(`file:${resolve('./data/files')}`);
    expect(c.company.copyrightYear).toBe(2025);
    expect(c.env).toBe('development');
    expect(c.money).toEqual({ currency: 'USD', locale: 'en-US' });
  });

  it('reads the currency and locale money is shown in, and refuses ones Intl does not know', () => {
    expect(loadConfig({ CURRENCY: 'eur', LOCALE: 'de-DE' }).money).toEqual({ currency: 'EUR', locale: 'de-DE' });
    let error: unknown;
    try {
      loadConfig({ CURRENCY: 'EURO', LOCALE: 'not a locale' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    expect(issues).toMatch(/^CURRENCY: must be an ISO 4217 currency code/m);
    expect(issues).toMatch(/^LOCALE: must be a BCP 47 language tag/m);
    expect(() => loadConfig({ CURRENCY: 'XYZ' })).toThrow(/CURRENCY/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', COMPANY_NAME: '' }).port).toBe(3000);
  });

  it('reads the database file from DATABASE_URL and the data folder from DATA_DIR', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/x', DATABASE_URL: 'sqlite:/tmp/y/db.sqlite' });
    expect(c.dataDir).toBe('/tmp/x');
    expect(c.database).toMatchObject({ kind: 'sqlite', file: '/tmp/y/db.sqlite' });
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).database).toMatchObject({ file: '/tmp/x/app.db' });
    // Percent-encoded paths mean the same file to the config (backup, restore) and the adapter.
    const spaced = loadConfig({ DATABASE_URL: 'sqlite:/tmp/my%20data/app%2525.db' }).database;
    expect(spaced).toMatchObject({ kind: 'sqlite', file: '/tmp/my data/app%25.db' });
    expect(sqliteFileFromUrl((spaced as { url: string }).url)).toBe('/tmp/my data/app%25.db');
    expect(loadConfig({ DATABASE_URL: 'mongodb://db:27017/app?replicaSet=rs0' }).database).toEqual({ kind: 'mongodb', url: 'mongodb://db:27017/app?replicaSet=rs0' });
  });

  it('names every bad variable in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', COMPANY_EMAIL: 'nobody', DATABASE_URL: 'postgres://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    expect(issues).toMatch(/^PORT: .*"eighty"/m);
    expect(issues).toMatch(/^COMPANY_EMAIL: must be an e-mail address/m);
    expect(issues).toMatch(/^DATABASE_URL: must start with sqlite: or mongodb:\/\/.*\[hidden\]/m);
  });

  it('requires real sign-in, secrets and a public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /GOOGLE_CLIENT_ID: required in production[\s\S]*SESSION_SECRET: required[\s\S]*ADMIN_USER_IDS: required[\s\S]*PUBLIC_URL: required/,
    );
  });

  it('refuses half of the Google credentials', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x' })).toThrow(/set both or neither/);
  });
});
