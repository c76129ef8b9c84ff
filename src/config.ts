import { z } from 'zod';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';

/**
 * Every setting the product reads, from the environment, with embedded defaults: with nothing
 * set, `npm start` runs fully embedded (SQLite under ./data). `.env.example` lists them all.
 */
const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).optional(),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|mongodb(\+srv)?:\/\/)/, 'must start with sqlite: or mongodb:// (for example sqlite:./data/app.db)')
    .optional(),
  STORAGE_URL: z.string().regex(/^(file:|s3:\/\/)/, 'must start with file: or s3://').optional(),
  STATIC_DIR: z.string().min(1).default('./dist/web'),
  PUBLIC_URL: z.url('must be an absolute URL such as https://example.com').optional(),
  COMPANY_NAME: z.string().min(1).default('Shieldline Security'),
  COMPANY_PHONE: z.string().min(3).default('(555) 010-4477'),
  COMPANY_EMAIL: z.email('must be an e-mail address').default('office@shieldline.example'),
  COPYRIGHT_YEAR: z.coerce.number().int().min(1900).max(2200).default(2025),
  SERVICE_AREA: z.string().min(1).default('Greater Springfield and surrounding counties'),
  COMPANY_ADDRESS: z.string().min(1).default('1450 Commerce Drive, Suite 4, Springfield, IL 62704'),
  SERVICE_POSTCODES: z
    .string()
    .transform((s) => (s.trim() === '*' ? [] : s.split(',').map((x) => x.trim()).filter(Boolean)))
    .default(['625', '626', '627']),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  COMPANY_TIME_ZONE: z
    .string()
    .refine((tz) => isTimeZone(tz), 'must be an IANA time zone such as America/Chicago')
    .default('America/Chicago'),
  CURRENCY: z
    .string()
    .transform((c) => c.trim().toUpperCase())
    .refine((c) => isCurrency(c), 'must be an ISO 4217 currency code with cents (two decimals), such as USD or EUR')
    .default('USD'),
  LOCALE: z
    .string()
    .refine((l) => isLocale(l), 'must be a BCP 47 language tag such as en-US or de-DE')
    .default('en-US'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CLIENT_SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(480),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(7),
  /** How long an instance answers a session from memory (docs/security.md "Sessions"); 0 reads the store every time. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_USER_IDS: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, 'list at least one user id'))
    .optional(),
  TRUST_PROXY: z
    .string()
    .transform((s, ctx) => {
      const trust = parseTrustProxy(s);
      if (typeof trust === 'string') {
        ctx.addIssue({ code: 'custom', message: trust });
        return z.NEVER;
      }
      return trust;
    })
    .default(false),
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  VISION_WORKERS: z.coerce.number().int().min(1, 'must be at least 1').max(64).optional(),
  VISION_MAX_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  VISION_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  VISION_MODEL_PATH: z.string().min(1).optional(),
  VISION_MAX_IMAGE_BYTES: z.coerce.number().int().min(1024).max(200 * 1024 * 1024).default(15 * 1024 * 1024),
  OVERTIME_WEEKLY_HOURS: z.coerce.number().min(1, 'must be at least 1').max(168, 'a week has 168 hours').default(40),
  FORGOTTEN_CLOCK_OUT_HOURS: z.coerce.number().min(1, 'must be at least 1').max(72).default(12),
  PAYMENT_INSTRUCTIONS: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  ALLOW_DEMO_SIGN_IN_ON_NETWORK: z.enum(['true', 'false']).optional(),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  STRIPE_API_HOST: z.string().trim().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  // SMS (docs/notifications.md): off unless all three are set.
  TWILIO_ACCOUNT_SID: z.string().trim().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
  TWILIO_FROM: z.string().trim().regex(/^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/, 'must be the sending number in E.164 (+15550102000) or a Messaging Service SID (MG…)').optional(),
  TWILIO_API_URL: z.url('must be a URL such as https://api.twilio.com').default('https://api.twilio.com'),
  SMS_COUNTRY_CODE: z.string().regex(/^[1-9]\d{0,2}$/, 'must be a country calling code such as 1 or 44').default('1'),
});

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`, or a comma-separated list of the reverse proxies' addresses/CIDRs
 * (`10.0.0.0/8,127.0.0.1`; also `loopback`, `linklocal`, `uniquelocal`). X-Forwarded-For is read
 * from the right, through the listed proxies, to the first address none of them is: the address
 * the outermost trusted proxy saw. Refused: `true` and catch-all ranges (the left end of the
 * header is whatever the client wrote, so trusting every hop lets anyone pick their rate-limit
 * key) and hop counts (Fastify ignores them: a hop count cannot tell a proxy from a client that
 * reaches the server directly). Returns a message when the value is refused.
 */
function parseTrustProxy(raw: string): AppConfig['trustProxy'] | string {
  const v = raw.trim().toLowerCase();
  const how = 'give the addresses or CIDRs of your reverse proxies, comma-separated (for example 10.0.0.0/8,127.0.0.1), or false';
  if (v === 'false') return false;
  if (v === 'true') return `true would trust a client-forged X-Forwarded-For; ${how}`;
  if (/^\d+$/.test(v)) return `a hop count cannot tell a proxy from a client connecting directly; ${how}`;
  const entries = v.split(',').map((x) => x.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length) return `not a proxy address or CIDR: ${bad.join(', ') || '(empty)'}; ${how}`;
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  // A /0 range is every address: the same as trusting every hop.
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A currency Intl knows, with cents: amounts are integer hundredths (docs/money.md), so JPY or KWD are refused. */
function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) return false;
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits === 2;
}

