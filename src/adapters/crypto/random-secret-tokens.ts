import { createHash, randomBytes } from 'node:crypto';
import type { SecretTokens } from '../../domain/jobs/calendar-feed.ts';

/** 256-bit random tokens (base64url, 43 characters); stored as their SHA-256. */
export const randomSecretTokens: SecretTokens = {
  newToken: () => randomBytes(32).toString('base64url'),
  hash: (token) => createHash('sha256').update(token, 'utf8').digest('hex'),
};
