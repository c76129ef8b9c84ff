import { describe, expect, it } from 'vitest';
import { appWithSmtpPeer } from '../support/app-with-smtp.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';
import type { ProposalDto } from '../../src/contracts/proposals.ts';
import { pdfText } from '../support/invoice-deps.ts';

/** The base64 body of the MIME part whose headers name `filename`. */
function attachment(raw: string, filename: string): Buffer | null {
  const at = raw.indexOf(`filename=${filename}`) >= 0 ? raw.indexOf(`filename=${filename}`) : raw.indexOf(`filename="${filename}"`);
  if (at < 0) return null;
  const start = raw.indexOf('\r\n\r\n', at);
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start + 4, end).replace(/\s+/g, ''), 'base64');
}

describe('proposal mail with SMTP_URL set', () => {
  const app = appWithSmtpPeer();

  it('delivers the client the public link with the proposal PDF attached', async () => {
    const site = aSite();
    const client = await app.t.container.resolve(TOKENS.Clients).create(aClient({ sites: [site] }));
    const admin = new TestClient(app.t.url);
    await admin.signIn(DEMO.admin);
    const created = await admin.send('POST', '/api/proposals', aProposalRequest(client.id, site.id));
    expect(created.status).toBe(201);
    const p = (await created.json()) as ProposalDto;
    const sent = await admin.send('POST', `/api/proposals/${p.id}/send`, {});
    expect(sent.status, await sent.clone().text()).toBe(200);

    await expect.poll(() => app.smtp.received.length).toBe(1);
    const mail = app.smtp.received[0]!;
    expect(mail.to).toEqual([client.contacts[0]!.emails[0]]);
    expect(mail.raw.replace(/=\r\n/g, '')).toContain(`/p/${p.publicToken}`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    const pdf = attachment(mail.raw, `${p.number}.pdf`);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    // The date as the locale writes it in words (Dec 31, 2026), never ISO.
    const words = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${p.validUntil}T12:00:00Z`));
    const body = mail.raw.replace(/=\r\n/g, '');
    expect(body).toContain(`valid until ${words}`);
    expect(body).not.toContain(p.validUntil);
    // The attached PDF tells the client how to accept (this link) and how the deposit is paid.
    const printed = pdfText(new Uint8Array(pdf!)).replace(/\s+/g, ' ');
    expect(printed).toContain('How to accept');
    expect(printed).toContain(`/p/${p.publicToken}`);
    expect(printed).toContain(`This proposal is valid until ${words}.`);
    expect(printed).toMatch(/A deposit of 25 % of the chosen option's total is due on acceptance/);
    expect(printed).toContain('How to pay: ');
    expect((await app.t.container.resolve(TOKENS.Outbox).list(10)).map((m) => ({ status: m.status, kind: m.kind, attachments: m.attachments?.map((a) => a.filename) }))).toEqual([{ status: 'sent', kind: 'proposal', attachments: [`${p.number}.pdf`] }]);
  });
});
