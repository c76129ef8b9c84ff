import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../support/temp-dir.ts';

const CONFIG = resolve('.dependency-cruiser.cjs');
const DEPCRUISE = resolve('node_modules/.bin/depcruise');

/** Writes a tiny tree with the project's layer names and runs the real rule set on it. */
function cruise(files: Record<string, string>, roots: readonly string[] = ['src']) {
  const dir = tempDir('arch-');
  try {
    writeFileSync(join(dir.path, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true } }));
    for (const [path, body] of Object.entries(files)) {
      mkdirSync(join(dir.path, path, '..'), { recursive: true });
      writeFileSync(join(dir.path, path), body);
    }
    const r = spawnSync(DEPCRUISE, ['--config', CONFIG, ...roots], { cwd: dir.path, encoding: 'utf8' });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  } finally {
    dir.remove();
  }
}

// Each case spawns dependency-cruiser (≈1 s alone, much more on a busy machine).
describe('the dependency rule', { timeout: 60_000 }, () => {
  it('fails when src/domain imports an adapter', () => {
    const r = cruise({
      'src/adapters/sqlite/db.ts': 'export const db = 1;\n',
      'src/domain/contact/bad.ts': "import { db } from '../../adapters/sqlite/db.ts';\nexport const x = db;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('domain-is-pure');
  });

  it('fails when application imports the HTTP layer', () => {
    const r = cruise({
      'src/http/server.ts': 'export const s = 1;\n',
      'src/application/contact/bad.ts': "import { s } from '../../http/server.ts';\nexport const x = s;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('application-not-outward');
  });

  it('fails when application imports an adapter', () => {
    const r = cruise({
      'src/adapters/sqlite/db.ts': 'export const db = 1;\n',
      'src/application/contact/bad.ts': "import { db } from '../../adapters/sqlite/db.ts';\nexport const x = db;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('application-not-outward');
  });

  it('fails when an HTTP route constructs an adapter instead of taking it from the composition root', () => {
    const r = cruise({
      'src/adapters/pdf/pdf.ts': 'export class Pdf {}\n',
      'src/http/routes/bad.ts': "import { Pdf } from '../../adapters/pdf/pdf.ts';\nexport const x = new Pdf();\n",
      'src/http/routes/fine.ts': "import type { Pdf } from '../../adapters/pdf/pdf.ts';\nexport const y = (p: Pdf) => p;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('http-adapters-only-in-composition');
    expect(r.output).toContain('src/http/routes/bad.ts');
    expect(r.output).not.toContain('src/http/routes/fine.ts');
  });

  it('fails when an HTTP route reaches a repository instead of calling a use case', () => {
    const r = cruise({
      'src/domain/quotes/quote-request-repository.ts': 'export interface QuoteRequestRepository { list(): Promise<unknown[]> }\n',
      'src/domain/quotes/quote-request.ts': 'export interface QuoteRequest { id: string }\n',
      'src/application/quotes/list-leads.ts':
        "import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';\nexport const listLeads = (d: { leads: QuoteRequestRepository }) => d.leads.list();\n",
      'src/http/routes/bad.ts':
        "import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';\nexport const route = (leads: QuoteRequestRepository) => leads.list();\n",
      'src/http/routes/fine.ts':
        "import type { QuoteRequest } from '../../domain/quotes/quote-request.ts';\nimport { listLeads } from '../../application/quotes/list-leads.ts';\nexport const route = (d: Parameters<typeof listLeads>[0]) => listLeads(d) as Promise<QuoteRequest[]>;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('http-routes-call-use-cases');
    expect(r.output).toContain('src/http/routes/bad.ts');
    expect(r.output).not.toContain('src/http/routes/fine.ts');
  });

  it('fails when one SPA feature imports another, and passes for the session, the kit and lib', () => {
    const r = cruise(
      {
        'web/src/features/jobs/MyJobs.ts': 'export const myJobs = 1;\n',
        'web/src/features/auth/session.ts': 'export const session = 1;\n',
        'web/src/ui/kit.ts': 'export const kit = 1;\n',
        'web/src/lib/queries/jobs.ts': 'export const jobsQuery = 1;\n',
        'web/src/features/time/Bad.ts': "import { myJobs } from '../jobs/MyJobs.ts';\nexport const x = myJobs;\n",
        'web/src/features/time/Fine.ts':
          "import { session } from '../auth/session.ts';\nimport { kit } from '../../ui/kit.ts';\nimport { jobsQuery } from '../../lib/queries/jobs.ts';\nimport { x } from './Bad.ts';\nexport const y = [session, kit, jobsQuery, x];\n",
      },
      ['web/src'],
    );
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('no-feature-to-feature');
    expect(r.output).toContain('web/src/features/time/Bad.ts → web/src/features/jobs/MyJobs.ts');
    expect(r.output).not.toContain('web/src/features/time/Fine.ts');
  });

  it('fails when the SPA kit imports a feature', () => {
    const r = cruise(
      {
        'web/src/features/jobs/MyJobs.ts': 'export const myJobs = 1;\n',
        'web/src/ui/Bad.ts': "import { myJobs } from '../features/jobs/MyJobs.ts';\nexport const x = myJobs;\n",
      },
      ['web/src'],
    );
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('ui-and-lib-not-features');
  });

  it('passes when dependencies point inward', () => {
    const r = cruise({
      'src/domain/contact/port.ts': 'export interface Port { add(): void }\n',
      'src/application/contact/use.ts': "import type { Port } from '../../domain/contact/port.ts';\nexport const use = (p: Port) => p.add();\n",
      'src/adapters/sqlite/impl.ts': "import type { Port } from '../../domain/contact/port.ts';\nexport const impl: Port = { add() {} };\n",
    });
    expect(r.output).toContain('no dependency violations');
    expect(r.status).toBe(0);
  });
});
