import { createHash } from 'node:crypto';
import {
  isPermanentMailError,
  mailErrorText,
  nextAttempt,
  type MailAbout,
  type MailKind,
  type MailOutbox,
  type MailQueue,
  type Mailer,
  type MailMessage,
  type OutboxMail,
  type OutboxQuery,
  type OutboxStatus,
  type SentMail,
} from '../../domain/mail/mailer.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { Collection, DocumentStore } from '../../domain/persistence/document-store.ts';
import { where, type Filter } from '../../domain/persistence/query.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { searchWords } from '../../domain/shared/search.ts';

export const OUTBOX = 'outbox';

type AttachmentDoc = { filename: string; contentType: string; size: number };
type Doc = {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  sentAt: string;
  attachments?: AttachmentDoc[];
  // Fields below came with delivery tracking; older documents lack them (read as 'kept').
  kind?: MailKind;
  about?: MailAbout[];
  /** Ids of `about`, for "filter by record". */
  refs?: string[];
  /** Folded words of recipient, subject and record labels (term index). */
  search?: string[];
  status?: OutboxStatus;
  attempts?: number;
  /** `attempts` when an admin last retried: the retry schedule starts again from there. */
  retryBase?: number;
  lastError?: string | null;
  nextAttemptAt?: string | null;
  claimedAt?: string | null;
  deliveredAt?: string | null;
  retryable?: boolean;
  /** Attachment bytes (base64) of a queued mail, until it is delivered. */
  payload?: string[] | null;
  /** Sent as List-Unsubscribe (a customer mail). */
  unsubscribeUrl?: string | null;
};

/** An attempt still 'sending' after this long was cut short (a crash): it is tried again. */
const STUCK_AFTER_MS = 10 * 60_000;

const wordsOf = (m: MailMessage): string[] =>
  [...new Set(searchWords([m.to, m.subject, ...(m.about ?? []).map((a) => a.label)].join(' '), { maxLength: 40 }))].slice(0, 60);

