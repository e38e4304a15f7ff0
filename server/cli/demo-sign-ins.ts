import type { SeedResult } from '../db/seed';

/** The lines every start of a demo database prints (and `npm run demo:reset`). */
export function demoSignInLines(result: SeedResult, url: string): string[] {
  if (!result.accounts.length) return [`  Demo organization "${result.organization.name}": every demo account has its own password now.`];
  return [
    `  Demo organization "${result.organization.name}". Sign in with any of:`,
    ...result.accounts.map((account) => `    ${account.email.padEnd(24)} (${account.role})`),
    `  Password for all of them: ${result.password}`,
    `  Public insights: ${url.replace(/\/+$/, '')}/p/${result.organization.slug}`,
  ];
}
