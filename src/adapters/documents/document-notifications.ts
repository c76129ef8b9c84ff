import { createHash } from 'node:crypto';
import type { Access } from '../../domain/auth/menu.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { orderBy } from '../../domain/persistence/query.ts';
import type {
  CustomerPreferences,
  NewOfficeNotification,
  NotificationRecord,
  NotificationRepository,
  OfficeKind,
  OfficeNotification,
  StoredTemplate,
  TemplateRepository,
} from '../../domain/notifications/notification.ts';
import type { TemplateKey } from '../../domain/notifications/notification-template.ts';
import type { Clock } from '../../domain/shared/clock.ts';

export const NOTIFICATIONS = 'notifications';
const TEMPLATES = 'notification_templates';
const PREFERENCES = 'notification_preferences';

// Stored as plain objects (the document store's value types).
type NotificationDoc = { key: string; kind: OfficeKind; title: string; body: string; record: { [k: string]: string }; access: { [k: string]: string }; createdAt: string; readBy: string[] };

/** The document id of a key: the same key always names the same notification. */
const idOf = (key: string): string => `ntf-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

const toNotification = (d: StoredDocument<NotificationDoc>): OfficeNotification => ({
  id: d.id,
  key: d.key,
  kind: d.kind,
  title: d.title,
  body: d.body,
  record: { ...d.record } as unknown as NotificationRecord,
  access: { ...d.access } as unknown as Access,
  createdAt: d.createdAt,
  readBy: [...(d.readBy ?? [])],
});

/** In-app notifications: one document per key (its id, and a unique index on `key`). */
export class DocumentNotificationRepository implements NotificationRepository {
  private readonly store: DocumentStore;
  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get docs() {
    return this.store.collection<NotificationDoc>(NOTIFICATIONS);
  }

  async addOnce(n: NewOfficeNotification): Promise<boolean> {
    try {
      await this.docs.create({ ...n, record: { ...n.record }, access: { ...n.access } as { [k: string]: string }, readBy: [] }, idOf(n.key));
      return true;
    } catch (err) {
      if (err instanceof DatabaseError && err.databaseCode === 'already-exists') return false;
      throw err;
    }
  }

  async latest(limit: number): Promise<OfficeNotification[]> {
    const page = await this.docs.query({ orderBy: [orderBy('createdAt', 'desc')], limit });
    return page.docs.map(toNotification);
  }

  async byKey(key: string): Promise<OfficeNotification | null> {
    const d = await this.docs.get(idOf(key));
    return d ? toNotification(d) : null;
  }

  async markRead(ids: readonly string[], userId: string): Promise<void> {
    for (const id of ids) {
      await this.store.runTransaction(async (tx) => {
        const d = await tx.get<NotificationDoc>(NOTIFICATIONS, id);
        if (!d || (d.readBy ?? []).includes(userId)) return;
        // Bounded: the office is a handful of people.
        tx.update(NOTIFICATIONS, id, { readBy: [...(d.readBy ?? []), userId].slice(-50) });
      });
    }
  }
}

type TemplateDoc = Omit<StoredTemplate, 'key'>;

export class DocumentTemplateRepository implements TemplateRepository {
  private readonly store: DocumentStore;
  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get docs() {
    return this.store.collection<TemplateDoc>(TEMPLATES);
  }

  async get(key: TemplateKey): Promise<StoredTemplate | null> {
    const d = await this.docs.get(key);
    return d ? { key, subject: d.subject, body: d.body, sms: d.sms ?? null, updatedAt: d.updatedAt, updatedBy: d.updatedBy } : null;
  }

  async all(): Promise<StoredTemplate[]> {
    const page = await this.docs.query({ limit: 100 });
    return page.docs.map((d) => ({ key: d.id as TemplateKey, subject: d.subject, body: d.body, sms: d.sms ?? null, updatedAt: d.updatedAt, updatedBy: d.updatedBy }));
  }

  async save(t: StoredTemplate): Promise<void> {
    await this.docs.set(t.key, { subject: t.subject, body: t.body, sms: t.sms, updatedAt: t.updatedAt, updatedBy: t.updatedBy });
  }

  async remove(key: TemplateKey): Promise<void> {
    await this.docs.delete(key).catch((err: unknown) => {
      if (!(err instanceof DatabaseError && err.databaseCode === 'not-found')) throw err;
    });
  }
}

type PreferenceDoc = { optedOut: boolean; changedAt: string; changedBy: string };

/** Opt-outs by subject ("client:<id>", "email:<address>"). */
export class DocumentCustomerPreferences implements CustomerPreferences {
  private readonly store: DocumentStore;
  private readonly clock: Clock;
  constructor(store: DocumentStore, clock: Clock) {
    this.store = store;
    this.clock = clock;
  }

  async optedOut(subject: string): Promise<boolean> {
    const d = await this.store.collection<PreferenceDoc>(PREFERENCES).get(subject);
    return d?.optedOut === true;
  }

  async setOptedOut(subject: string, optedOut: boolean, by: string): Promise<void> {
    await this.store.collection<PreferenceDoc>(PREFERENCES).set(subject, { optedOut, changedAt: this.clock.now().toISOString(), changedBy: by });
  }
}
