import { describe, expect, it } from 'vitest';
import { authStylesheetSources, usesShell } from '../../server/cli/bundle-report';
import { usesAuthStylesheet } from '../../resources/js/lib/stylesheets';

/**
 * The parts of `npm run bundle:report` that read the sources rather than the build (the rules on
 * the build run in tests/e2e/first-load.spec.ts): which pages count the signed-in shell, and the
 * files resources/css/auth.css scans for the pages it styles.
 */
describe('bundle report', () => {
  it('counts the signed-in shell for pages without a layout of their own', () => {
    expect(usesShell('Dashboard')).toBe(true);
    expect(usesShell('BoardUsers/Index')).toBe(true);
    expect(usesShell('Auth/Login')).toBe(false); // AuthLayout
    expect(usesShell('Welcome')).toBe(false); // PublicLayout
    expect(usesShell('Errors/404')).toBe(false); // layout = null
  });

  it('reads auth.css’s @source lines with their braces expanded', () => {
    const sources = authStylesheetSources();
    expect(sources).toContain('resources/js/Pages/Auth');
    expect(sources).toContain('resources/js/Layouts/AuthLayout.tsx');
    expect(sources).toContain('resources/js/Components/Button.tsx');
    expect(sources).toContain('resources/js/Components/cx.ts');
    expect(sources.some((s) => s.includes('{') || s.includes('}'))).toBe(false);
  });

  it('styles the pages in the auth layout with auth.css, every other page with full.css', () => {
    expect(usesAuthStylesheet('Auth/Login')).toBe(true);
    expect(usesAuthStylesheet('Invitations/Accept')).toBe(true);
    expect(usesAuthStylesheet('Dashboard')).toBe(false);
    expect(usesAuthStylesheet('Welcome')).toBe(false);
  });
});
