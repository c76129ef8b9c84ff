import { z } from 'zod';
import { resolve } from 'node:path';

/**
 * Every setting the product reads, from the environment, with embedded defaults: with nothing
 * set, `npm start` runs fully embedded (SQLite under ./data). `.env.example` lists them all.
 */
const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^sqlite:/, 'must start with sqlite: (for example sqlite:./data/app.db)')
    .optional(),
  STATIC_DIR: z.string().min(1).default('./dist/web'),
  PUBLIC_URL: z.url('must be an absolute URL such as https://example.com').optional(),
  COMPANY_NAME: z.string().min(1).default('Shieldline Security'),
  COMPANY_PHONE: z.string().min(3).default('(555) 010-4477'),
  COMPANY_EMAIL: z.email('must be an e-mail address').default('office@shieldline.example'),
  COPYRIGHT_YEAR: z.coerce.number().int().min(1900).max(2200).default(2025),
  SERVICE_AREA: z.string().min(1).default('Greater Springfield and surrounding counties'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  database: { kind: 'sqlite'; file: string };
  staticDir: string;
  publicUrl: string | undefined;
  company: { name: string; phone: string; email: string; copyrightYear: number; serviceArea: string };
  shutdownGraceMs: number;
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
  const dataDir = resolve(e.DATA_DIR);
  const dbUrl = e.DATABASE_URL ?? `sqlite:${resolve(dataDir, 'app.db')}`;
  const sqlitePath = dbUrl.slice('sqlite:'.length);
  const database = { kind: 'sqlite', file: sqlitePath === ':memory:' ? ':memory:' : resolve(sqlitePath) } as const;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database,
    staticDir: resolve(e.STATIC_DIR),
    publicUrl: e.PUBLIC_URL,
    company: {
      name: e.COMPANY_NAME,
      phone: e.COMPANY_PHONE,
      email: e.COMPANY_EMAIL,
      copyrightYear: e.COPYRIGHT_YEAR,
      serviceArea: e.SERVICE_AREA,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  };
}

function pick(env: Record<string, string | undefined>, key: PropertyKey | undefined): string | undefined {
  if (typeof key !== 'string') return undefined;
  const v = env[key];
  // Never echo secrets back into logs.
  return /SECRET|PASSWORD|TOKEN|KEY/i.test(key) ? '[hidden]' : v;
}