/** The document id of a queued mail: the same key always names the same mail. */
const keyId = (key: string): string => `mail-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

/**
 * The outbox on the document store: every mail the site writes is a document here. Without a
 * transport (no SMTP_URL) that is all ("kept"): staff read it in the back office, and a fresh
 * install works with no mail server. With one, `send` delivers at once and records the outcome,
 * and `enqueue` stores the mail as queued and delivers it in the background (`deliverDue` from the
 * scheduler, and a first attempt right away), retrying on the RETRY_DELAYS_MS schedule; an SMTP
 * 5xx answer fails it at once. Attempts are claimed in a transaction, so two processes never
 * deliver the same attempt.
 */
export class DocumentOutboxMailer implements Mailer, MailQueue, MailOutbox {
  private readonly store: DocumentStore;
  private readonly outbox: Collection<Doc>;
  private readonly clock: Clock;
  private readonly nextId: () => string;
  private readonly transport: Mailer | null;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly onError: (err: unknown, id: string) => void;

  constructor(store: DocumentStore, clock: Clock, ids: IdGenerator, transport: Mailer | null = null, onError: (err: unknown, id: string) => void = () => {}) {
    this.store = store;
    this.outbox = store.collection<Doc>(OUTBOX);
    this.clock = clock;
    this.nextId = () => ids.next();
    this.transport = transport;
    this.onError = onError;
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  private docOf(m: MailMessage, status: OutboxStatus, retryable: boolean): Doc {
    const doc: Doc = {
      to: m.to,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      text: m.text,
      sentAt: this.now(),
      kind: m.kind ?? 'other',
      about: (m.about ?? []).map((a) => ({ ...a })),
      refs: (m.about ?? []).map((a) => a.id),
      search: wordsOf(m),
      status,
      attempts: 0,
      retryBase: 0,
      lastError: null,
      nextAttemptAt: null,
      claimedAt: null,
      deliveredAt: null,
      retryable,
      payload: null,
      unsubscribeUrl: m.unsubscribeUrl ?? null,
    };
    if (m.attachments?.length) doc.attachments = m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.byteLength }));
    return doc;
  }

  /** Delivers now when there is a mail server (throwing its refusal); the outcome is kept either way. */
  async send(m: MailMessage): Promise<SentMail> {
    if (!this.transport) return { id: (await this.outbox.create(this.docOf(m, 'kept', false), this.nextId())).id };
    const id = this.nextId();
    await this.outbox.create({ ...this.docOf(m, 'sending', false), claimedAt: this.now() }, id);
    try {
      await this.transport.send(m);
    } catch (err) {
      await this.outbox.update(id, { status: 'failed', attempts: 1, lastError: mailErrorText(err), claimedAt: null });
      throw err;
    }
    await this.outbox.update(id, { status: 'sent', attempts: 1, deliveredAt: this.now(), claimedAt: null });
    return { id };
  }

  /** Stores the mail (once per key) and starts delivering it; resolves once it is stored. */
  async enqueue(m: MailMessage, key: string): Promise<SentMail> {
    const id = keyId(key);
    const now = this.now();
    const firstAttempt = m.deliverAt && m.deliverAt > now ? m.deliverAt : now;
    const doc = this.transport
      ? { ...this.docOf(m, 'queued', true), nextAttemptAt: firstAttempt, payload: (m.attachments ?? []).map((a) => Buffer.from(a.content).toString('base64')) }
      : this.docOf(m, 'kept', false);
    try {
      await this.outbox.create(doc, id);
    } catch (err) {
      if (err instanceof DatabaseError && err.databaseCode === 'already-exists') return { id };
      throw err;
    }
    // A mail for later (deliverAt) waits for the scheduler's deliverDue; claim() would refuse it now anyway.
    if (this.transport && firstAttempt === now) this.track(this.deliver(id));
    return { id };
  }

  private track(p: Promise<unknown>): void {
    const t = p.catch(() => undefined).finally(() => this.pending.delete(t));
    this.pending.add(t);
  }

  /** Claims the mail's next attempt; false when it is not due or another process has it. */
  private async claim(id: string, now: string, force: boolean): Promise<StoredDocument<Doc> | null> {
    const stuckBefore = new Date(Date.parse(now) - STUCK_AFTER_MS).toISOString();
    return this.store.runTransaction(async (tx) => {
      const d = await tx.get<Doc>(OUTBOX, id);
      if (!d) return null;
      const due = d.status === 'queued' && (force || (d.nextAttemptAt ?? '') <= now);
      const stuck = d.status === 'sending' && (d.claimedAt ?? '') < stuckBefore && d.retryable === true;
      if (!due && !stuck) return null;
      tx.update(OUTBOX, id, { status: 'sending', claimedAt: now });
      return d;
    });
  }

  /** One delivery attempt of a queued mail (nothing when it is not due). */
  private async deliver(id: string, force = false, now = this.now()): Promise<void> {
    if (!this.transport) return;
    const d = await this.claim(id, now, force);
    if (!d) return;
    const attempts = (d.attempts ?? 0) + 1;
    const message: MailMessage = {
      to: d.to,
      ...(d.replyTo ? { replyTo: d.replyTo } : {}),
      subject: d.subject,
      text: d.text,
      ...(d.unsubscribeUrl ? { unsubscribeUrl: d.unsubscribeUrl } : {}),
      ...(d.attachments?.length
        ? { attachments: d.attachments.map((a, i) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(d.payload?.[i] ?? '', 'base64') })) }
        : {}),
    };
    try {
      await this.transport.send(message);
    } catch (err) {
      const next = isPermanentMailError(err) ? null : nextAttempt(attempts - (d.retryBase ?? 0), this.clock.now());
      this.onError(err, id);
      await this.outbox.update(id, { status: next ? 'queued' : 'failed', attempts, lastError: mailErrorText(err), nextAttemptAt: next, claimedAt: null });
      return;
    }
    await this.outbox.update(id, { status: 'sent', attempts, lastError: null, nextAttemptAt: null, claimedAt: null, deliveredAt: this.now(), payload: null });
  }

  /** The scheduler's job: every queued mail whose next attempt is due (and attempts cut short), oldest first. */
  async deliverDue(at: Date = this.clock.now(), limit = 50): Promise<{ tried: number }> {
    if (!this.transport) return { tried: 0 };
    const now = at.toISOString();
    const stuckBefore = new Date(Date.parse(now) - STUCK_AFTER_MS).toISOString();
    const [due, stuck] = await Promise.all([
      this.outbox.query({ where: [where('status', '==', 'queued'), where('nextAttemptAt', '<=', now)], orderBy: [{ field: 'nextAttemptAt' }], limit }),
      this.outbox.query({ where: [where('status', '==', 'sending'), where('claimedAt', '<', stuckBefore)], orderBy: [{ field: 'claimedAt' }], limit }),
    ]);
    const ids = [...due.docs, ...stuck.docs].map((d) => d.id);
    for (const id of ids) await this.deliver(id, false, now);
    return { tried: ids.length };
  }

  async retry(id: string): Promise<OutboxMail> {
    const d = await this.outbox.get(id);
    if (d && (d.status === 'failed' || d.status === 'queued')) {
      await this.outbox.update(id, { status: 'queued', nextAttemptAt: this.now(), retryBase: d.attempts ?? 0 });
      await this.deliver(id, true);
    }
    const after = await this.get(id);
    if (!after) throw new DatabaseError('not-found', `No mail ${id}.`);
    return after;
  }

  /** Waits for the deliveries started in the background (on shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Newest first, for the back office. */
  async list(limit: number): Promise<OutboxMail[]> {
    const page = await this.outbox.query({ orderBy: [{ field: 'sentAt', direction: 'desc' }], limit });
    return page.docs.map(toMail);
  }

  async page(q: OutboxQuery): Promise<{ items: OutboxMail[]; nextCursor: string | null }> {
    const filters: Filter[] = [];
    if (q.status !== null) filters.push(where('status', '==', q.status));
    if (q.related !== null) filters.push(where('refs', 'array-contains', q.related));
    for (const w of q.words.slice(0, 4)) filters.push(where('search', 'array-contains-prefix', w.slice(0, 40)));
    const page = await this.outbox.query({ where: filters, orderBy: [{ field: 'sentAt', direction: 'desc' }], limit: q.limit, ...(q.cursor ? { startAfter: q.cursor } : {}) });
    return { items: page.docs.map(toMail), nextCursor: page.nextCursor };
  }

  async get(id: string): Promise<OutboxMail | null> {
    const d = await this.outbox.get(id);
    return d ? toMail(d) : null;
  }
}

function toMail(d: StoredDocument<Doc>): OutboxMail {
  return {
    id: d.id,
    to: d.to,
    ...(d.replyTo ? { replyTo: d.replyTo } : {}),
    subject: d.subject,
    text: d.text,
    sentAt: d.sentAt,
    ...(d.attachments ? { attachments: d.attachments.map((a) => ({ ...a })) } : {}),
    kind: d.kind ?? 'other',
    about: (d.about ?? []).map((a) => ({ ...a })),
    status: d.status ?? 'kept',
    attempts: d.attempts ?? 0,
    lastError: d.lastError ?? null,
    nextAttemptAt: d.nextAttemptAt ?? null,
    deliveredAt: d.deliveredAt ?? null,
    retryable: d.retryable ?? false,
  };
}
