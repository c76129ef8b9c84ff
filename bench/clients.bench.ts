/**
 * Client search at 100 000 clients on SQLite. Seeds the clients (and their search terms) straight
 * into a fresh database file in one transaction, using the repository's own document mapping, then
 * starts the real server on it, signs in as the admin and times GET /api/clients one request at
 * a time: prefix searches (names, phones, e-mails, streets, misses), filtered lists and later
 * pages. Prints p50/p95/p99 per kind and overall, against GET /api/health in the same run, for
 * BENCH_PASSES (3) passes over the same data. Target: search and plain-list p95 ≤ 50 ms.
 * Run: `node bench/clients.bench.ts` (BENCH_CLIENTS=… to resize; BENCH_DB=/tmp/x.db keeps the
 * seeded database there and reuses it next time, skipping the seeding).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { collectionInserter } from '../src/adapters/sqlite/sqlite-collection-tables.ts';
import { openSqlite, migrate } from '../src/adapters/sqlite/sqlite-database.ts';
import { sqliteDocumentStore } from '../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentClientRepository } from '../src/adapters/documents/document-client-repository.ts';
import { CLIENTS, CLIENT_TERMS, clientToDoc, termDocs, termId } from '../src/adapters/documents/document-client-repository.ts';
import { encodeDocument, type DocumentData } from '../src/domain/persistence/document-data.ts';
import type { Client } from '../src/domain/clients/client.ts';
import { listenTestApp } from '../test/support/app.ts';
import { TestClient } from '../test/support/http-client.ts';
import { DEMO } from '../test/support/demo-users.ts';
import { seededRandom } from '../test/unit/planner/planner-factories.ts';
import { fmt, pct } from './latency-figures.ts';

const N = Number(process.env.BENCH_CLIENTS ?? 100_000);
const REQUESTS_PER_KIND = Number(process.env.BENCH_REQUESTS ?? 60);
/** Measuring passes over the same seeded database (the machine is shared and noisy). */
const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const TARGET_P95_MS = 50;

// Deterministic pseudo-random data (mulberry32), so every run seeds the same clients.
const rand = seededRandom(42);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const FIRST = 'james mary robert patricia john jennifer michael linda david elizabeth william barbara richard susan joseph jessica thomas sarah charles karen christopher lisa daniel nancy matthew betty anthony margaret mark sandra donald ashley steven kimberly paul emily andrew donna joshua michelle kenneth carol kevin amanda brian dorothy george melissa timothy deborah ronald stephanie edward rebecca jason sharon jeffrey laura ryan cynthia jacob kathleen gary amy nicholas angela eric shirley jonathan anna stephen brenda larry pamela justin emma scott nicole brandon helen benjamin samantha samuel katherine gregory christine alexander debra frank rachel patrick carolyn raymond janet jack catherine dennis maria jerry heather tyler diane aaron ruth jose julie adam olivia nathan joyce henry virginia douglas victoria zachary kelly peter lauren kyle christina ethan joan walter evelyn noah judith jeremy megan christian andrea keith cheryl roger hannah terry jacqueline gerald martha harold gloria sean teresa austin ann carl sara arthur madison lawrence frances dylan kathryn jesse janice jordan jean bryan abigail billy alice joe julia bruce judy gabriel sophia logan grace albert denise willie amber alan doris juan marilyn wayne danielle elijah beverly randy isabella roy theresa vincent diana ralph natalie eugene brittany russell charlotte bobby marie mason kayla philip alexis louis lori'.split(' ');
const LAST = 'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long ross foster jimenez powell jenkins perry russell sullivan bell coleman butler henderson barnes gonzales fisher vasquez simmons romero jordan patterson alexander hamilton graham reynolds griffin wallace moreno west cole hayes bryant herrera gibson ellis tran medina aguilar stevens murray ford castro marshall owens harrison fernandez mcdonald woods washington kennedy wells vargas henry chen freeman webb tucker guzman burns crawford olson simpson porter hunter gordon mendez silva shaw snyder mason dixon munoz hunt hicks holmes palmer wagner black robertson boyd rose stone salazar fox warren mills meyer rice schmidt garza daniels ferguson nichols stephens soto weaver ryan gardner payne grant dunn kelley spencer hawkins arnold pierce vazquez hansen peters santos hart bradley knight elliott cunningham duncan armstrong hudson carroll lane riley andrews alvarado ray delgado berry perkins hoffman johnston matthews pena richards contreras willis carpenter lawrence sandoval'.split(' ');
const STREETS = 'oak maple cedar pine elm washington lake hill walnut park sunset highland river spring church main mill chestnut willow meadow forest valley ridge lincoln jefferson franklin madison jackson adams cherry birch aspen hickory dogwood magnolia laurel sycamore poplar juniper'.split(' ');
const SUFFIX = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Court', 'Way', 'Place'];
const CITIES = ['Springfield', 'Riverton', 'Fairview', 'Greenville', 'Franklin', 'Clinton', 'Madison', 'Georgetown', 'Salem', 'Bristol', 'Ashland', 'Dover'];
const TAGS = ['vip', 'monitoring', 'warranty', 'new-build', 'referral-partner', 'late-payer', 'hoa', 'landlord'];
const SOURCES = ['lead', 'referral', 'website', 'phone', 'other'] as const;
const COMPANY = ['Logistics', 'Dental', 'Bakery', 'Storage', 'Holdings', 'Motors', 'Pharmacy', 'Fitness', 'Realty', 'Foods'];
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

