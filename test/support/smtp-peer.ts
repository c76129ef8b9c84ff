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
}

/** A real SMTP server (smtp-server) on 127.0.0.1 and a free port that keeps what it is sent. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10_000_000,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** The Subject header of a raw mail. */
export const subjectOf = (m: ReceivedMail): string => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? '';
