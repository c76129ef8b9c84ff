/**
 * The SMS provider port. Off unless configured (no sender: no SMS, mail only). Numbers go out in
 * E.164 ("+15550102000"): src/domain/shared/phone.ts turns what staff typed on the client record
 * into that (textNumber), or null when a text cannot reach it.
 */
export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<{ id: string }>;
}
