import type { AuditChangeDto, AuditEntryDto } from '#contracts/audit.ts';
import { createdAs } from '#domain/audit/audit-entry.ts';
import { idsOf, referenceKind } from '#domain/audit/references.ts';
import { formatDateTimeIn, formatDay } from './dates.ts';
import { statusAction, vocabularyAction, vocabularyField, vocabularyLabel } from './audit-vocabulary.ts';

/**
 * The one rendering of an audit trail (src/contracts/audit.ts): "Updated by Frank Miller ·
 * 25 Nov 2026, 14:05", the reason quoted, then each changed field "Status: Active → Inactive".
 * People are shown by name and times in local time (the company's time zone when the screen
 * knows it, else the browser's), never as ids or UTC text: a value that refers to another record
 * (`jobId`, `assignees`; domain/audit/references.ts) reads as the label the server sent in the
 * entry's `labels` ("Maria Lopez", "J-2026-014 · Front gate"), a value that is an instant is
 * formatted like the entry's time, a calendar day as "Nov 25, 2026", a slug through its record
 * kind's label map (audit-vocabulary.ts: "net30" → "Net 30"). Areas may pass labels for their own
 * actions, fields and values; the rest reads from the field name ("scheduledStart" → "Scheduled
 * start"), and what a person typed into a field name ("checklist:Replace DSC panel") as typed.
 */
type AuditValue = AuditChangeDto['from'];

export interface HistoryProps {
  entries: readonly AuditEntryDto[] | undefined;
  /** The list's accessible name. */
  label?: string;
  loading?: boolean;
  error?: string | null;
  empty?: string;
  /** IANA zone to show times in; the browser's when left out. */
  timeZone?: string;
  /** "Created", "revealed an alarm passcode"; the action as written when it returns undefined. */
  actionLabel?: (action: string) => string | undefined;
  fieldLabel?: (field: string) => string | undefined;
  /** An area's own reading of a value; the default reading when it returns undefined. */
  valueLabel?: (field: string, value: AuditValue) => string | undefined;
  /** Whether to list an entry's changed fields (a creation's may be too many to be useful). */
  showChanges?: (entry: AuditEntryDto) => boolean;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const formatInstant = formatDateTimeIn;

/** Actions most areas write, in words; an area's `actionLabel` comes first. */
const COMMON_ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  archive: 'Archived',
  restore: 'Restored',
  created: 'Created',
  updated: 'Updated',
  status: 'Status changed',
};

/** Fields whose name does not read as words by itself. */
const COMMON_FIELDS: Readonly<Record<string, string>> = { ip: 'IP address' };

/** "movement:write-off" → "Movement write off": an action nobody labelled still reads as words. */
export const humanAction = (action: string): string => COMMON_ACTIONS[action] ?? slugWords(action);

