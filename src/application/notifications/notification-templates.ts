import type { AuthState } from '../../domain/auth/permissions.ts';
import { checkTemplate, DEFAULT_TEMPLATES, fillTemplate, isTemplateKey, PLACEHOLDERS, SAMPLE_VALUES, TEMPLATE_KEYS, TEMPLATE_LABELS, type TemplateKey, type TemplateText } from '../../domain/notifications/notification-template.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import type { NotificationDeps } from './notification-deps.ts';
import { currentTemplate } from './notify.ts';

export interface TemplateView extends TemplateText {
  key: TemplateKey;
  label: string;
  placeholders: string[];
  /** False while the template is the default. */
  customised: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

type Deps = Pick<NotificationDeps, 'templates' | 'clock' | 'audit' | 'company' | 'baseUrl'>;

function templateKey(key: string): TemplateKey {
  if (!isTemplateKey(key)) throw new DomainError('not-found', `No template "${key.slice(0, 60)}". Pick one from the list.`);
  return key;
}

async function viewOf(deps: Deps, key: TemplateKey): Promise<TemplateView> {
  const saved = await deps.templates.get(key);
  const t = await currentTemplate(deps, key);
  return { key, label: TEMPLATE_LABELS[key], placeholders: [...PLACEHOLDERS[key]], ...t, customised: saved !== null, updatedAt: saved?.updatedAt ?? null, updatedBy: saved?.updatedBy ?? null };
}

/** Every customer message template, as the office last saved it (else the default). */
export async function listTemplates(deps: Deps, auth: AuthState): Promise<TemplateView[]> {
  requireAccess(auth, ADMIN);
  return Promise.all(TEMPLATE_KEYS.map((k) => viewOf(deps, k)));
}

/** Saves an edited template; unknown placeholders are refused with their names. */
export async function saveTemplate(deps: Deps, auth: AuthState, name: string, input: TemplateText): Promise<TemplateView> {
  const actor = requireAccess(auth, ADMIN);
  const key = templateKey(name);
  const before = await currentTemplate(deps, key);
  const checked = checkTemplate(key, { ...input, sms: DEFAULT_TEMPLATES[key].sms === null ? null : (input.sms ?? DEFAULT_TEMPLATES[key].sms) });
  const now = deps.clock.now();
  await deps.templates.save({ key, ...checked, updatedAt: now.toISOString(), updatedBy: actor.name });
  const changes = (['subject', 'body', 'sms'] as const).filter((f) => before[f] !== checked[f]).map((f) => ({ field: f, from: before[f], to: checked[f] }));
  if (changes.length > 0) await deps.audit.record(auditEntry(actor, now, 'notification-template', key, 'update', changes));
  return viewOf(deps, key);
}

/** Back to the default text. */
export async function resetTemplate(deps: Deps, auth: AuthState, name: string): Promise<TemplateView> {
  const actor = requireAccess(auth, ADMIN);
  const key = templateKey(name);
  if (await deps.templates.get(key)) {
    await deps.templates.remove(key);
    await deps.audit.record(auditEntry(actor, deps.clock.now(), 'notification-template', key, 'reset', []));
  }
  return viewOf(deps, key);
}

/** The template (saved or as typed, unsaved) filled with sample data, checked the same way as a save. */
export async function previewTemplate(deps: Deps, auth: AuthState, name: string, input: TemplateText): Promise<{ subject: string; body: string; sms: string | null }> {
  requireAccess(auth, ADMIN);
  const key = templateKey(name);
  const checked = checkTemplate(key, { ...input, sms: DEFAULT_TEMPLATES[key].sms === null ? null : (input.sms ?? DEFAULT_TEMPLATES[key].sms) });
  const values = { ...SAMPLE_VALUES, 'company.name': deps.company.name, 'company.phone': deps.company.phone, 'company.email': deps.company.email, 'reviews.url': `${deps.baseUrl}/reviews` };
  return { subject: fillTemplate(checked.subject, values), body: fillTemplate(checked.body, values), sms: checked.sms === null ? null : fillTemplate(checked.sms, values) };
}
