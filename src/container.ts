import 'reflect-metadata';
import { container as root, type DependencyContainer, type InjectionToken } from 'tsyringe';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from './config.ts';
import type { Clock, IdGenerator } from './domain/shared/clock.ts';
import type { ContactMessageRepository } from './domain/contact/contact-message-repository.ts';
import { closeSqlite, migrate, openSqlite, type SqliteDb } from './adapters/sqlite/sqlite-database.ts';
import { SqliteContactMessageRepository } from './adapters/sqlite/sqlite-contact-message-repository.ts';

/**
 * The composition root: the only place that knows which adapter implements which port.
 * Registrations are factories under explicit tokens because esbuild/tsx/Vite emit no decorator
 * metadata, so tsyringe cannot autowire by type (STACK-NOTES.md).
 */
export const TOKENS = {
  Config: Symbol('Config') as InjectionToken<AppConfig>,
  Clock: Symbol('Clock') as InjectionToken<Clock>,
  Ids: Symbol('Ids') as InjectionToken<IdGenerator>,
  Sqlite: Symbol('Sqlite') as InjectionToken<SqliteDb>,
  ContactMessages: Symbol('ContactMessages') as InjectionToken<ContactMessageRepository>,
} as const;

export interface AppContainer {
  resolve<T>(token: InjectionToken<T>): T;
  /** Checks the database answers; used by GET /api/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function buildContainer(config: AppConfig): AppContainer {
  const c: DependencyContainer = root.createChildContainer();
  const db = openSqlite(config.database.file);
  migrate(db);

  c.register(TOKENS.Config, { useValue: config });
  c.register(TOKENS.Clock, { useValue: { now: () => new Date() } });
  c.register(TOKENS.Ids, { useValue: { next: () => randomUUID() } });
  c.register(TOKENS.Sqlite, { useValue: db });
  c.register(TOKENS.ContactMessages, {
    useFactory: (r) => new SqliteContactMessageRepository(r.resolve(TOKENS.Sqlite)),
  });

  return {
    resolve: (token) => c.resolve(token),
    ping: async () => {
      db.prepare('SELECT 1').get();
    },
    close: async () => {
      closeSqlite(db);
      await c.dispose();
    },
  };
}
