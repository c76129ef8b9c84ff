import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDotEnv } from '../../../scripts/dot-env.ts';
import { tempDir } from '../../support/temp-dir.ts';

describe('.env loading for npm start / npm run dev', () => {
  const dir = tempDir('dotenv-');
  const keys = ['DOTENV_TEST_FROM_FILE', 'DOTENV_TEST_ALREADY_SET'];
  afterAll(() => dir.remove());
  afterEach(() => {
    for (const k of keys) delete process.env[k];
  });

  it('reads variables from the file, and a variable already in the environment wins', () => {
    const file = join(dir.path, '.env');
    writeFileSync(file, 'DOTENV_TEST_FROM_FILE=from-file\nDOTENV_TEST_ALREADY_SET=from-file\n');
    process.env['DOTENV_TEST_ALREADY_SET'] = 'from-environment';
    loadDotEnv(file);
    expect(process.env['DOTENV_TEST_FROM_FILE']).toBe('from-file');
    expect(process.env['DOTENV_TEST_ALREADY_SET']).toBe('from-environment');
  });

  it('does nothing when there is no file', () => {
    expect(() => loadDotEnv(join(dir.path, 'missing.env'))).not.toThrow();
    expect(process.env['DOTENV_TEST_FROM_FILE']).toBeUndefined();
  });
});
