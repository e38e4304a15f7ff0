import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { foldText } from '../../shared/fold';

/** shared/fold.ts folds as the database's fold_text does: the browser's filter and the import's headers match the search. */
const SAMPLES = [
  'Łukasiewicz',
  'Ødegaard',
  'Straße',
  'Æsir',
  'Œuvre',
  'Þórr',
  'Ĳssel',
  'Đorđe',
  'Ħal',
  'Işıl',
  'Ŧ',
  'Ŀlama',
  'Fondation Île-de-France',
  'Ó Súilleabháin',
  'Čapek',
  'ÅNGSTRÖM',
  'Zoë',
  'plain ascii 123',
];

describe('foldText', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = createDatabase({ pgliteDir: 'memory' });
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  it.each(SAMPLES)('%s folds as fold_text does', async (text) => {
    const { rows } = await sql<{ folded: string }>`select fold_text(${text}) as folded`.execute(handle.db);
    expect(foldText(text)).toBe(rows[0].folded);
  });

  it('finds what people type without accents', () => {
    expect(foldText('Łukasiewicz')).toContain('lukasiewicz');
    expect(foldText('Fondation Île-de-France')).toContain('ile-de-france');
  });
});
