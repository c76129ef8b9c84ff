import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { SmtpMailer } from '../../src/adapters/smtp/smtp-mailer.ts';
import { DocumentOutboxMailer } from '../../src/adapters/documents/document-outbox-mailer.ts';
import { openDocumentStore } from '../../src/adapters/open-document-store.ts';
import type { MailMessage } from '../../src/domain/mail/mailer.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

const aMail = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'office@shieldline.example',
  replyTo: 'robin@example.com',
  subject: 'Quote request: Security cameras — Robin',
  text: 'New quote request from Robin\n\nTwo cameras on the driveway.',
  ...overrides,
});

describe('Mailer port: SMTP adapter against a real smtp-server peer on 127.0.0.1', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      onAuth: (auth, _session, cb) => (auth.username === 'mailer' && auth.password === 's3cret' ? cb(null, { user: auth.username }) : cb(new Error('bad credentials'))),
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            user: session.user as string | undefined,
          });
          cb();
        });
      },
      logger: false,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers subject, body, sender, recipient and Reply-To, authenticating with the URL credentials', async () => {
    const mailer = new SmtpMailer(`smtp://mailer:s3cret@127.0.0.1:${port}`, 'Shieldline Security <office@shieldline.example>');
    const sent = await mailer.send(aMail({ subject: 'Quote request: Security cameras - Robin' }));
    mailer.close();
    expect(sent.id).toMatch(/@/);
    const got = received.at(-1)!;
    expect(got.from).toBe('office@shieldline.example');
    expect(got.to).toEqual(['office@shieldline.example']);
    expect(got.user).toBe('mailer');
    expect(got.raw).toMatch(/^Subject: Quote request: Security cameras - Robin\r?$/m);
    expect(got.raw).toMatch(/^Reply-To: robin@example.com/m);
    expect(got.raw).toContain('Two cameras on the driveway.');
  });

  it('fails with an error when the server refuses the credentials', async () => {
    const mailer = new SmtpMailer(`smtp://mailer:wrong@127.0.0.1:${port}`, 'office@shieldline.example');
    await expect(mailer.send(aMail())).rejects.toThrow();
    mailer.close();
  });
});

describe('Mailer port: outbox adapter on the document store', () => {
  it('stores each mail, newest first, for staff to read', async () => {
    let t = Date.parse('2026-03-01T10:00:00Z');
    let id = 0;
    const clock = { now: () => new Date((t += 1000)) };
    const ids = { next: () => `mail-${++id}` };
    const store = await openDocumentStore('sqlite::memory:', { clock, ids });
    const outbox = new DocumentOutboxMailer(store, clock, ids);
    await outbox.send(aMail({ subject: 'first' }));
    await outbox.send(aMail({ subject: 'second', replyTo: undefined }));
    const mails = await outbox.list(10);
    expect(mails.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(mails[1]).toMatchObject({ to: 'office@shieldline.example', replyTo: 'robin@example.com' });
    expect(mails[0]?.replyTo).toBeUndefined();
    await store.close();
  });
});