interface Seeded {
  client: Client;
  last: string;
  phone: string;
  email: string;
  street: string;
}

function makeClient(i: number, now: string): Seeded {
  const first = pick(FIRST);
  const last = pick(LAST);
  const commercial = rand() < 0.25;
  const name = `${cap(first)} ${cap(last)}`;
  const phone = `555${String(1_000_000 + i * 37).slice(-7)}`;
  const email = `${first}.${last}${i}@example.com`;
  const street = pick(STREETS);
  const address = { line1: `${1 + Math.floor(rand() * 9000)} ${cap(street)} ${pick(SUFFIX)}`, line2: '', city: pick(CITIES), region: 'IL', postcode: String(60000 + Math.floor(rand() * 999)), country: 'US' };
  const tags = rand() < 0.3 ? [pick(TAGS)] : [];
  const client: Client = {
    id: `c${i.toString(36).padStart(6, '0')}`,
    kind: commercial ? 'commercial' : 'residential',
    name,
    company: commercial ? `${cap(last)} ${pick(COMPANY)}` : '',
    contacts: [{ name, role: commercial ? 'Owner' : '', emails: [email], phones: [`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`] }],
    billingAddress: address,
    tags,
    notes: '',
    source: pick(SOURCES),
    archived: rand() < 0.05,
    leadId: null,
    sites: [
      {
        id: 's1',
        label: commercial ? 'Premises' : 'Home',
        address,
        geo: null,
        alarm: { centralStation: 'Rapid Response', accountNumber: String(100000 + i), panelModel: 'DSC PowerSeries Neo', zones: [{ number: 1, name: 'Front door', type: 'entry-exit' }], emergencyContacts: [], passcode: null },
      },
    ],
    createdAt: now,
    updatedAt: now,
  };
  return { client, last, phone, email, street };
}

const listQuery = { text: 'zqx', kind: null, tag: null, source: null, archived: 'active', sort: 'name', limit: 25, cursor: null } as const;

