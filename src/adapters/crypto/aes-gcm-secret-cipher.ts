import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import type { SealedSecret } from '../../domain/clients/client.ts';
import type { SecretCipher } from '../../domain/clients/secret-cipher.ts';

/**
 * AES-256-GCM with a 96-bit random IV per value and the context as associated data. The key is
 * derived from the configured secret (CLIENT_SECRETS_KEY, else SESSION_SECRET) with scrypt and a
 * fixed, purpose-specific salt, so the same secret used for sessions yields an unrelated key.
 */
const SALT = 'shieldline/client-secrets/v1';

export class AesGcmSecretCipher implements SecretCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('The client secrets key must be at least 32 characters.');
    this.key = scryptSync(secret, SALT, 32);
  }

  seal(plaintext: string, context: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { v: 1, iv: iv.toString('base64url'), tag: cipher.getAuthTag().toString('base64url'), data: data.toString('base64url') };
  }

  open(sealed: SealedSecret, context: string): string {
    if (sealed.v !== 1) throw new Error(`Unknown sealed-secret format ${String(sealed.v)}.`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    // final() throws when the tag does not match: tampered, another key or another context.
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
