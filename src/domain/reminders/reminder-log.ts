/**
 * What the reminder run records, and the ports it stores through. The log doubles as the
 * idempotency record: an entry's id is `reminderKey(invoice, step)` and is claimed (created)
 * before anything is sent, so a step is handled at most once per invoice even when two server
 * instances run at once or the process stops mid-run. A crash between the claim and the mail
 * leaves the entry in 'sending': shown as stuck, for an admin to retry — at most once, never twice.
 */
import type { Actor } from '../audit/audit-entry.ts';
import type { ReminderPolicy } from './reminder-policy.ts';

export const REMINDER_OUTCOMES = ['sending', 'sent', 'skipped', 'failed'] as const;
export type ReminderOutcome = (typeof REMINDER_OUTCOMES)[number];

export interface ReminderLogEntry {
  /** reminderKey(invoiceId, stepId). */
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  clientId: string;
  clientName: string;
  stepId: string;
  offsetDays: number;
  status: ReminderOutcome;
  to: string | null;
  subject: string | null;
  lateFeeCents: number;
  /** When the step was claimed (ISO). */
  at: string;
  sentAt: string | null;
  mailId: string | null;
  error: string | null;
}

export interface ReminderLogQuery {
  status: ReminderOutcome | null;
  invoiceId: string | null;
  limit: number;
  cursor: string | null;
}

export interface ReminderLogPage {
  entries: ReminderLogEntry[];
  nextCursor: string | null;
}

export interface ReminderLogRepository {
  /** Creates the entry unless one with its id exists; false when it did (someone else has it). */
  claim(entry: ReminderLogEntry): Promise<boolean>;
  /** Steps already handled for an invoice, whatever their outcome. */
  handledSteps(invoiceId: string): Promise<Set<string>>;
  finish(id: string, outcome: { status: 'sent' | 'failed'; sentAt: string | null; mailId: string | null; error: string | null }): Promise<void>;
  get(id: string): Promise<ReminderLogEntry | null>;
  /** Newest first. */
  list(query: ReminderLogQuery): Promise<ReminderLogPage>;
  /** Forgets an entry so its step can be handled again (an admin's retry). */
  remove(id: string): Promise<void>;
}

export const PAUSE_SCOPES = ['client', 'invoice'] as const;
export type PauseScope = (typeof PAUSE_SCOPES)[number];

export interface ReminderPause {
  scope: PauseScope;
  targetId: string;
  /** The client's name or the invoice number, for the list. */
  label: string;
  pausedAt: string;
  pausedBy: string;
}

export interface ReminderSettingsRepository {
  /** The saved policy, or null before an admin first saves one. */
  getPolicy(): Promise<ReminderPolicy | null>;
  savePolicy(policy: ReminderPolicy, actor: Actor, at: string): Promise<void>;
  listPauses(): Promise<ReminderPause[]>;
  pause(pause: ReminderPause): Promise<void>;
  resume(scope: PauseScope, targetId: string): Promise<boolean>;
}

/** An invoice that may still owe money, as the reminder run sees it. */
export interface RemindableInvoice {
  id: string;
  number: string;
  clientId: string;
  clientName: string;
  /** Where reminders go; null when the client has no e-mail address. */
  email: string | null;
  /** The name of the contact holding `email`, whom the greeting names (null: "Hello,"). */
  contactName?: string | null;
  status: string;
  /** ISO date. */
  dueDate: string;
  /** ISO date the client first received the invoice (company time zone): reminders count from it. */
  firstSentDate: string;
  totalCents: number;
  balanceCents: number;
  /** The public link where the client views the invoice, when it has one. */
  publicUrl: string | null;
}

/** The invoices feature, as the reminders see it. */
export interface ReminderInvoices {
  /** Invoices with status sent or partial. */
  listUnpaid(): Promise<RemindableInvoice[]>;
  /** The client's name or the invoice's number, for a pause; null when there is no such record. */
  labelFor(scope: PauseScope, targetId: string): Promise<string | null>;
  /**
   * Adds a late fee as its own line, once per `key` (a second call with the same key changes
   * nothing); returns the invoice's balance afterwards.
   */
  addLateFee(invoiceId: string, fee: { description: string; amountCents: number; key: string }, actor: Actor): Promise<{ balanceCents: number; totalCents: number }>;
}
