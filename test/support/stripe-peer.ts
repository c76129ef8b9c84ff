/**
 * A loopback peer that speaks the few Stripe endpoints the adapter uses (docs/payments.md), so
 * the official SDK runs unchanged against it (STRIPE_API_HOST/PORT/PROTOCOL): form-encoded
 * requests as the SDK sends them, JSON answers in Stripe's shapes, Stripe's error envelope.
 *
 *   POST /v1/checkout/sessions        GET /v1/checkout/sessions/:id   (mode payment or setup)
 *   GET  /v1/payment_intents/:id      POST /v1/refunds
 *   POST /v1/customers                GET /v1/setup_intents/:id
 *   GET  /v1/payment_methods/:id      POST /v1/payment_methods/:id/detach
 *   POST /v1/payment_intents          (confirm, off_session; honours the Idempotency-Key header:
 *                                      the same key answers the first answer, charging once)
 *
 * It also plays the customer and Stripe's side: a hosted "checkout page" (GET /pay/:id, a Pay
 * button that completes the session and redirects to success_url), and webhooks signed with the
 * SDK's own `webhooks.generateTestHeaderString`, POSTed to `webhookUrl` (`deliveries` times each).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const PEER_SECRET_KEY = 'sk_test_loopback_peer';
export const PEER_WEBHOOK_SECRET = 'whsec_loopback_peer_signing_secret';

type Obj = Record<string, unknown>;

export interface PeerEvent {
  id: string;
  type: string;
  /** The exact JSON body delivered (what the signature covers). */
  payload: string;
}

