// Gitleaks' own samples (shared/data/gitleaks/samples.json), read from the shared data folder.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Sample {
  index: number;
  rule: string;
  kind: 'tp' | 'fp';
  text: string;
  generated: boolean;
  secret?: string;
  path?: string;
}

const repo = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Where the samples live: LOUPE_GITLEAKS_DATA, else the shared data folder beside the checkouts. */
export function samplesFile(): string {
  const candidates = [
    process.env.LOUPE_GITLEAKS_DATA,
    '/work/shared/data/gitleaks/samples.json',
    path.join(repo, '../shared/data/gitleaks/samples.json'),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(`Gitleaks samples not found; set LOUPE_GITLEAKS_DATA (tried ${candidates.join(', ')})`);
  return found;
}

export function loadSamples(): Sample[] {
  const raw = JSON.parse(readFileSync(samplesFile(), 'utf8')) as Omit<Sample, 'index'>[];
  return raw.map((s, index) => ({ ...s, index }));
}

export const repoRoot = repo;
