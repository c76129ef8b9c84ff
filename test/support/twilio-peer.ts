import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string;
  body: string;
}

export interface TwilioPeer {
  /** For TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  /** Every message accepted so far, in order. */
  received: ReceivedSms[];
  /** While true, every request is answered 503 (the provider is down). */
  failing: boolean;
  close(): Promise<void>;
}

const read = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let s = '';
    req.on('data', (d: Buffer) => (s += d.toString()));
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });

/**
 * A loopback peer speaking the one Twilio endpoint the SMS adapter uses:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid) and Body, HTTP Basic auth with the account SID and auth token. It answers
 * as Twilio documents: 201 with the message resource (`sid` "SM…"), 401 for wrong credentials,
 * 400 with code 21604 / 21602 for a missing To / Body, 21211 for a To that is not E.164.
 */
export async function startTwilioPeer(accountSid = `AC${'0'.repeat(31)}1`, authToken = 'peer-auth-token'): Promise<TwilioPeer> {
  const received: ReceivedSms[] = [];
  let n = 0;
  const state = { failing: false };
  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (state.failing) return send(503, { code: 20503, message: 'Service unavailable', status: 503 });
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (auth !== `${accountSid}:${authToken}` || decodeURIComponent(m[1]!) !== accountSid) return send(401, { code: 20003, message: 'Authenticate', status: 401 });
      const form = new URLSearchParams(await read(req));
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
      const body = form.get('Body') ?? '';
      if (!to) return send(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      if (!/^\+[1-9]\d{7,14}$/.test(to)) return send(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
      if (!body) return send(400, { code: 21602, message: 'Message body is required.', status: 400 });
      received.push({ accountSid, to, from, body });
      n += 1;
      send(201, { sid: `SM${String(n).padStart(32, '0')}`, account_sid: accountSid, to, from, body, status: 'queued', num_segments: String(Math.ceil(body.length / 153)) });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    received,
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
