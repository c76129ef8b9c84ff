import type { AlarmAccount, Client, Site } from '../../domain/clients/client.ts';
import { emptyAlarm, normaliseTags } from '../../domain/clients/client.ts';
import { diffRecords, type AuditChange } from '../../domain/audit/audit-entry.ts';
import { HIDDEN } from '../../domain/clients/client-audit.ts';
import { passcodeContext, type SecretCipher } from '../../domain/clients/secret-cipher.ts';
import { GeoPoint } from '../../domain/persistence/document-data.ts';
import type { ClientInputParsed, ClientPatch, SiteInputParsed, SitePatch } from '../../contracts/clients.ts';

/**
 * Turning validated input into clients and sites (sealing passcodes on the way in), and the
 * field-by-field audit changes between two versions of a client (passcodes never in clear).
 */
type AlarmInput = SiteInputParsed['alarm'];

function alarmFrom(input: AlarmInput, existing: AlarmAccount | null, seal: (p: string) => AlarmAccount['passcode']): AlarmAccount {
  const passcode = input.passcode === undefined ? (existing?.passcode ?? null) : input.passcode ? seal(input.passcode) : null;
  return {
    centralStation: input.centralStation,
    accountNumber: input.accountNumber,
    panelModel: input.panelModel,
    zones: [...input.zones].sort((a, b) => a.number - b.number),
    emergencyContacts: input.emergencyContacts,
    passcode,
  };
}

const geoFrom = (g: { latitude: number; longitude: number } | null): GeoPoint | null => (g ? new GeoPoint(g.latitude, g.longitude) : null);

export function buildSite(cipher: SecretCipher, clientId: string, siteId: string, input: SiteInputParsed): Site {
  return {
    id: siteId,
    label: input.label,
    address: input.address,
    geo: geoFrom(input.geo),
    alarm: alarmFrom(input.alarm, null, (p) => cipher.seal(p, passcodeContext(clientId, siteId))),
  };
}

export function patchSite(cipher: SecretCipher, clientId: string, site: Site, patch: SitePatch): Site {
  return {
    ...site,
    ...(patch.label !== undefined ? { label: patch.label } : {}),
    ...(patch.address !== undefined ? { address: patch.address } : {}),
    ...(patch.geo !== undefined ? { geo: geoFrom(patch.geo) } : {}),
    ...(patch.alarm !== undefined ? { alarm: alarmFrom(patch.alarm, site.alarm, (p) => cipher.seal(p, passcodeContext(clientId, site.id))) } : {}),
  };
}

export function buildClient(
  deps: { cipher: SecretCipher; newId: () => string },
  id: string,
  input: ClientInputParsed,
  now: Date,
  extra: { leadId?: string | null } = {},
): Client {
  const at = now.toISOString();
  return {
    id,
    kind: input.kind,
    name: input.name,
    company: input.company,
    contacts: input.contacts,
    billingAddress: input.billingAddress,
    tags: normaliseTags(input.tags),
    notes: input.notes,
    source: input.source,
    archived: false,
    leadId: extra.leadId ?? null,
    sites: input.sites.map((s) => buildSite(deps.cipher, id, deps.newId(), s)),
    createdAt: at,
    updatedAt: at,
  };
}

export function patchClient(c: Client, patch: ClientPatch): Client {
  return {
    ...c,
    ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.company !== undefined ? { company: patch.company } : {}),
    ...(patch.contacts !== undefined ? { contacts: patch.contacts } : {}),
    ...(patch.billingAddress !== undefined ? { billingAddress: patch.billingAddress } : {}),
    ...(patch.tags !== undefined ? { tags: normaliseTags(patch.tags) } : {}),
    ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
    ...(patch.source !== undefined ? { source: patch.source } : {}),
  };
}

const CLIENT_FIELDS = ['kind', 'name', 'company', 'contacts', 'billingAddress', 'tags', 'notes', 'source', 'archived'] as const;

function clientFields(c: Client): Record<string, unknown> {
  return Object.fromEntries(CLIENT_FIELDS.map((f) => [f, c[f]]));
}

function siteFields(s: Site): Record<string, unknown> {
  const { passcode: _passcode, ...alarm } = s.alarm ?? emptyAlarm();
  return {
    label: s.label,
    address: s.address,
    geo: s.geo ? s.geo.toJSON() : null,
    'alarm.centralStation': alarm.centralStation,
    'alarm.accountNumber': alarm.accountNumber,
    'alarm.panelModel': alarm.panelModel,
    'alarm.zones': alarm.zones,
    'alarm.emergencyContacts': alarm.emergencyContacts,
  };
}

function passcodeChange(prefix: string, before: Site | null, after: Site | null): AuditChange[] {
  const a = before?.alarm.passcode ?? null;
  const b = after?.alarm.passcode ?? null;
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  return [{ field: `${prefix}alarm.passcode`, from: a ? HIDDEN : null, to: b ? (a ? '(changed)' : HIDDEN) : null }];
}

/** Site-level changes, e.g. `sites.<id>.alarm.panelModel`; added and removed sites as a whole. */
export function siteChanges(before: Site | null, after: Site | null, siteId: string): AuditChange[] {
  const prefix = `sites.${siteId}.`;
  const changes = diffRecords(before ? siteFields(before) : {}, after ? siteFields(after) : {}, prefix);
  return [...changes, ...passcodeChange(prefix, before, after)];
}

export function clientChanges(before: Client | null, after: Client | null): AuditChange[] {
  const changes = diffRecords(before ? clientFields(before) : {}, after ? clientFields(after) : {});
  const ids = new Set([...(before?.sites ?? []), ...(after?.sites ?? [])].map((s) => s.id));
  for (const id of ids) {
    changes.push(...siteChanges(before?.sites.find((s) => s.id === id) ?? null, after?.sites.find((s) => s.id === id) ?? null, id));
  }
  return changes;
}
