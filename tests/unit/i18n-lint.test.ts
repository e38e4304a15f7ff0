import { describe, expect, it } from 'vitest';
import { lintPaths, lintSource, needsTranslation } from '../../server/cli/i18n-lint';

describe('untranslated interface text', () => {
  it('finds text in JSX, in read attributes and in label properties, and lets names and symbols be', () => {
    const findings = lintSource(
      'x.tsx',
      `const items = [{ label: 'Board users', href: '/b' }];
       export const X = ({ ok }: { ok: boolean }) => (
         <div className="grid gap-2" aria-label="Main menu">
           Hello there
           {'Plain literal'}
           {ok ? 'Yes' : t('common.no')}
           <input placeholder={\`Search \${'x'}\`} type="text" />
           <span title="Boardly">·</span> {t('common.save')} <Logo /> 42 %
         </div>
       );`,
    );
    expect(findings.map((f) => f.text)).toEqual(['Board users', 'Main menu', 'Hello there', 'Plain literal', 'Yes', 'Search']);
    expect(needsTranslation('Boardly · CSV')).toBe(false);
    expect(needsTranslation('Import CSV')).toBe(true);
  });

  it('every page, layout and component shows its text through a translation', () => {
    const findings = lintPaths(['resources/js']).map((f) => `${f.file}:${f.line} ${f.text}`);
    expect(findings).toEqual([]);
  });
});