async function seedDatabase(file: string, reuse: boolean): Promise<{ seeded: Seeded[]; unanalysedMs: number; analyseMs: number }> {
  const db = openSqlite(file);
  migrate(db);
  db.pragma('synchronous = OFF');
  const insert = collectionInserter(db);
  const seeded: Seeded[] = [];
  const base = Date.parse('2024-01-01T00:00:00Z');
  if (reuse) {
    // Same seed, same clients: only the sampling data is rebuilt.
    for (let i = 0; i < N; i++) seeded.push(makeClient(i, new Date(base + i * 60_000).toISOString()));
    db.close();
    return { seeded, unanalysedMs: NaN, analyseMs: 0 };
  }
  db.transaction(() => {
    for (let i = 0; i < N; i++) {
      const at = new Date(base + i * 60_000).toISOString();
      const s = makeClient(i, at);
      seeded.push(s);
      const doc = clientToDoc(s.client);
      insert.run(CLIENTS, s.client.id, JSON.stringify(encodeDocument(doc as unknown as DocumentData)), at, at);
      termDocs(s.client.id, doc).forEach((t, k) => insert.run(CLIENT_TERMS, termId(s.client.id, k), JSON.stringify(t), at, at));
    }
  })();
  db.pragma('synchronous = FULL');
  // Opening a store builds the expression indexes; time one search before and after ANALYZE.
  const store = sqliteDocumentStore(db);
  const repo = new DocumentClientRepository(store);
  let t = performance.now();
  await repo.list(listQuery);
  const unanalysedMs = performance.now() - t;
  await store.close();
  t = performance.now();
  db.exec('ANALYZE');
  const analyseMs = performance.now() - t;
  db.close();
  return { seeded, unanalysedMs, analyseMs };
}

