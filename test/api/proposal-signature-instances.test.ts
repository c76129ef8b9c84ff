import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ADMIN } from '../support/invoice-deps.ts';
import { aProposalRequest, SIGNED } from '../support/proposal-doubles.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { TOKENS } from '../../src/container.ts';
import { proposalRequestSchema } from '../../src/contracts/proposals.ts';
import { createProposal } from '../../src/application/proposals/save-proposal.ts';
import { sendProposal } from '../../src/application/proposals/send-proposal.ts';

const settle = () => new Promise((r) => setTimeout(r, 500));

describe('a signed acceptance posted to two server instances at once (one database, one mail server)', () => {
  const dir = tempDir('two-instances-');
  let smtp: SmtpPeer;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const env = { DATA_DIR: dir.path, SMTP_URL: smtp.url };
    a = await buildTestApp(env);
    b = await buildTestApp(env);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await smtp.close();
    dir.remove();
  });

  it('stores one acceptance and one certificate, and mails each side once', async () => {
    const deps = a.container.resolve(TOKENS.ProposalDeps);
    const site = aSite();
    const client = await a.container.resolve(TOKENS.Clients).create(aClient({ name: 'Katherine Johnson', sites: [site] }));
    const p = await createProposal(deps, ADMIN, proposalRequestSchema.parse(aProposalRequest(client.id, site.id)));
    await sendProposal(deps, ADMIN, p.id, 'katherine@example.com');
    const accept = (t: TestApp) => t.post(`/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-2', name: 'Katherine Johnson', ...SIGNED, email: 'katherine@example.com' });
    const statuses = (await Promise.all([accept(a), accept(b)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);

    const signedCopies = () => smtp.received.filter((m) => m.raw.includes(`${p.number}-signed.pdf`));
    await expect.poll(() => signedCopies().length, { timeout: 10_000 }).toBe(2);
    await settle();
    expect(signedCopies().map((m) => m.to[0]).sort()).toEqual([a.config.company.email, 'katherine@example.com'].sort());
    const stored = await deps.proposals.get(p.id);
    expect(stored?.acceptance).toMatchObject({ name: 'Katherine Johnson', certificatePath: expect.stringMatching(/^proposal-certificates\//) });
    const certificates: string[] = [];
    for await (const f of a.container.resolve(TOKENS.Files).list({ folder: 'proposal-certificates' })) certificates.push(f.fullPath);
    expect(certificates).toEqual([stored!.acceptance!.certificatePath]);
  });
});