function slugWords(slug: string): string {
  const words = slug
    .replace(/(Id|Cents)$/, '')
    .replace(/[._:-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "scheduledStart" → "Scheduled start", "trimOutJobId" → "Trim out job", "paidCents" → "Paid"
 * (the value already reads as money), "permissions.editJobs" → "Permissions edit jobs". A field
 * that carries a name after a colon keeps the name as it was typed: "checklist:Replace DSC panel"
 * → "Checklist “Replace DSC panel”".
 */
export function humanField(field: string): string {
  const common = COMMON_FIELDS[field];
  if (common) return common;
  const colon = field.indexOf(':');
  if (colon > 0 && colon < field.length - 1) return `${slugWords(field.slice(0, colon))} “${field.slice(colon + 1)}”`;
  return slugWords(field);
}

export function defaultValue(field: string, value: AuditValue, timeZone?: string, labels: Readonly<Record<string, string>> = {}, entity = ''): string {
  if (value === null || value === '') return '—';
  const word = vocabularyLabel(entity, field, value);
  if (word !== undefined) return word;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  const kind = referenceKind(field);
  if (kind) return idsOf(value).map((id) => labels[id] ?? (kind === 'employee' ? 'a former employee' : 'a removed record')).join(', ');
  if (/Id$/.test(field)) return 'linked';
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatInstant(value, timeZone);
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDay(value);
  if (typeof value === 'string' && /^[[{]/.test(value)) return readJson(value);
  return String(value);
}

/** Lists and records the trail keeps as JSON text, read as their values: "a@b.com, c@d.com". */
function readJson(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const flat = (v: unknown): string[] =>
    v === null || v === undefined || v === '' ? [] : typeof v === 'object' ? Object.values(v as object).flatMap(flat) : [String(v)];
  return flat(parsed).join(', ') || '—';
}

/** A reason given for a change is written as a change of `reason` from nothing: shown as a quote. */
const isReason = (c: AuditChangeDto) => c.field === 'reason' && c.from === null && typeof c.to === 'string' && c.to !== '';

/**
 * A record's first entry: numbered (`creation`, "Created as INV-2026-0007") or written as
 * `create`. Its fields were set, not changed, so they read "Lines: 2", never "Lines: — → 2".
 */
const CREATIONS = new Set(['create', 'created']);

/** "Created as PRO-2026-0012"; an action that already says "as" ("Created as a copy") gets the number after a colon. */
const createdAsLabel = (action: string, number: string): string => (/\bas\b/.test(action) ? `${action}: ${number}` : `${action} as ${number}`);

export function History(props: HistoryProps) {
  const { entries, timeZone } = props;
  if (props.loading) return <p role="status" className="text-sm text-slate-500">Loading history…</p>;
  if (props.error) return <p role="alert" className="text-sm text-red-700">{props.error}</p>;
  if (!entries || entries.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{props.empty ?? 'No changes recorded yet.'}</p>;
  const field = (e: AuditEntryDto, f: string) => props.fieldLabel?.(f) ?? vocabularyField(e.entity, f) ?? humanField(f);
  const value = (e: AuditEntryDto, f: string, v: AuditValue) => props.valueLabel?.(f, v) ?? defaultValue(f, v, timeZone, e.labels, e.entity);
  // Ids of the change's own bookkeeping (a movement's id) name nothing a person could look up.
  const internal = (f: string) => /Id$/.test(f) && !referenceKind(f);
  return (
    <ol className="grid min-w-0 gap-2 text-sm" aria-label={props.label ?? 'History'}>
      {entries.map((e) => {
        const reason = e.changes.find(isReason);
        // A record's first entry names the number it was given in its heading: "Created as PRO-2026-0012".
        const number = createdAs(e);
        const action = props.actionLabel?.(e.action) ?? vocabularyAction(e.entity, e.action) ?? statusAction(e.entity, e.action) ?? humanAction(e.action);
        // A field that was empty and stays empty (a new record's blank notes) says nothing to a reader.
        const said = (c: AuditChangeDto) => !isReason(c) && !(number !== null && c.field === 'number') && !internal(c.field) && !(value(e, c.field, c.from) === '—' && value(e, c.field, c.to) === '—');
        const changes = props.showChanges && !props.showChanges(e) ? [] : e.changes.filter(said);
        const created = number !== null || CREATIONS.has(e.action);
        return (
          <li key={e.id} className="min-w-0 rounded-md bg-slate-50 p-2 [overflow-wrap:anywhere] dark:bg-slate-900">
            <p>
              <span className="font-medium text-slate-900 dark:text-slate-100">
                {number === null ? action : createdAsLabel(action, number)} by {e.actorName}
              </span>{' '}
              · <time dateTime={e.at}>{formatInstant(e.at, timeZone)}</time>
              {reason && <> · “{String(reason.to)}”</>}
            </p>
            {changes.length > 0 && (
              <ul className="mt-1 text-slate-700 dark:text-slate-300">
                {changes.map((c) => (
                  <li key={c.field}>
                    {field(e, c.field)}: {created && c.from === null ? value(e, c.field, c.to) : `${value(e, c.field, c.from)} → ${value(e, c.field, c.to)}`}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
