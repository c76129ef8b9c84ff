import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { isDatabaseError } from '../../domain/persistence/database-error.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { where, type Filter } from '../../domain/persistence/query.ts';
import type { PauseScope, ReminderLogEntry, ReminderLogPage, ReminderLogQuery, ReminderLogRepository, ReminderPause, ReminderSettingsRepository } from '../../domain/reminders/reminder-log.ts';
import { DEFAULT_GRACE_DAYS, type LateFee, type ReminderPolicy } from '../../domain/reminders/reminder-policy.ts';
import type { Actor } from '../../domain/audit/audit-entry.ts';

export const REMINDER_LOG = 'reminder_log';
export const REMINDER_SETTINGS = 'reminder_settings';
export const REMINDER_PAUSES = 'reminder_pauses';

type LogDoc = Omit<ReminderLogEntry, 'id'>;

const toEntry = (d: StoredDocument<LogDoc>): ReminderLogEntry => ({
  id: d.id,
  invoiceId: d.invoiceId,
  invoiceNumber: d.invoiceNumber,
  clientId: d.clientId,
  clientName: d.clientName,
  stepId: d.stepId,
  offsetDays: d.offsetDays,
  status: d.status,
  to: d.to,
  subject: d.subject,
  lateFeeCents: d.lateFeeCents,
  at: d.at,
  sentAt: d.sentAt,
  mailId: d.mailId,
  error: d.error,
});

/** The reminder log on the document store; an entry's id is its idempotency key. */
export class DocumentReminderLog implements ReminderLogRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get log() {
    return this.store.collection<LogDoc>(REMINDER_LOG);
  }

  async claim(entry: ReminderLogEntry): Promise<boolean> {
    const { id, ...doc } = entry;
    try {
      await this.log.create(doc, id);
      return true;
    } catch (e) {
      if (isDatabaseError(e, 'already-exists')) return false;
      throw e;
    }
  }

  async handledSteps(invoiceId: string): Promise<Set<string>> {
    const page = await this.log.query({ where: [where('invoiceId', '==', invoiceId)], limit: 100 });
    return new Set(page.docs.map((d) => d.stepId));
  }

  async finish(id: string, outcome: { status: 'sent' | 'failed'; sentAt: string | null; mailId: string | null; error: string | null }): Promise<void> {
    await this.log.update(id, { ...outcome });
  }

  async get(id: string): Promise<ReminderLogEntry | null> {
    const d = await this.log.get(id);
    return d ? toEntry(d) : null;
  }

  async list(q: ReminderLogQuery): Promise<ReminderLogPage> {
    const filters: Filter[] = [];
    if (q.status !== null) filters.push(where('status', '==', q.status));
    if (q.invoiceId !== null) filters.push(where('invoiceId', '==', q.invoiceId));
    const page = await this.log.query({ where: filters, orderBy: [{ field: 'at', direction: 'desc' }], limit: q.limit, ...(q.cursor ? { startAfter: q.cursor } : {}) });
    return { entries: page.docs.map(toEntry), nextCursor: page.nextCursor };
  }

  async remove(id: string): Promise<void> {
    await this.log.delete(id);
  }
}

type StepDoc = { id: string; offsetDays: number; subject: string; body: string; lateFee: LateFee | null };
/** `graceDays` is absent on policies saved before grace periods existed. */
type PolicyDoc = { enabled: boolean; graceDays?: number; steps: StepDoc[]; savedAt: string; savedBy: string };
type PauseDoc = Omit<ReminderPause, never>;
const pauseId = (scope: PauseScope, targetId: string) => `${scope}:${targetId}`;

/** The reminder policy (one document) and the pauses. */
export class DocumentReminderSettings implements ReminderSettingsRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async getPolicy(): Promise<ReminderPolicy | null> {
    const d = await this.store.collection<PolicyDoc>(REMINDER_SETTINGS).get('policy');
    if (d === null) return null;
    return {
      enabled: d.enabled,
      graceDays: d.graceDays ?? DEFAULT_GRACE_DAYS,
      steps: d.steps.map((s) => ({ id: s.id, offsetDays: s.offsetDays, template: { subject: s.subject, body: s.body }, lateFee: s.lateFee === null ? null : { ...s.lateFee } })),
    };
  }

  async savePolicy(policy: ReminderPolicy, actor: Actor, at: string): Promise<void> {
    await this.store.collection<PolicyDoc>(REMINDER_SETTINGS).set('policy', {
      enabled: policy.enabled,
      graceDays: policy.graceDays,
      steps: policy.steps.map((s) => ({ id: s.id, offsetDays: s.offsetDays, subject: s.template.subject, body: s.template.body, lateFee: s.lateFee === null ? null : { ...s.lateFee } })),
      savedAt: at,
      savedBy: actor.name,
    });
  }

  async listPauses(): Promise<ReminderPause[]> {
    const page = await this.store.collection<PauseDoc>(REMINDER_PAUSES).query({ orderBy: [{ field: 'pausedAt', direction: 'desc' }], limit: 1000 });
    return page.docs.map((d) => ({ scope: d.scope, targetId: d.targetId, label: d.label, pausedAt: d.pausedAt, pausedBy: d.pausedBy }));
  }

  async pause(p: ReminderPause): Promise<void> {
    await this.store.collection<PauseDoc>(REMINDER_PAUSES).set(pauseId(p.scope, p.targetId), { ...p });
  }

  async resume(scope: PauseScope, targetId: string): Promise<boolean> {
    const c = this.store.collection<PauseDoc>(REMINDER_PAUSES);
    const id = pauseId(scope, targetId);
    if ((await c.get(id)) === null) return false;
    await c.delete(id);
    return true;
  }
}
