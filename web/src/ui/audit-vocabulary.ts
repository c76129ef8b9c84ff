import { CLIENT_KIND_LABELS, CLIENT_SOURCE_LABELS } from '#contracts/clients.ts';
import { JOB_TYPE_LABELS } from '#contracts/jobs.ts';
import { CATEGORY_LABELS } from '#contracts/inventory.ts';
import { METHOD_LABELS, STATUS_LABELS as INVOICE_STATUS_LABELS, TERMS_LABELS } from '#contracts/invoice-labels.ts';
import { CYCLE_LABELS, STATUS_LABELS as CONTRACT_STATUS_LABELS } from '#contracts/monitoring.ts';
import { STATUS_LABELS as PROPOSAL_STATUS_LABELS } from '#contracts/proposals.ts';
import { STATUS_LABELS as JOB_STATUS_LABELS } from '#domain/jobs/job.ts';

/**
 * The slugs the audit trail keeps, read through each area's own label map: per record kind (an
 * entry's `entity`) and field, so "Payment method: card", "Terms: net30" and "Status: sent →
 * partial" read "Card", "Net 30", "Sent → Partly paid" on every screen that shows a history,
 * without each screen passing its own `valueLabel`. A slug not listed shows as written.
 */
const VALUES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>> = {
  invoice: { status: INVOICE_STATUS_LABELS, terms: TERMS_LABELS, 'payment.method': METHOD_LABELS },
  job: { status: JOB_STATUS_LABELS, type: JOB_TYPE_LABELS },
  proposal: { status: PROPOSAL_STATUS_LABELS },
  monitoring_contract: { status: CONTRACT_STATUS_LABELS, billingCycle: CYCLE_LABELS },
  client: { kind: CLIENT_KIND_LABELS, source: CLIENT_SOURCE_LABELS, autoPay: { on: 'On', off: 'Off' } },
  'inventory-item': { category: CATEGORY_LABELS },
};

/** The label of a slug `value` of `field` on a record of kind `entity`, or undefined when it is not a known slug. */
export const vocabularyLabel = (entity: string, field: string, value: unknown): string | undefined =>
  typeof value === 'string' ? VALUES[entity]?.[field]?.[value] : undefined;

/**
 * Fields a record kind writes whose name does not read as words by itself: an invoice's
 * `lineCount` is "Lines" ("Lines: 2 → 3"), not "Line count".
 */
const FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  invoice: { lineCount: 'Lines', creditFor: 'Credits', creditNote: 'Credit note', duplicateOf: 'Copy of' },
};

/** The words for `field` on a record of kind `entity`, or undefined when the kind does not name it. */
export const vocabularyField = (entity: string, field: string): string | undefined => FIELDS[entity]?.[field];

/**
 * Actions a record kind writes that do not read as words by themselves, in words: the job's
 * checklist says "unticked" when an item was unticked, a replaced signature is not a first one.
 */
const ACTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  job: {
    schedule: 'Scheduled',
    'trim-out-created': 'Trim-out visit created',
    photo: 'Photo added',
    'sign-off': 'Signed off',
    'sign-off-replaced': 'Signature replaced',
    material: 'Material recorded',
    'checklist-add': 'Checklist item added',
    'checklist-tick': 'Checklist item ticked',
    'checklist-untick': 'Checklist item unticked',
    'checklist-remove': 'Checklist item removed',
    'on-my-way': 'Told the customer "On my way"',
  },
};

/** The words for `action` on a record of kind `entity`, or undefined when the kind does not name it. */
export const vocabularyAction = (entity: string, action: string): string | undefined => ACTIONS[entity]?.[action];

/** "status:active" → "Status changed to Active": an action that names a status reads it in words. */
export function statusAction(entity: string, action: string): string | undefined {
  const m = /^status:(.+)$/.exec(action);
  return m ? `Status changed to ${vocabularyLabel(entity, 'status', m[1]) ?? m[1]}` : undefined;
}
