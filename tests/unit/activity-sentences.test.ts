import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { ACTIVITY_EVENTS, ACTIVITY_KINDS, sentenceId, splitKind, type ActivityKind, type FactType } from '../../shared/activity-kinds';
import { describeActivity, type DescribableEntry } from '../../shared/describe-activity';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/i18n';
import { readCatalogs } from '../../server/i18n/catalogs';
import { translator } from '../../server/i18n/message';

const KINDS = Object.keys(ACTIVITY_KINDS) as ActivityKind[];
const catalogs = Object.fromEntries(LOCALES.map((l) => [l, readCatalogs(l)])) as Record<Locale, Record<string, string>>;

/** The argument names a message uses, in every branch. */
function argumentsOf(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === 'string') names.add(token[0]);
      const choices = token[2];
      if (choices && typeof choices === 'object' && !Array.isArray(choices)) for (const branch of Object.values(choices)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return names;
}

/** Sample values of every fact type, with each select branch the sentences use. */
const SAMPLES: Record<FactType, unknown[]> = {
  text: ['Zoë Ødegaard'],
  count: [1, 3],
  role: ['editor', 'owner'],
  plan: ['team', 'business'],
  date: ['2027-01-23T10:00:00.000Z'],
  choice: ['language', 'time_zone', 'both', 'unpaid', 'canceled', 'status', 'add_tag', 'remove_tag', 'active', 'inactive'],
  flag: [true, false],
};

/** Entries of `kind` covering each sample of each fact (one fact varied at a time). */
function entriesOf(kind: ActivityKind): DescribableEntry[] {
  const facts = ACTIVITY_KINDS[kind].facts as Record<string, FactType>;
  const base = Object.fromEntries(Object.entries(facts).map(([name, type]) => [name, SAMPLES[type][0]]));
  const entries = [{ ...base }];
  for (const [name, type] of Object.entries(facts)) for (const sample of SAMPLES[type].slice(1)) entries.push({ ...base, [name]: sample });
  return entries.map((f) => ({ ...splitKind(kind), subject_id: 7, subject_name: 'Île-de-France', facts: f as DescribableEntry['facts'] }));
}

const render = (locale: Locale, entry: DescribableEntry) =>
  describeActivity(entry, { t: translator(locale), formatDate: (iso) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) });

describe('activity sentences: one per kind, in every language', () => {
  it('every kind has its sentence, using only its declared facts and the subject', () => {
    for (const kind of KINDS) {
      const declared = new Set(['subject', ...Object.keys(ACTIVITY_KINDS[kind].facts)]);
      for (const locale of LOCALES) {
        const message = catalogs[locale][sentenceId(kind)];
        expect(message, `${locale}: no sentence for ${kind}`).toBeTypeOf('string');
        for (const name of argumentsOf(message)) expect(declared.has(name), `${locale}: ${kind} uses {${name}}, which it does not store`).toBe(true);
      }
    }
  });

  it('every event and subject type has its label in every language', () => {
    const subjects = new Set(KINDS.map((k) => splitKind(k).subject_type));
    for (const locale of LOCALES) {
      for (const event of ACTIVITY_EVENTS) expect(catalogs[locale][`app.activity.events.${event}`], `${locale}: event ${event}`).toBeTypeOf('string');
      for (const subject of subjects) expect(catalogs[locale][`app.activity.subjects.${subject}`], `${locale}: subject ${subject}`).toBeTypeOf('string');
    }
  });

  for (const kind of KINDS) {
    it(`${kind}: rendered in de and fr, with no English sentence and no placeholder left`, () => {
      for (const entry of entriesOf(kind)) {
        const english = render(DEFAULT_LOCALE, entry);
        expect(english).not.toMatch(/[{}]/);
        for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
          const text = render(locale, entry);
          expect(text, `${locale}: ${kind} ${JSON.stringify(entry.facts)}`).not.toBe(english);
          expect(text).not.toMatch(/[{}]/);
          expect(text).not.toContain(sentenceId(kind));
          // Roles and plans are translated where they differ (Editor → Bearbeiter / Éditeur).
          if (locale === 'de' && entry.facts && Object.values(entry.facts).includes('editor')) expect(text).toContain('Bearbeiter');
        }
      }
    });
  }

  it('hostile fact values are shown as text, never parsed as messages', () => {
    const entry: DescribableEntry = { event: 'passkey_added', subject_type: 'user', subject_id: 1, facts: { passkey: '{count, plural, one {#} other {@@}} <script>x</script>' } };
    for (const locale of LOCALES) expect(render(locale, entry)).toContain('{count, plural, one {#} other {@@}} <script>x</script>');
  });

  it('an old entry keeps its sentence; a kind this build does not know is named by its event', () => {
    expect(render('de', { event: 'created', subject_type: 'board_user', subject_id: 1, description: 'Legacy words' })).toBe('Legacy words');
    expect(render('de', { event: 'teleported', subject_type: 'board_user', subject_id: 1, facts: {} })).toBe('Teleported');
    expect(render('de', { event: 'created', subject_type: 'board_user', subject_id: 34, subject_name: null, facts: {} })).toBe('Hat das Gremienmitglied Gremienmitglied #34 (gelöscht) angelegt');
  });
});
