import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { serverBinary } from '../fixtures/paths';
import type { LandingServer } from '../fixtures/landing-server';

/** `landing-server leads report --json` on a server's database, as an operator runs it. */
export function leadsReport(site: LandingServer): {
  sources: { source: string; visits: number; leads: number }[];
  landings: { landing: string; leads: number }[];
} {
  const out = execFileSync(
    serverBinary,
    ['--db', path.join(site.dir, 'leads.db'), 'leads', 'report', '--json'],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

/** The leads the report counts under the page their visit began on. */
export function leadsFromPage(site: LandingServer, landing: string): number {
  return leadsReport(site).landings.find((row) => row.landing === landing)?.leads ?? 0;
}
