/**
 * Automatic payment attempts (docs/payments.md "Retries"): each off-session charge of an invoice
 * to the card on file is one attempt, kept in its own record (`<invoice id>:<n>`). A declined
 * attempt is tried again at most MAX_AUTO_PAY_ATTEMPTS times in all, at least RETRY_AFTER_MS
 * apart, by the scheduler; the next attempt is claimed in one transaction (the failed attempt's
 * `nextAttemptAt` is cleared as attempt n+1 is created), so two instances never both charge it.
 * An attempt whose charge was cut short (a crash) is charged again with the same idempotency key,
 * which the provider answers with its first answer: still one charge.
 */

export const MAX_AUTO_PAY_ATTEMPTS = 4;
/** At least this long between two attempts on one invoice (20 hours). */
export const AUTO_PAY_RETRY_AFTER_MS = 20 * 3_600_000;
/** An attempt still 'charging' after this long was cut short: it may be claimed again. */
export const AUTO_PAY_STUCK_AFTER_MS = 10 * 60_000;

export type AutoPayAttemptStatus = 'charging' | 'succeeded' | 'failed' | 'skipped';

export interface AutoPayAttempt {
  invoiceId: string;
  clientId: string;
  /** 1 … MAX_AUTO_PAY_ATTEMPTS. */
  attempt: number;
  status: AutoPayAttemptStatus;
  /** When this attempt was claimed (ISO). */
  at: string;
  holder: string;
  /** The provider's payment id, when there is one. */
  reference: string | null;
  /** Why it failed or was skipped. */
  reason: string | null;
  /** A failed attempt with another to come: when it is due; null once there is none (or it is claimed). */
  nextAttemptAt: string | null;
  /** Why no further attempt follows a failed one (the invoice was paid another way, auto-pay is off). */
  closedReason: string | null;
}

export type AutoPayOutcome = { status: 'succeeded'; reference: string } | { status: 'failed'; reference: string | null; reason: string } | { status: 'skipped'; reason: string };

export interface AutoPayAttemptStore {
  /** Claims attempt 1 of the invoice; null when it exists already (another run has it). */
  claimFirst(invoiceId: string, clientId: string, now: Date, holder: string): Promise<AutoPayAttempt | null>;
  /**
   * Claims what follows `previous`: the next attempt when `previous` failed and is due, or
   * `previous` itself again when it is a 'charging' attempt cut short. Null when it is not (any
   * more) due, or another instance claimed it first.
   */
  claimNext(previous: AutoPayAttempt, now: Date, holder: string): Promise<AutoPayAttempt | null>;
  /** Failed attempts whose next attempt is due, and attempts cut short, oldest first. */
  listDue(now: Date, limit: number): Promise<AutoPayAttempt[]>;
  /** Records the outcome of a claimed attempt. */
  finish(invoiceId: string, attempt: number, outcome: AutoPayOutcome, nextAttemptAt: string | null): Promise<AutoPayAttempt>;
  /** No attempt follows this failed one, and why. */
  close(invoiceId: string, attempt: number, reason: string): Promise<void>;
  /** The invoice's attempts, first to last. */
  listFor(invoiceId: string): Promise<AutoPayAttempt[]>;
  /** The client's latest attempts, newest first. */
  listForClient(clientId: string, limit: number): Promise<AutoPayAttempt[]>;
}

/** When attempt `attempt`, failed at `failedAt`, is tried again; null after the last. */
export function nextAutoPayAttemptAt(attempt: number, failedAt: Date): string | null {
  return attempt >= MAX_AUTO_PAY_ATTEMPTS ? null : new Date(failedAt.getTime() + AUTO_PAY_RETRY_AFTER_MS).toISOString();
}

export const autoPayAttemptId = (invoiceId: string, attempt: number): string => `${invoiceId}:${attempt}`;