async function main(): Promise<void> {
  // BENCH_DB=path keeps the seeded database there and reuses it on the next run (same BENCH_CLIENTS).
  const keep = process.env.BENCH_DB;
  const dir = keep ? dirname(keep) : mkdtempSync(join(tmpdir(), 'bench-clients-'));
  const file = keep ?? join(dir, 'clients.db');
  const reuse = keep !== undefined && existsSync(keep);
  try {
    let t0 = performance.now();
    const { seeded, unanalysedMs, analyseMs } = await seedDatabase(file, reuse);
    const seedMs = performance.now() - t0;
    t0 = performance.now();
    const t = await listenTestApp({ DATABASE_URL: `sqlite:${file}` });
    const openMs = performance.now() - t0; // includes building the expression indexes
    const terms = await t.container.resolve((await import('../src/container.ts')).TOKENS.Store).collection(CLIENT_TERMS).count();
    if (reuse) console.log(`reused ${file}: ${N} clients + ${terms} search terms; server open in ${(openMs / 1000).toFixed(1)} s`);
    else {
      console.log(`seeded ${N} clients + ${terms} search terms, built indexes, ANALYZE (${(analyseMs / 1000).toFixed(1)} s) in ${(seedMs / 1000).toFixed(1)} s; server open in ${(openMs / 1000).toFixed(1)} s`);
      console.log(`one search before ANALYZE (no planner statistics): ${unanalysedMs.toFixed(0)} ms`);
    }
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);

    const sample = () => pick(seeded);
    const kinds: Record<string, () => string> = {
      'name prefix (3 chars)': () => `/api/clients?q=${sample().last.slice(0, 3)}`,
      'surname': () => `/api/clients?q=${sample().last}`,
      'first + last name': () => `/api/clients?q=${encodeURIComponent(sample().client.name)}`,
      'phone fragment': () => `/api/clients?q=${sample().phone.slice(3, 9)}`,
      'full phone': () => `/api/clients?q=${encodeURIComponent(sample().client.contacts[0]!.phones[0]!)}`,
      'e-mail prefix': () => `/api/clients?q=${encodeURIComponent(sample().email.slice(0, 8))}`,
      'street + city': () => `/api/clients?q=${sample().street}+${sample().client.billingAddress.city.toLowerCase()}`,
      'no match': () => `/api/clients?q=zq${Math.floor(rand() * 1e6)}`,
      'search + kind filter': () => `/api/clients?q=${sample().last.slice(0, 2)}&kind=commercial`,
      'list by name': () => `/api/clients?sort=${pick(['name', '-name'])}`,
      'list newest, filtered': () => `/api/clients?sort=-createdAt&kind=${pick(['residential', 'commercial'])}`,
      'list by tag': () => `/api/clients?tag=${pick(TAGS)}`,
      'list by source': () => `/api/clients?source=${pick(SOURCES)}`,
    };
    const time = async (url: string): Promise<[number, { items: unknown[]; nextCursor: string | null }]> => {
      const s = performance.now();
      const res = await c.get(url);
      const body = (await res.json()) as { items: unknown[]; nextCursor: string | null };
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body)}`);
      return [performance.now() - s, body];
    };
    for (let i = 0; i < 30; i++) await time(pick(Object.values(kinds))());
    const measure = async (pass: number): Promise<string> => {
      const health: number[] = [];
      for (let i = 0; i < 100; i++) {
        const s = performance.now();
        await (await c.get('/api/health')).text();
        health.push(performance.now() - s);
      }
      const all: number[] = [];
      const searchOnly: number[] = [];
      const lists: number[] = [];
      console.log(`\n${'kind'.padEnd(26)}    p50     p95     p99   rows/page`);
      for (const [name, url] of Object.entries(kinds)) {
        const ms: number[] = [];
        let rows = 0;
        for (let i = 0; i < REQUESTS_PER_KIND; i++) {
          const [m, body] = await time(url());
          ms.push(m);
          rows += body.items.length;
        }
        all.push(...ms);
        if (!name.startsWith('list')) searchOnly.push(...ms);
        else lists.push(...ms);
        console.log(`${name.padEnd(26)}${fmt(pct(ms, 50))} ${fmt(pct(ms, 95))} ${fmt(pct(ms, 99))}   ${(rows / REQUESTS_PER_KIND).toFixed(1)}`);
      }
      // Paging: follow nextCursor three pages deep on common prefixes.
      const paging: number[] = [];
      for (let i = 0; i < REQUESTS_PER_KIND / 3; i++) {
        let url = `/api/clients?q=${sample().last.slice(0, 2)}`;
        for (let p = 0; p < 3; p++) {
          const [m, body] = await time(url);
          paging.push(m);
          if (!body.nextCursor) break;
          url = `/api/clients?q=${new URL(`http://x${url}`).searchParams.get('q')}&cursor=${encodeURIComponent(body.nextCursor)}`;
        }
      }
      all.push(...paging);
      searchOnly.push(...paging);
      console.log(`${'search pages 1-3'.padEnd(26)}${fmt(pct(paging, 50))} ${fmt(pct(paging, 95))} ${fmt(pct(paging, 99))}`);
      const hp50 = pct(health, 50);
      console.log(`${'GET /api/health (baseline)'.padEnd(26)}${fmt(hp50)} ${fmt(pct(health, 95))} ${fmt(pct(health, 99))}`);
      const p95 = pct(searchOnly, 95);
      const line = `pass ${pass}: search p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_P95_MS} ms) — ${p95 <= TARGET_P95_MS ? 'OK' : 'OVER TARGET'}; plain lists p95 ${pct(lists, 95).toFixed(1)} ms; all list/search requests p95 ${pct(all, 95).toFixed(1)} ms; search p50 = ${(pct(searchOnly, 50) / hp50).toFixed(1)}× the health route (health p95 ${pct(health, 95).toFixed(1)} ms)`;
      console.log(`\n${line}`);
      if (p95 > TARGET_P95_MS || pct(lists, 95) > TARGET_P95_MS) process.exitCode = 1;
      return line;
    };
    const summary: string[] = [];
    for (let pass = 1; pass <= PASSES; pass++) {
      console.log(`\n--- pass ${pass} of ${PASSES}`);
      summary.push(await measure(pass));
    }
    console.log(`\n${summary.join('\n')}`);
    await t.close();
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
