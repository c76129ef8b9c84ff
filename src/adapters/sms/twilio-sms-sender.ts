import type { SmsMessage, SmsSender } from '../../domain/notifications/sms-sender.ts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID ("MG…"). */
  from: string;
  /** https://api.twilio.com unless told otherwise (tests: the loopback peer). */
  apiUrl: string;
}

/**
 * SMS through Twilio's Programmable Messaging REST API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To/From/Body, HTTP Basic auth with the account SID and auth token), over fetch.
 * The official `twilio` package reaches another host only through a custom httpClient; this
 * adapter speaks the same documented endpoint directly so the API address is plain configuration
 * (TWILIO_API_URL) and no SDK is added to a shared dependency tree (docs/notifications.md).
 */
export class TwilioSmsSender implements SmsSender {
  private readonly settings: TwilioSettings;
  constructor(settings: TwilioSettings) {
    this.settings = settings;
  }

  async send(message: SmsMessage): Promise<{ id: string }> {
    const s = this.settings;
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    form.set(s.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', s.from);
    const url = `${s.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
    if (!res.ok || !body.sid) throw new Error(`The SMS provider refused the message (${res.status}${body.code ? `, code ${body.code}` : ''}): ${body.message ?? 'no reason given'}`);
    return { id: body.sid };
  }
}
