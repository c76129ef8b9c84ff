import 'reflect-metadata';
import { container as root, instanceCachingFactory, type DependencyContainer, type InjectionToken } from 'tsyringe';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from './config.ts';
import type { Clock, IdGenerator } from './domain/shared/clock.ts';
import type { ContactMessageRepository } from './domain/contact/contact-message-repository.ts';
import type { DocumentStore } from './domain/persistence/document-store.ts';
import type { FileStorage } from './domain/storage/file-storage.ts';
import { openDocumentStore } from './adapters/open-document-store.ts';
import { openFileStorage } from './adapters/open-file-storage.ts';
import { DocumentContactMessageRepository } from './adapters/documents/document-contact-message-repository.ts';
import { seedDemoData } from './application/demo/seed-demo-data.ts';
import { DocumentEmployeeRepository } from './adapters/documents/document-employee-repository.ts';
import type { EmployeeRepository } from './domain/auth/employee-repository.ts';
import type { ClientRepository } from './domain/clients/client-repository.ts';
import type { ClientDirectory } from './domain/clients/client-directory.ts';
import type { SecretCipher } from './domain/clients/secret-cipher.ts';
import type { ClientDeps } from './application/clients/client-deps.ts';
import { createClientDirectory } from './application/clients/client-directory.ts';
import { DocumentClientRepository } from './adapters/documents/document-client-repository.ts';
import { DocumentClientRelations } from './adapters/documents/document-client-relations.ts';
import { DocumentClientAuditLog } from './adapters/documents/document-client-audit-log.ts';
import { AesGcmSecretCipher } from './adapters/crypto/aes-gcm-secret-cipher.ts';
import { sessionSecret } from './http/session-secret.ts';

/**
 * The composition root: the only place that knows which adapter implements which port.
 * DATABASE_URL picks SQLite or MongoDB, STORAGE_URL the filesystem or S3; nothing else changes.
 * Registrations are factories under explicit tokens because type stripping emits no decorator
 * metadata, so tsyringe cannot autowire by type (STACK-NOTES.md).
 */
export const TOKENS = {
  Config: Symbol('Config') as InjectionToken<AppConfig>,
  Clock: Symbol('Clock') as InjectionToken<Clock>,
  Ids: Symbol('Ids') as InjectionToken<IdGenerator>,
  Store: Symbol('Store') as InjectionToken<DocumentStore>,
  Files: Symbol('Files') as InjectionToken<FileStorage>,
  ContactMessages: Symbol('ContactMessages') as InjectionToken<ContactMessageRepository>,
  Employees: Symbol('Employees') as InjectionToken<EmployeeRepository>,
  Clients: Symbol('Clients') as InjectionToken<ClientRepository>,
  /** The read port other areas use to refer to clients and sites (clientId + siteId). */
  ClientDirectory: Symbol('ClientDirectory') as InjectionToken<ClientDirectory>,
  SecretCipher: Symbol('SecretCipher') as InjectionToken<SecretCipher>,
  ClientDeps: Symbol('ClientDeps') as InjectionToken<ClientDeps>,
} as const;

export interface AppContainer {
  resolve<T>(token: InjectionToken<T>): T;
  /** Checks the database answers; used by GET /api/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function buildContainer(config: AppConfig): Promise<AppContainer> {
  const c: DependencyContainer = root.createChildContainer();
  const clock: Clock = { now: () => new Date() };
  const ids: IdGenerator = { next: () => randomUUID() };
  const store = await openDocumentStore(config.database.url, { clock, ids });
  const files = openFileStorage(config.storageUrl, { clock });
  if (config.demoData) await seedDemoData(store);

  c.register(TOKENS.Config, { useValue: config });
  c.register(TOKENS.Clock, { useValue: clock });
  c.register(TOKENS.Ids, { useValue: ids });
  c.register(TOKENS.Store, { useValue: store });
  c.register(TOKENS.Files, { useValue: files });
  c.register(TOKENS.ContactMessages, { useFactory: (r) => new DocumentContactMessageRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.Employees, { useFactory: (r) => new DocumentEmployeeRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.Clients, { useFactory: (r) => new DocumentClientRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.ClientDirectory, { useFactory: (r) => createClientDirectory(r.resolve(TOKENS.Clients)) });
  // Derived once (scrypt); the session secret is the fallback key material (docs/clients.md).
  c.register(TOKENS.SecretCipher, {
    useFactory: instanceCachingFactory(() => new AesGcmSecretCipher(config.clientSecretsKey ?? sessionSecret(config.session.secret, config.dataDir))),
  });
  c.register(TOKENS.ClientDeps, {
    useFactory: (r) => {
      const relations = new DocumentClientRelations(r.resolve(TOKENS.Store));
      return {
        clients: r.resolve(TOKENS.Clients),
        audit: new DocumentClientAuditLog(r.resolve(TOKENS.Store), ids),
        relations,
        leads: relations,
        cipher: r.resolve(TOKENS.SecretCipher),
        clock,
        ids,
      };
    },
  });

  let closed = false;
  return {
    resolve: (token) => c.resolve(token),
    ping: () => store.ping(),
    close: async () => {
      if (closed) return;
      closed = true;
      await files.close?.();
      await store.close();
    },
  };
}
