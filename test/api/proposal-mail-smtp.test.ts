import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../support/smtp-peer.ts';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { aProposalRequest } from '../support/proposal-doubles.ts';
import type { ProposalDto } from '../../src/contracts/proposals.ts';

/** The base64 body of the MIME part whose headers name `filename`. */
function attachment(raw: string, filename: string): Buffer | null {
  const at = raw.indexOf(`filename=${filename}`) >= 0 ? raw.indexOf(`filename=${filename}`) : raw.indexOf(`filename="${filename}"`);
  if (at < 0) return null;
  const start = raw.indexOf('\r\n\r\n', at);
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start + 4, end).replace(/\s+/g, ''), 'base64');
}

describe('proposal mail with SMTP_URL set', () => {
  let smtp: SmtpPeer;
  let received: ReceivedMail[] = [];
  let t: ListeningTestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    received = smtp.received;
    t = await listenTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the client the public link with the proposal PDF attached', async () => {
    const site = aSite();
    const client = await t.container.resolve(TOKENS.Clients).create(aClient({ sites: [site] }));
    const admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    const created = await admin.send('POST', '/api/proposals', aProposalRequest(client.id, site.id));
    expect(created.status).toBe(201);
    const p = (await created.json()) as ProposalDto;
    const sent = await admin.send('POST', `/api/proposals/${p.id}/send`, {});
    expect(sent.status, await sent.clone().text()).toBe(200);

    await expect.poll(() => received.length).toBe(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([client.contacts[0]!.emails[0]]);
    expect(mail.raw.replace(/=\r\n/g, '')).toContain(`/p/${p.publicToken}`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    const pdf = attachment(mail.raw, `${p.number}.pdf`);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.container.resolve(TOKENS.Outbox).list(10)).toEqual([]);
  });
});
