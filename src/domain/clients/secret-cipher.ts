import type { SealedSecret } from './client.ts';

/**
 * Seals small secrets (alarm passcodes) for storage. `context` is bound into the ciphertext as
 * associated data (e.g. "client:<id>/site:<id>"), so a sealed value copied to another site
 * fails to open there. `open` throws when the value was tampered with or sealed by another key.
 */
export interface SecretCipher {
  seal(plaintext: string, context: string): SealedSecret;
  open(sealed: SealedSecret, context: string): string;
}

export const passcodeContext = (clientId: string, siteId: string): string => `client:${clientId}/site:${siteId}/passcode`;