function isLocale(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

/** localhost, 127.0.0.0/8 or ::1 (also IPv4-mapped): only this machine can connect. */
function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The two administrators of the embedded demo (R-AUTH-2: a fixed list of two ids). */
export const DEMO_ADMIN_IDS = ['demo-admin-frank', 'demo-admin-jake'] as const;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  database: { kind: 'sqlite'; url: string; file: string } | { kind: 'mongodb'; url: string };
  /** file:<folder> (default DATA_DIR/files) or s3://bucket?endpoint=… */
  storageUrl: string;
  staticDir: string;
  publicUrl: string | undefined;
  company: { name: string; phone: string; email: string; copyrightYear: number; serviceArea: string; address: string };
  /** Postcode prefixes the business serves (quote requests); empty serves everywhere. */
  servicePostcodes: readonly string[];
  /** Absent: mail goes to the outbox collection, readable in the back office. */
  smtpUrl: string | null;
  shutdownGraceMs: number;
  timeZone: string;
  /** The one currency (ISO 4217) and the locale (BCP 47) every amount is shown in (docs/money.md). */
  money: { currency: string; locale: string };
  /** Absent: sign-in goes through the embedded OpenID provider (never in production). */
  google: { clientId: string; clientSecret: string } | null;
  adminUserIds: readonly string[];
  session: { secret: string | null; idleMs: number; absoluteMs: number; cacheMs: number };
  /** Key material for alarm passcodes at rest (CLIENT_SECRETS_KEY); null: the session secret is used. */
  clientSecretsKey: string | null;
  /**
   * Which reverse proxies' X-Forwarded-For to believe (Fastify `trustProxy`): false (the socket's
   * address) or the proxies' addresses/CIDRs. Never `true` (that trusts a forged chain).
   */
  trustProxy: false | string[];
  /** Seed demo accounts and data on first start (default: on unless production). */
  demoData: boolean;
  /** The detector's worker pool (docs/vision.md); started on first use, not at boot. */
  vision: {
    workers: number;
    /** Images allowed to wait beyond those being analysed; default 8 per worker. */
    maxQueue: number;
    timeoutMs: number;
    /** TF.js graph model.json (a path or file:// URL); undefined = the bundled CenterNet. */
    modelPath: string | undefined;
    maxImageBytes: number;
  };
  /** Time tracking: overtime beyond this many hours a week; open entries older than the limit are flagged. */
  time: { overtimeWeeklyHours: number; forgottenClockOutHours: number };
  /**
   * How clients pay (bank transfer details, whom checks are payable to), printed on every invoice.
   * A literal `\n` in the value starts a new line. Unset: checks payable to the company name.
   */
  paymentInstructions: string;
  /** Online payment through Stripe (docs/payments.md); null: "Pay" shows the payment instructions. `api` points the SDK elsewhere (tests' loopback peer). */
  stripe: { secretKey: string; webhookSecret: string; api: { host: string; port: number; protocol: 'http' | 'https' } | null } | null;
  /** SMS through Twilio; null: SMS is off. */
  sms: { accountSid: string; authToken: string; from: string; apiUrl: string; countryCode: string } | null;
}

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message} (got ${JSON.stringify(pick(cleaned, i.path[0]))})`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (e.NODE_ENV === 'production') {
    if (!e.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID: required in production (the embedded sign-in provider is for development and tests only)');
    if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production (at least 32 random characters)');
    if (!e.ADMIN_USER_IDS) problems.push('ADMIN_USER_IDS: required in production (the Google account ids of the administrators)');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the https address of the site)');
  }
  // Development and tests listen on loopback unless HOST says otherwise; production (a container)
  // on every interface. `localhost` (Fastify binds 127.0.0.1, and ::1 where localhost has it)
  // keeps the site's address http://localhost:<port>, the one the sign-in and Origin check use.
  const host = e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost');
  const demoSignInOnNetwork = !e.GOOGLE_CLIENT_ID && e.NODE_ENV !== 'production' && !isLoopbackHost(host);
  if (demoSignInOnNetwork && e.ALLOW_DEMO_SIGN_IN_ON_NETWORK !== 'true') {
    problems.push(
      `HOST: ${host} is not a loopback address, and the embedded demo sign-in (used without GOOGLE_CLIENT_ID) lets anyone who reaches the port sign in as an administrator in one click; use HOST=127.0.0.1, configure GOOGLE_CLIENT_ID/SECRET, or on a trusted network set ALLOW_DEMO_SIGN_IN_ON_NETWORK=true`,
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (the API key and the webhook endpoint\'s signing secret) or neither');
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three to send SMS, or none');
  if (problems.length) throw new ConfigError(problems);
  const dataDir = resolve(e.DATA_DIR);
  const dbUrl = e.DATABASE_URL ?? `sqlite:${resolve(dataDir, 'app.db')}`;
  // The path in a sqlite: URL is percent-decoded (as the adapter reads it), and written back
  // encoded, so the server, backup and restore all open the same file.
  const sqlitePath = dbUrl.startsWith('sqlite:') ? decodeURIComponent(dbUrl.slice('sqlite:'.length).replace(/^\/\//, '')) : null;
  const sqliteFile = sqlitePath === null ? null : sqlitePath === ':memory:' ? ':memory:' : resolve(sqlitePath);
  const database: AppConfig['database'] =
    sqliteFile === null ? { kind: 'mongodb', url: dbUrl } : { kind: 'sqlite', url: `sqlite:${encodeURI(sqliteFile)}`, file: sqliteFile };
  return {
    env: e.NODE_ENV,
    host,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database,
    storageUrl: e.STORAGE_URL ?? `file:${resolve(dataDir, 'files')}`,
    staticDir: resolve(e.STATIC_DIR),
    publicUrl: e.PUBLIC_URL,
    company: {
      name: e.COMPANY_NAME,
      phone: e.COMPANY_PHONE,
      email: e.COMPANY_EMAIL,
      copyrightYear: e.COPYRIGHT_YEAR,
      serviceArea: e.SERVICE_AREA,
      address: e.COMPANY_ADDRESS,
    },
    servicePostcodes: e.SERVICE_POSTCODES,
    smtpUrl: e.SMTP_URL ?? null,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    timeZone: e.COMPANY_TIME_ZONE,
    money: { currency: e.CURRENCY, locale: e.LOCALE },
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : null,
    adminUserIds: e.ADMIN_USER_IDS ?? [...DEMO_ADMIN_IDS],
    session: {
      secret: e.SESSION_SECRET ?? null,
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
      cacheMs: e.SESSION_CACHE_MS,
    },
    clientSecretsKey: e.CLIENT_SECRETS_KEY ?? null,
    trustProxy: e.TRUST_PROXY,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === 'true' : e.NODE_ENV !== 'production',
    vision: visionConfig(e),
    time: { overtimeWeeklyHours: e.OVERTIME_WEEKLY_HOURS, forgottenClockOutHours: e.FORGOTTEN_CLOCK_OUT_HOURS },
    paymentInstructions: paymentInstructions(e),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT ?? 443, protocol: e.STRIPE_API_PROTOCOL ?? 'https' } : null,
          }
        : null,
    sms:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiUrl: e.TWILIO_API_URL, countryCode: e.SMS_COUNTRY_CODE }
        : null,
  };
}

function visionConfig(e: z.infer<typeof envSchema>): AppConfig['vision'] {
  const workers = e.VISION_WORKERS ?? availableParallelism();
  return {
    workers,
    maxQueue: e.VISION_MAX_QUEUE ?? workers * 8,
    timeoutMs: e.VISION_TIMEOUT_MS,
    modelPath: e.VISION_MODEL_PATH,
    maxImageBytes: e.VISION_MAX_IMAGE_BYTES,
  };
}

function paymentInstructions(e: z.infer<typeof envSchema>): string {
  if (e.PAYMENT_INSTRUCTIONS) return e.PAYMENT_INSTRUCTIONS.replace(/\\n/g, '\n');
  return `Checks payable to ${e.COMPANY_NAME}, mailed to ${e.COMPANY_ADDRESS}. For a bank transfer, call ${e.COMPANY_PHONE} or write to ${e.COMPANY_EMAIL} for our account details.`;
}

function pick(env: Record<string, string | undefined>, key: PropertyKey | undefined): string | undefined {
  if (typeof key !== 'string') return undefined;
  const v = env[key];
  // Never echo secrets back into logs.
  return /SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL|STORAGE_URL|SMTP_URL/i.test(key) ? '[hidden]' : v;
}
