import { existsSync } from 'node:fs';

/**
 * Reads `.env` (copy .env.example) into process.env when the file exists. Variables already in
 * the environment win, so `PORT=3100 npm start` still overrides the file.
 */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
