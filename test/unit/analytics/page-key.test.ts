import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { MAX_KEY_LENGTH, PUBLIC_PAGE_KEYS, pageKey, referrerKey, sanitizeKey } from '../../../src/domain/analytics/page-key.ts';

describe('PUBLIC_PAGE_KEYS', () => {
  it('are the keys of the public site’s own routes (web/src/routes), nothing else', () => {
    // Top-level route files minus the root layout, the back office, staff screens, token links and the customers' own hub.
    const NOT_PUBLIC = new Set(['__root', 'admin', 'employee-dashboard', 'vision-ai-analysis', 'i.$token', 'p.$token', 'portal']);
    const routes = readdirSync('web/src/routes').map((f) => f.replace(/\.tsx$/, '')).filter((f) => !NOT_PUBLIC.has(f));
    expect(routes.map((r) => pageKey(r === 'index' ? '/' : `/${r}`)).sort()).toEqual([...PUBLIC_PAGE_KEYS].sort());
  });
});

describe('pageKey', () => {
  it("[R-TRK-1] 'home' for /, otherwise the path without its leading slash", () => {
    const cases: [string, string][] = [
      ['/', 'home'],
      ['', 'home'],
      ['/services', 'services'],
      ['/quote', 'quote'],
      ['/admin/clients', 'admin/clients'],
      ['/Reviews', 'Reviews'],
      // Beyond the spec: trailing slashes, queries and fragments do not make new pages.
      ['/services/', 'services'],
      ['/admin/employees?tab=hours', 'admin/employees'],
      ['/support#faq', 'support'],
      ['/?utm_source=flyer', 'home'],
      ['//contact', 'contact'],
    ];
    for (const [path, key] of cases) expect(pageKey(path), path).toBe(key);
  });
});

describe('sanitizeKey', () => {
  it("[R-TRK-7] the characters / [ ] * ~ become '_'", () => {
    const cases: [string, string][] = [
      ['admin/clients', 'admin_clients'],
      ['a[0]', 'a_0_'],
      ['*~x', '__x'],
      ['x/y/z~[*]', 'x_y_z____'],
      ['services', 'services'],
      ['free-quote_2', 'free-quote_2'],
    ];
    for (const [key, safe] of cases) expect(sanitizeKey(key), key).toBe(safe);
  });

  it('[R-TRK-7] keys are also safe as one nested field name in SQLite JSON paths and MongoDB', () => {
    const cases: [string, string][] = [
      ['google.com', 'google_com'],
      ['$where', '_where'],
      ['a"b\\c', 'a_b_c'],
      ['tab\there\u0000', 'tab_here_'],
      ['', '_'],
      ['__proto__', 'x__proto__'],
      ['__', 'x__'],
      ['__private', '__private'],
      ['café/ünïcode', 'café_ünïcode'],
    ];
    for (const [key, safe] of cases) expect(sanitizeKey(key), JSON.stringify(key)).toBe(safe);

    const long = sanitizeKey('p'.repeat(MAX_KEY_LENGTH * 3));
    expect(long).toHaveLength(MAX_KEY_LENGTH);
  });

  it('[R-TRK-7] sanitising is idempotent and never leaves a forbidden character', () => {
    const samples = ['/a/b', '[x]', '~*~', '.$.', '__a__', '', 'ok', '/__proto__/', '"\\', 'ß.ç'];
    for (const s of samples) {
      const once = sanitizeKey(s);
      expect(sanitizeKey(once), s).toBe(once);
      expect(once).not.toMatch(/[/[\]*~.$"\\]/);
      expect(once).not.toBe('');
      expect(once.startsWith('__') && once.endsWith('__')).toBe(false);
    }
  });
});

describe('referrerKey', () => {
  it("[R-TRK-6] the referrer is its host, sanitised, with 'direct' as the default", () => {
    const cases: { ref: string | null; site?: string; key: string }[] = [
      { ref: null, key: 'direct' },
      { ref: '', key: 'direct' },
      { ref: 'not a url', key: 'direct' },
      { ref: 'https://www.google.com/search?q=alarm+installer', key: 'google_com' },
      { ref: 'https://WWW.Facebook.com/', key: 'facebook_com' },
      { ref: 'http://localhost:5173/quote', key: 'localhost' },
      { ref: 'android-app://com.google.android.gm/', key: 'com_google_android_gm' },
      { ref: 'https://shieldline.example/services', site: 'shieldline.example', key: 'direct' },
      { ref: 'https://www.shieldline.example/', site: 'shieldline.example:443', key: 'direct' },
      { ref: 'https://nextdoor.com/p/123', site: 'shieldline.example', key: 'nextdoor_com' },
    ];
    for (const c of cases) expect(referrerKey(c.ref, c.site), JSON.stringify(c)).toBe(c.key);
  });
});
