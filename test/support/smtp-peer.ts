import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every mail delivered so far, in order. */
  received: ReceivedMail[];
  close(): Promise<void>;
  /** Stops listening (open connections are cut), as when the mail server goes down. */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping `received`. */
  start(): Promise<void>;
  /** Recipients it answers "550 no such mailbox" for (a permanent refusal), until removed. */
  rejects: Set<string>;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 and a free port that keeps what it is sent. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const rejects = new Set<string>();
  const newServer = () => new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    // stop() cuts open connections after this instead of waiting 30 s for them to end.
    closeTimeout: 100,
    logger: false,
    size: 10_000_000,
    onRcptTo(address, _session, cb) {
      if (!rejects.has(address.address)) return cb();
      cb(Object.assign(new Error(`No such mailbox: ${address.address}`), { responseCode: 550 }));
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  let smtp: SMTPServer | null = newServer();
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const stop = async () => {
    const s = smtp;
    smtp = null;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    await closed;
  };
  const start = async () => {
    if (smtp) return;
    const s = newServer();
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    smtp = s;
  };
  return { url: `smtp://127.0.0.1:${port}`, received, close: stop, stop, start, rejects };
}

/** The Subject header of a raw mail. */
export const subjectOf = (m: ReceivedMail): string => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? '';

/** The quoted-printable text of a mail as a person reads it (soft line breaks joined, =XX decoded as UTF-8). */
export const textOf = (m: ReceivedMail): string =>
  Buffer.from(m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString();

/** The bytes of the base64 attachment named `filename` in a raw mail, or null when it has none. */
export function attachmentOf(m: ReceivedMail, filename: string): Buffer | null {
  for (const part of m.raw.split(/\r?\n--/)) {
    if (!part.includes(`filename=${filename}`) && !part.includes(`filename="${filename}"`)) continue;
    const body = part.split(/\r?\n\r?\n/).slice(1).join('\n');
    return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  }
  return null;
}
