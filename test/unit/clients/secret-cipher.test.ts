import { describe, expect, it } from 'vitest';
import { AesGcmSecretCipher } from '../../../src/adapters/crypto/aes-gcm-secret-cipher.ts';
import { passcodeContext } from '../../../src/domain/clients/secret-cipher.ts';

const KEY = 'k'.repeat(40);
const ctx = passcodeContext('client-1', 'site-1');

describe('AES-256-GCM secret cipher', () => {
  const cipher = new AesGcmSecretCipher(KEY);

  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = cipher.seal('4321#', ctx);
    expect(cipher.open(sealed, ctx)).toBe('4321#');
    expect(JSON.stringify(sealed)).not.toContain('4321');
  });

  it('uses a fresh IV each time, so equal passcodes do not look equal at rest', () => {
    const a = cipher.seal('1234', ctx);
    const b = cipher.seal('1234', ctx);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
  });

  it('detects a tampered ciphertext or tag', () => {
    const sealed = cipher.seal('1234', ctx);
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(() => cipher.open({ ...sealed, data: flip(sealed.data) }, ctx)).toThrow();
    expect(() => cipher.open({ ...sealed, tag: flip(sealed.tag) }, ctx)).toThrow();
    expect(() => cipher.open({ ...sealed, iv: flip(sealed.iv) }, ctx)).toThrow();
  });

  it('refuses a value moved to another site, or opened with another key', () => {
    const sealed = cipher.seal('1234', ctx);
    expect(() => cipher.open(sealed, passcodeContext('client-1', 'site-2'))).toThrow();
    expect(() => new AesGcmSecretCipher('x'.repeat(40)).open(sealed, ctx)).toThrow();
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => new AesGcmSecretCipher('short')).toThrow(/32/);
  });
});