export interface StripePeer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The server's env for this peer: keys, secret and where the SDK should send its requests. */
  env: Record<string, string>;
  /** Where webhooks go (the app's POST /api/payments/stripe/webhook); none until set. */
  webhookUrl: string | null;
  /** How many times each webhook is delivered (Stripe may deliver one event more than once). */
  deliveries: number;
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  /** Every event made so far, in order. */
  events: PeerEvent[];
  /** Webhook answers (status codes) in delivery order. */
  answers: number[];
  /** Off-session charges actually made (an idempotent replay adds none). */
  charges: Obj[];
  /** Saved cards whose off-session charges are declined (payment method ids). */
  declining: Set<string>;
  /** The customer pays on the hosted page: the session completes; returns its events (delivered). */
  complete(sessionId: string): Promise<PeerEvent[]>;
  /** The card is declined: a payment_intent.payment_failed event (delivered). */
  decline(sessionId: string, message?: string): Promise<PeerEvent>;
  /** Signs and POSTs an event's payload to `webhookUrl`; `timestamp` (seconds) backdates the signature. */
  deliver(event: PeerEvent, options?: { timestamp?: number; secret?: string }): Promise<number>;
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` form fields → nested objects and arrays, as Stripe reads them. */
export function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let at: Obj = root;
    path.forEach((seg, i) => {
      if (i === path.length - 1) at[seg] = value;
      else at = (at[seg] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Obj;
    });
  }
  return root;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
  res.end(JSON.stringify(body));
};
const stripeError = (res: ServerResponse, status: number, message: string) => send(res, status, { error: { type: 'invalid_request_error', message } });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripePeer(): Promise<StripePeer> {
  const signer = new Stripe(PEER_SECRET_KEY);
  const sessions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const events: PeerEvent[] = [];
  const answers: number[] = [];
  const customers = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const offSession: Obj[] = [];
  const declining = new Set<string>();
  /** Idempotency-Key → the first answer (status and body), as Stripe keeps it for 24 hours. */
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const event = (type: string, object: Obj): PeerEvent => {
    const id = rid('evt');
    const payload = JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } }, null, 2);
    const e = { id, type, payload };
    events.push(e);
    return e;
  };

  const peer: StripePeer = {
    url: '',
    env: {},
    webhookUrl: null,
    deliveries: 1,
    sessions,
    paymentIntents,
    events,
    answers,
    charges: offSession,
    declining,
    async deliver(e, options = {}) {
      if (!peer.webhookUrl) throw new Error('stripe peer: no webhookUrl');
      const header = signer.webhooks.generateTestHeaderString({ payload: e.payload, secret: options.secret ?? PEER_WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
      const res = await fetch(peer.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header }, body: e.payload });
      await res.arrayBuffer();
      answers.push(res.status);
      return res.status;
    },
    async complete(sessionId) {
      const s = sessions.get(sessionId);
      if (!s || s['status'] !== 'open') throw new Error(`stripe peer: no open session ${sessionId}`);
      if (s['mode'] === 'setup') {
        // The customer saved a card: a payment method on the customer, through a SetupIntent.
        const pm = rid('pm');
        paymentMethods.set(pm, { id: pm, object: 'payment_method', type: 'card', customer: s['customer'], card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getFullYear() + 3 } });
        const seti = rid('seti');
        setupIntents.set(seti, { id: seti, object: 'setup_intent', status: 'succeeded', customer: s['customer'], payment_method: pm, usage: 'off_session', metadata: s['metadata'] });
        Object.assign(s, { status: 'complete', setup_intent: seti, url: null });
        const made = [event('checkout.session.completed', publicSession(s))];
        await deliverAll(made);
        return made;
      }
      const pi = rid('pi');
      const charge = rid('ch');
      const amount = s['amount_total'] as number;
      paymentIntents.set(pi, { id: pi, object: 'payment_intent', amount, amount_received: amount, currency: s['currency'], status: 'succeeded', metadata: s['pi_metadata'], latest_charge: charge, last_payment_error: null });
      charges.set(charge, { id: charge, object: 'charge', amount, amount_refunded: 0, currency: s['currency'], payment_intent: pi, metadata: {}, refunded: false });
      Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: pi, url: null });
      const made = [event('checkout.session.completed', publicSession(s)), event('payment_intent.succeeded', paymentIntents.get(pi)!)];
      await deliverAll(made);
      return made;
    },
    async decline(sessionId, message = 'Your card was declined.') {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`stripe peer: no session ${sessionId}`);
      const pi = rid('pi');
      const intent = { id: pi, object: 'payment_intent', amount: s['amount_total'], amount_received: 0, currency: s['currency'], status: 'requires_payment_method', metadata: s['pi_metadata'], last_payment_error: { message, code: 'card_declined' } };
      paymentIntents.set(pi, intent);
      const e = event('payment_intent.payment_failed', intent);
      await deliverAll([e]);
      return e;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function deliverAll(made: PeerEvent[]): Promise<void> {
    if (!peer.webhookUrl) return;
    for (let i = 0; i < peer.deliveries; i++) for (const e of made) await peer.deliver(e);
  }

  const publicSession = (s: Obj): Obj => {
    const { pi_metadata: _m, ...rest } = s;
    return rest;
  };

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.headers.authorization !== `Bearer ${PEER_SECRET_KEY}`) return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    const body = parseForm(await readBody(req));
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (body['mode'] === 'setup') {
        if (!body['customer'] || !body['success_url'] || !body['cancel_url']) return stripeError(res, 400, 'Missing required param: customer, success_url or cancel_url.');
        const id = rid('cs_test');
        const s: Obj = { id, object: 'checkout.session', mode: 'setup', status: 'open', payment_status: 'no_payment_required', amount_total: null, currency: null, customer: body['customer'], metadata: body['metadata'] ?? {}, success_url: body['success_url'], cancel_url: body['cancel_url'], setup_intent: null, payment_intent: null, line_item_name: 'Save a card', url: `${peer.url}/pay/${id}` };
        sessions.set(id, s);
        return send(res, 200, publicSession(s));
      }
      const items = (body['line_items'] as Obj[] | undefined) ?? [];
      const item = items[0] as { quantity?: string; price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } } } | undefined;
      if (!item?.price_data?.unit_amount || !body['success_url'] || !body['cancel_url']) return stripeError(res, 400, 'Missing required param: line_items, success_url or cancel_url.');
      const id = rid('cs_test');
      const amount = Number(item.price_data.unit_amount) * Number(item.quantity ?? 1);
      const s: Obj = {
        id,
        object: 'checkout.session',
        mode: body['mode'] ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: item.price_data.currency,
        metadata: body['metadata'] ?? {},
        client_reference_id: body['client_reference_id'] ?? null,
        customer_email: body['customer_email'] ?? null,
        success_url: body['success_url'],
        cancel_url: body['cancel_url'],
        payment_intent: null,
        line_item_name: item.price_data.product_data?.name ?? '',
        url: `${peer.url}/pay/${id}`,
        pi_metadata: (body['payment_intent_data'] as Obj | undefined)?.['metadata'] ?? {},
      };
      sessions.set(id, s);
      return send(res, 200, publicSession(s));
    }
    if (req.method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const s = sessions.get(decodeURIComponent(m[1]!));
      return s ? send(res, 200, publicSession(s)) : stripeError(res, 404, `No such checkout.session: '${m[1]}'`);
    }
    if (req.method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const pi = paymentIntents.get(decodeURIComponent(m[1]!));
      return pi ? send(res, 200, pi) : stripeError(res, 404, `No such payment_intent: '${m[1]}'`);
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const id = rid('cus');
      const c = { id, object: 'customer', email: body['email'] ?? null, name: body['name'] ?? null, metadata: body['metadata'] ?? {} };
      customers.set(id, c);
      return send(res, 200, c);
    }
    if (req.method === 'GET' && (m = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      const si = setupIntents.get(decodeURIComponent(m[1]!));
      return si ? send(res, 200, si) : stripeError(res, 404, `No such setupintent: '${m[1]}'`);
    }
    if (req.method === 'GET' && (m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const pm = paymentMethods.get(decodeURIComponent(m[1]!));
      return pm ? send(res, 200, pm) : stripeError(res, 404, `No such PaymentMethod: '${m[1]}'`);
    }
    if (req.method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path))) {
      const pm = paymentMethods.get(decodeURIComponent(m[1]!));
      if (!pm) return stripeError(res, 404, `No such PaymentMethod: '${m[1]}'`);
      pm['customer'] = null;
      return send(res, 200, pm);
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const first = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (first) return send(res, first.status, first.body);
      const pm = paymentMethods.get(String(body['payment_method'] ?? ''));
      if (!pm || pm['customer'] !== body['customer']) return stripeError(res, 400, `No such PaymentMethod: '${String(body['payment_method'])}' on that customer.`);
      const id = rid('pi');
      const amount = Number(body['amount']);
      const declined = declining.has(String(pm['id']));
      const intent: Obj = { id, object: 'payment_intent', amount, amount_received: declined ? 0 : amount, currency: body['currency'], customer: body['customer'], payment_method: pm['id'], off_session: body['off_session'] === 'true', status: declined ? 'requires_payment_method' : 'succeeded', metadata: body['metadata'] ?? {}, last_payment_error: declined ? { message: 'Your card was declined.', code: 'card_declined' } : null };
      paymentIntents.set(id, intent);
      offSession.push(intent);
      let answer: { status: number; body: unknown };
      if (declined) answer = { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: intent } } };
      else {
        const charge = rid('ch');
        charges.set(charge, { id: charge, object: 'charge', amount, amount_refunded: 0, currency: body['currency'], payment_intent: id, metadata: {}, refunded: false });
        intent['latest_charge'] = charge;
        answer = { status: 200, body: intent };
      }
      if (typeof key === 'string') idempotent.set(key, answer);
      send(res, answer.status, answer.body);
      setTimeout(() => void deliverAll([event(declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', { ...intent })]).catch(() => undefined), 10);
      return;
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const pi = paymentIntents.get(String(body['payment_intent'] ?? ''));
      const charge = pi ? charges.get(String(pi['latest_charge'])) : undefined;
      if (!pi || !charge) return stripeError(res, 404, `No such payment_intent: '${String(body['payment_intent'])}'`);
      const left = (charge['amount'] as number) - (charge['amount_refunded'] as number);
      const amount = body['amount'] === undefined ? left : Number(body['amount']);
      if (!(amount > 0) || amount > left) return stripeError(res, 400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`);
      charge['amount_refunded'] = (charge['amount_refunded'] as number) + amount;
      charge['refunded'] = charge['amount_refunded'] === charge['amount'];
      const refund = { id: rid('re'), object: 'refund', amount, charge: charge['id'], payment_intent: pi['id'], status: 'succeeded', currency: charge['currency'] };
      send(res, 200, refund);
      // Stripe tells the endpoint afterwards, not within the API call.
      setTimeout(() => void deliverAll([event('charge.refunded', { ...charge })]).catch(() => undefined), 10);
      return;
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
  }

  /** The hosted checkout page: what the customer sees at Stripe, reduced to a Pay button. */
  async function page(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const s = sessions.get(id);
    if (!s) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('No such checkout session.');
    }
    if (req.method === 'POST') {
      if (s['status'] === 'open') await peer.complete(id);
      res.writeHead(303, { location: String(s['success_url']).replace('{CHECKOUT_SESSION_ID}', id) });
      return void res.end();
    }
    const amount = s['mode'] === 'setup' ? 'nothing now' : new Intl.NumberFormat('en-US', { style: 'currency', currency: String(s['currency']).toUpperCase() }).format((s['amount_total'] as number) / 100);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Checkout (test peer)</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>${s['mode'] === 'setup' ? 'Save your card' : `Pay ${escapeHtml(amount)}`}</h1><p>${escapeHtml(String(s['line_item_name']))}</p>
<form method="post" action="/pay/${escapeHtml(id)}"><p>Card 4242 4242 4242 4242</p><button type="submit">${s['mode'] === 'setup' ? 'Save card' : `Pay ${escapeHtml(amount)}`}</button></form>
<p><a href="${escapeHtml(String(s['cancel_url']))}">Back without paying</a></p></body></html>`);
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://peer').pathname;
    const m = /^\/pay\/([A-Za-z0-9_]+)$/.exec(path);
    const work = m ? page(req, res, m[1]!) : api(req, res, path);
    work.catch((err: unknown) => stripeError(res, 500, err instanceof Error ? err.message : String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  peer.url = `http://127.0.0.1:${port}`;
  peer.env = { STRIPE_SECRET_KEY: PEER_SECRET_KEY, STRIPE_WEBHOOK_SECRET: PEER_WEBHOOK_SECRET, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' };
  return peer;
}
