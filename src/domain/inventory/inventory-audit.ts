/**
 * Audit entries for inventory changes, in the shape of the shared 'audit_log' collection
 * ({ at, actorId, actorName, entity, entityId, action, changes }). Kept here until the shared
 * audit module (src/domain/audit/) lands; the document shape is the same, so entries written
 * now stay readable by it.
 */
import type { Actor } from './stock-movement.ts';

export const AUDIT_LOG = 'audit_log';

export type InventoryAuditAction = 'create' | 'update' | `movement:${string}`;

export interface InventoryAuditEntry {
  at: string;
  actorId: string;
  actorName: string;
  entity: 'inventory-item';
  entityId: string;
  action: InventoryAuditAction;
  changes: Record<string, { from: unknown; to: unknown }>;
  /** Extra context: the movement id, reason, job/proposal reference. */
  context: Record<string, string | number | null>;
}

export function inventoryAuditEntry(
  actor: Actor,
  now: Date,
  entityId: string,
  action: InventoryAuditAction,
  changes: InventoryAuditEntry['changes'],
  context: InventoryAuditEntry['context'] = {},
): InventoryAuditEntry {
  return { at: now.toISOString(), actorId: actor.id, actorName: actor.name, entity: 'inventory-item', entityId, action, changes, context };
}
