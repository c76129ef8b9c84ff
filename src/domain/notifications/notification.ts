/**
 * The office's in-app notifications and the ports of the notifications area. A notification is
 * stored once per idempotency key (a unique index on `key`), so the bell never counts an event
 * twice. Who sees it follows the record it is about: a quote request or a message needs
 * viewClients, a proposal viewProposals, a payment viewInvoices (admins see everything). Read
 * state is per person (`readBy` holds the user ids that read it).
 */
import type { Access } from '../auth/menu.ts';
import type { Job } from '../jobs/job.ts';
import type { TemplateKey, TemplateText } from './notification-template.ts';

export const OFFICE_KINDS = [
  'quote-requested',
  'contact-message',
  'support-message',
  'proposal-viewed',
  'proposal-accepted',
  'proposal-declined',
  'payment-received',
  'payment-failed',
  'service-requested',
  'customer-details-changed',
  'phone-cannot-text',
] as const;
export type OfficeKind = (typeof OFFICE_KINDS)[number];

/** What the notification links to: a back-office record (src/contracts/record-href.ts kinds). */
export interface NotificationRecord {
  kind: 'client' | 'job' | 'proposal' | 'invoice' | 'lead' | 'message';
  id: string;
  /** What a person reads: "P-0012", "Grace Lin". */
  label: string;
}

export interface OfficeNotification {
  id: string;
  key: string;
  kind: OfficeKind;
  title: string;
  body: string;
  record: NotificationRecord;
  /** Who may see it (the permission of the record's area). */
  access: Access;
  createdAt: string;
  readBy: string[];
}

export type NewOfficeNotification = Omit<OfficeNotification, 'id' | 'readBy'>;

export interface NotificationRepository {
  /** Stores it unless its key exists already; true when this call stored it. */
  addOnce(n: NewOfficeNotification): Promise<boolean>;
  /** Newest first. */
  latest(limit: number): Promise<OfficeNotification[]>;
  byKey(key: string): Promise<OfficeNotification | null>;
  markRead(ids: readonly string[], userId: string): Promise<void>;
}

export interface StoredTemplate extends TemplateText {
  key: TemplateKey;
  updatedAt: string;
  updatedBy: string;
}

export interface TemplateRepository {
  get(key: TemplateKey): Promise<StoredTemplate | null>;
  all(): Promise<StoredTemplate[]>;
  save(t: StoredTemplate): Promise<void>;
  remove(key: TemplateKey): Promise<void>;
}

/** Per-client choice: customer messages (mail and SMS) on or off. */
export interface CustomerPreferences {
  optedOut(clientId: string): Promise<boolean>;
  /** Sets the flag; `by` says who (a staff member's name, or "the customer (unsubscribe link)"). */
  setOptedOut(clientId: string, optedOut: boolean, by: string): Promise<void>;
}

/** Once-only side effects other than mail (SMS): claim before, complete after (see domain/schedule/idempotency-keys.ts). */
export interface OnceKeys {
  claim(key: string, scope: string, holder: string): Promise<boolean>;
  complete(key: string, result: Record<string, string | number | boolean | null>): Promise<void>;
  fail(key: string, error: string): Promise<void>;
}

/** Signs and checks the unsubscribe link's token (the client id, HMAC-signed). */
export interface UnsubscribeTokens {
  sign(clientId: string): string;
  /** The client id, or null for a forged or damaged token. */
  verify(token: string): string | null;
}

/** Reads a record's data for a customer message; null when it is gone. */
export interface JobReader {
  get(id: string): Promise<Job | null>;
  scheduledBetween(from: string, to: string, options: { employeeId: string | null; limit: number }): Promise<Job[]>;
}

