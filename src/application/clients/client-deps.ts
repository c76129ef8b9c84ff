import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { ClientRelations } from '../../domain/clients/client-relations.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import type { LeadLookup } from '../../domain/clients/lead-lookup.ts';
import type { SecretCipher } from '../../domain/clients/secret-cipher.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';

/** The ports the client use cases take (each uses the ones it needs). */
export interface ClientDeps {
  clients: ClientRepository;
  audit: AuditLog;
  relations: ClientRelations;
  leads: LeadLookup;
  cipher: SecretCipher;
  clock: Clock;
  ids: IdGenerator;
}
