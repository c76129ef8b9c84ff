/**
 * The SMS provider port. Off unless configured (no sender: no SMS, mail only). Numbers go out in
 * E.164 ("+15550102000"); `toE164` turns what staff typed on the client record into that, or
 * null when it cannot be a phone number.
 */
export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<{ id: string }>;
}

/**
 * "(555) 010-2000", "555.010.2000", "+44 20 7946 0958", "001 555 010 2000" → E.164. A national
 * number without a country code takes `defaultCountryCode` (1 for the US/Canada locale).
 */
export function toE164(raw: string | null | undefined, defaultCountryCode = '1'): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  let digits = trimmed.replace(/[^\d]/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.startsWith('00')) {
    digits = digits.slice(2);
    return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  }
  if (defaultCountryCode === '1') {
    if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
    return digits.length === 10 ? `+1${digits}` : null;
  }
  digits = digits.replace(/^0/, '');
  const full = `${defaultCountryCode}${digits}`;
  return full.length >= 8 && full.length <= 15 ? `+${full}` : null;
}
