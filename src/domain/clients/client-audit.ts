/**
 * What the client area writes to the one audit trail (src/domain/audit): its actions, and how a
 * secret shows there. Secrets never appear in `from`/`to`: a passcode change is recorded as
 * changed, not as a value.
 */
import { auditEntry as entry, type Actor, type AuditChange, type NewAuditEntry } from '../audit/audit-entry.ts';

export const CLIENT_ENTITY = 'client';

export const CLIENT_AUDIT_ACTIONS = [
  'create',
  'update',
  'archive',
  'unarchive',
  'delete',
  'add-site',
  'update-site',
  'remove-site',
  'reveal-passcode',
  'import',
  'convert-lead',
  // Card on file (docs/payments.md): written by the payments area on the client's trail.
  'card-saved',
  'card-removed',
  'auto-pay-on',
  'auto-pay-off',
] as const;
export type ClientAuditAction = (typeof CLIENT_AUDIT_ACTIONS)[number];

export const HIDDEN = '(hidden)';

export const auditEntry = (actor: Actor, at: Date, clientId: string, action: ClientAuditAction, changes: AuditChange[] = []): NewAuditEntry =>
  entry(actor, at, CLIENT_ENTITY, clientId, action, changes);
