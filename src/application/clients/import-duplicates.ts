import type { Client } from '../../domain/clients/client.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import { phoneDigits } from '../../domain/shared/search.ts';
import type { ParsedRow } from './client-csv.ts';

/** A phone as compared: its digits without a leading country code 1; shorter than 7 digits does not count. */
const phoneKey = (p: string): string | null => {
  const d = phoneDigits(p).replace(/^1(?=\d{10}$)/, '');
  return d.length >= 7 ? d : null;
};
const emailKey = (e: string): string => e.trim().toLowerCase();

const keysOf = (contacts: readonly { emails: readonly string[]; phones: readonly string[] }[]) => ({
  emails: contacts.flatMap((c) => c.emails.map(emailKey)),
  phones: contacts.flatMap((c) => c.phones.map(phoneKey)).filter((p): p is string => p !== null),
});

/**
 * Why each importable row looks like someone already there: the same e-mail or phone as an
 * existing client (archived ones too) or as an earlier row of the file. By line.
 */
export async function findImportDuplicates(clients: ClientRepository, rows: readonly ParsedRow[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  const existing = new Map<string, Client | null>();
  const lookup = async (term: string, matches: (c: Client) => boolean): Promise<Client | null> => {
    if (!existing.has(term)) {
      const page = await clients.list({ text: term, kind: null, tag: null, source: null, archived: 'all', sort: 'name', limit: 10, cursor: null });
      existing.set(term, page.clients.find(matches) ?? null);
    }
    return existing.get(term) ?? null;
  };
  for (const row of rows) {
    if (!row.input) continue;
    const { emails, phones } = keysOf(row.input.contacts);
    let reason: string | null = null;
    for (const e of emails) {
      const line = seenEmail.get(e);
      if (line !== undefined) reason ??= `Same e-mail as line ${line} (${e}).`;
    }
    for (const p of phones) {
      const line = seenPhone.get(p);
      if (line !== undefined) reason ??= `Same phone as line ${line}.`;
    }
    for (const e of emails) {
      if (reason) break;
      const c = await lookup(e, (c) => keysOf(c.contacts).emails.includes(e));
      if (c) reason = `Same e-mail as ${c.name}, an existing client.`;
    }
    for (const p of phones) {
      if (reason) break;
      const c = await lookup(p, (c) => keysOf(c.contacts).phones.includes(p));
      if (c) reason = `Same phone as ${c.name}, an existing client.`;
    }
    for (const e of emails) if (!seenEmail.has(e)) seenEmail.set(e, row.line);
    for (const p of phones) if (!seenPhone.has(p)) seenPhone.set(p, row.line);
    if (reason) out.set(row.line, reason);
  }
  return out;
}
