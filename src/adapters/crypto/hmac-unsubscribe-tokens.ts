import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeTokens } from '../../domain/notifications/notification.ts';

/**
 * The unsubscribe link's token: the subject ("client:<id>") and an HMAC-SHA256 of it under a key
 * derived from the site's secret, so it works without signing in and cannot be made for another
 * customer. It does not expire: an old mail's link still works, as the law expects.
 */
export class HmacUnsubscribeTokens implements UnsubscribeTokens {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('notifications/unsubscribe/v1').digest();
  }

  private mac(subject: string): Buffer {
    return createHmac('sha256', this.key).update(subject).digest().subarray(0, 18);
  }

  sign(subject: string): string {
    return `${Buffer.from(subject).toString('base64url')}.${this.mac(subject).toString('base64url')}`;
  }

  verify(token: string): string | null {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined || token.length > 600) return null;
    const subject = Buffer.from(body, 'base64url').toString();
    const given = Buffer.from(mac, 'base64url');
    const want = this.mac(subject);
    return given.length === want.length && timingSafeEqual(given, want) ? subject : null;
  }
}
