import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Finding 11: the production compose file, checked rule by rule (no Docker engine or compose
 * plugin runs here, so the file is parsed). Merge keys (`<<: *app`) are resolved as compose does.
 */
const root = new URL('../../../', import.meta.url);
const text = (file: string): string => readFileSync(new URL(file, root), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  profiles?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  env_file?: ({ path: string; required?: boolean } | string)[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  entrypoint?: string[];
  command?: string[];
  volumes?: string[];
}

const compose = parse(text('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const appServices = Object.entries(services).filter(([, s]) => s.build !== undefined);
const ONE_SHOT = new Set(['mongo-setup', 'createbucket']);
const startCommand = (s: Service): string => [...(s.entrypoint ?? []), ...(s.command ?? [])].join(' ');

/** Every `${NAME…}` the file interpolates, with what follows the name (`:?message`, `:-default`). */
const interpolations = [...text('docker-compose.yml').matchAll(/(?<!\$)\$\{([A-Z0-9_]+)((?::?[-?])[^}]*)?\}/g)].map((m) => ({ name: m[1]!, rest: m[2] ?? '' }));
const SECRET = /PASSWORD|SECRET|KEYFILE|ACCESS_KEY|USERNAME|ROOT_USER/;

describe('docker-compose.yml production checklist', () => {
  it('MongoDB runs as a replica set with authentication: a keyFile and a root user from .env', () => {
    const mongo = services['mongo']!;
    expect(startCommand(mongo)).toMatch(/mongod --replSet rs0 .*--keyFile \/data\/keyfile/);
    expect(startCommand(mongo)).toMatch(/chmod 400 \/data\/keyfile/);
    expect(mongo.environment!['MONGO_INITDB_ROOT_USERNAME']).toMatch(/^\$\{MONGO_ROOT_USERNAME:\?/);
    expect(mongo.environment!['MONGO_INITDB_ROOT_PASSWORD']).toMatch(/^\$\{MONGO_ROOT_PASSWORD:\?/);
    expect(mongo.environment!['MONGO_KEYFILE']).toMatch(/^\$\{MONGO_KEYFILE:\?/);
  });

  it('the app has its own database user, limited to readWrite on its database', () => {
    const setup = startCommand(services['mongo-setup']!);
    expect(setup).toContain('createUser');
    expect(setup).toMatch(/role: "readWrite", db: process\.env\.MONGO_APP_DATABASE/);
  });

  it('no secret has a default value: compose refuses to start without it', () => {
    const secrets = interpolations.filter((i) => SECRET.test(i.name));
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const s of secrets) expect(s.rest, `\${${s.name}} must use :? (required)`).toMatch(/^:\?/);
    expect(text('docker-compose.yml')).not.toMatch(/shieldline-secret|changeme|password123/i);
  });

  it('every long-running service restarts by itself; one-shot jobs do not', () => {
    for (const [name, s] of Object.entries(services)) {
      if (ONE_SHOT.has(name)) expect(s.restart, name).toBe('no');
      else expect(['unless-stopped', 'always'], `${name} restart: ${s.restart}`).toContain(s.restart);
    }
  });

  it('the mongo health check passes only while a writable primary answers, and the app waits for it', () => {
    const test = services['mongo']!.healthcheck!.test.join(' ');
    expect(test).toMatch(/db\.hello\(\)\.isWritablePrimary \? 0 : 1/);
    // The old check `try { rs.status().ok } …` was healthy with no primary elected.
    expect(test).not.toMatch(/rs\.status\(\)\.ok/);
    for (const [name, s] of appServices) {
      expect(s.depends_on?.['mongo']?.condition, name).toBe('service_healthy');
      expect(s.depends_on?.['mongo-setup']?.condition, name).toBe('service_completed_successfully');
      expect(s.healthcheck?.test.join(' '), name).toContain('/api/ready');
    }
    for (const name of ['minio', 'caddy']) expect(services[name]!.healthcheck, name).toBeDefined();
  });

  it('consoles, the database and the app listen on 127.0.0.1 only; only the TLS proxy is public', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const port of s.ports ?? []) {
        if (name === 'caddy') expect(port).toMatch(/^(80|443):(80|443)(\/udp)?$/);
        else expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
      }
    }
    expect(services['minio']!.ports).toEqual(['127.0.0.1:9001:9001']);
  });

  it('the mongo port is published (on 127.0.0.1) so the MongoDB contract suite can reach it', () => {
    expect(services['mongo']!.ports).toEqual(['127.0.0.1:${MONGO_PORT:-27017}:27017']);
  });

  it("the app's settings come from .env: nothing under environment overrides DATABASE_URL, storage or secrets", () => {
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    for (const [name, s] of appServices) {
      expect(s.env_file, name).toEqual([{ path: '.env', required: true }]);
      expect(Object.keys(s.environment ?? {}).sort(), name).toEqual(['MALLOC_ARENA_MAX', 'NODE_ENV']);
    }
  });

  it('an optional Caddy TLS proxy spreads requests over two app instances (profile "proxy")', () => {
    expect(services['caddy']!.profiles).toEqual(['proxy']);
    expect(services['app2']!.profiles).toEqual(['proxy']);
    expect(services['app']!.profiles).toBeUndefined();
    const caddyfile = text('Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy app:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/api\/ready/);
    expect(services['caddy']!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('.env.example names every variable the compose file reads', () => {
    const example = text('.env.example');
    for (const { name } of interpolations) expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
    expect(example).toMatch(/^# DATABASE_URL=mongodb:\/\/shieldline:<MONGO_APP_PASSWORD>@mongo:27017\/shieldline\?replicaSet=rs0&authSource=admin$/m);
  });
});
