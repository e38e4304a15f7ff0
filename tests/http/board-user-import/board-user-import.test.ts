import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRunner } from '../../../server/features/board-user-import/runner';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { postImport, uploadImport as upload } from '../../helpers/import-upload';
import { createBoardUser, createBoardUsers, editorOfNewOrganization, memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const editorOf = (plan?: 'free' | 'team' | 'business') => editorOfNewOrganization(app, plan);

const post = postImport;

/** Uploads, and answers the import page's props (or the upload form's errors). */
async function uploaded(client: TestClient, content: string | Uint8Array, filename?: string) {
  const res = await upload(client, content, filename);
  expect(res.status).toBe(303);
  const page = (await client.get(res.location!, { inertia: true })).page();
  return page;
}

async function uploadErrors(client: TestClient, content: string | Uint8Array) {
  const res = await upload(client, content);
  expect(res.status).toBe(303);
  expect(res.location).toContain('/board-users/import');
  return (await client.get('/board-users/import', { inertia: true })).page().props.errors;
}

/** Saves the mapping, starts, waits for the background run, answers the finished import. */
async function run(client: TestClient, id: number, options: { mapping?: string[]; duplicates?: 'skip' | 'update' } = {}) {
  if (options.mapping || options.duplicates) {
    const current = (await client.get(`/board-users/import/${id}`, { inertia: true })).page().props.import;
    const res = await client.put(`/board-users/import/${id}`, { mapping: options.mapping ?? current.mapping, duplicates: options.duplicates ?? current.duplicates }, { inertia: true });
    expect(res.status).toBe(303);
    const errors = (await client.get(`/board-users/import/${id}`, { inertia: true })).page().props.errors;
    expect(errors).toEqual({});
  }
  const started = await client.post(`/board-users/import/${id}/start`, {}, { inertia: true });
  expect(started.status).toBe(303);
  await importRunner(app.ctx).idle();
  return (await client.get(`/board-users/import/${id}`, { inertia: true })).page().props.import;
}

const boardUsers = (orgId: number) => app.ctx.db.selectFrom('board_users').selectAll().where('organization_id', '=', orgId).orderBy('id').execute();

const activity = (orgId: number) => app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', orgId).where('event', '=', 'imported').execute();

describe('upload, mapping and preview', () => {
  it('guesses the mapping from the headers, previews rows with their validation result, and imports with a changed mapping', async () => {
    const { orgId, client } = await editorOf();
    const csv = ['Name 1,Surname,E-mail,Committee,Remarks', 'Anna,Smith,anna@example.test,Audit,Chair since 2020', 'Bram,,bram@example.test,Finance,', 'Carla,Xu,not-an-email,Audit,'].join('\n');
    const page = await uploaded(client, csv);
    expect(page.component).toBe('BoardUsers/Import');
    const imp = page.props.import;
    expect(imp).toMatchObject({ filename: 'people.csv', encoding: 'utf-8', delimiter: ',', status: 'pending', total_rows: 3 });
    expect(imp.headers).toEqual(['Name 1', 'Surname', 'E-mail', 'Committee', 'Remarks']);
    // "Name 1" and "Remarks" are not known headers; the rest are.
    expect(imp.mapping).toEqual(['', 'last_name', 'email', 'board_name', '']);
    expect(page.props.preview.map((r: any) => r.outcome)).toEqual(['error', 'error', 'error']);
    expect(page.props.preview[0].error).toBe('The first name field is required.');

    // Starting with first name unmapped is refused with a clear message.
    await client.post(`/board-users/import/${imp.id}/start`, {}, { inertia: true });
    const refused = (await client.get(`/board-users/import/${imp.id}`, { inertia: true })).page();
    expect(refused.props.errors.mapping).toBe('Choose the column that holds the first name.');
    expect(refused.props.import.status).toBe('pending');

    // Two columns cannot fill one field.
    await client.put(`/board-users/import/${imp.id}`, { mapping: ['last_name', 'last_name', 'email', '', ''], duplicates: 'skip' }, { inertia: true });
    expect((await client.get(`/board-users/import/${imp.id}`, { inertia: true })).page().props.errors['mapping.1']).toBe('Last name is already taken by column 1.');

    await client.put(`/board-users/import/${imp.id}`, { mapping: ['first_name', 'last_name', 'email', 'board_name', ''], duplicates: 'skip' }, { inertia: true });
    const previewed = (await client.get(`/board-users/import/${imp.id}`, { inertia: true })).page().props;
    expect(previewed.preview.map((r: any) => [r.line, r.outcome, r.error])).toEqual([
      [2, 'create', null],
      [3, 'error', 'The last name field is required.'],
      [4, 'error', 'The email must be a valid email address.'],
    ]);

    const done = await run(client, imp.id);
    expect(done).toMatchObject({ status: 'completed', processed_rows: 3, created_count: 1, updated_count: 0, skipped_count: 0, failed_count: 2 });
    const rows = await boardUsers(orgId);
    expect(rows.map((r) => [r.first_name, r.last_name, r.email, r.board_name, r.notes])).toEqual([['Anna', 'Smith', 'anna@example.test', 'Audit', null]]);

    // One activity entry for the whole import, with its counts.
    const logs = await activity(orgId);
    expect(logs).toHaveLength(1);
    expect(logs[0].properties).toMatchObject({ attributes: { created: 1, updated: 0, skipped: 0, failed: 2, status: 'completed' } });
    expect(logs[0]).toMatchObject({ description: null, facts: { file: 'people.csv', created: 1, updated: 0, skipped: 0, failed: 2, stopped: false } });

    // Progress went out live on the organisation's channel.
    const progress = app.broadcasts.published.filter((m) => m.event === 'BoardUserImportProgress' && (m.data as any).id === imp.id);
    expect(progress.at(-1)?.channels).toEqual([`private-organizations.${orgId}`]);
    expect((progress.at(-1)?.data as any)?.status).toBe('completed');

    // The failed rows, as they were, with an error column.
    const failed = await client.get(`/board-users/import/${imp.id}/failures`);
    expect(failed.status).toBe(200);
    expect(failed.headers.get('content-type')).toContain('text/csv');
    expect(parse(failed.text, { bom: true })).toEqual([
      ['Name 1', 'Surname', 'E-mail', 'Committee', 'Remarks', 'error'],
      ['Bram', '', 'bram@example.test', 'Finance', '', 'The last name field is required.'],
      ['Carla', 'Xu', 'not-an-email', 'Audit', '', 'The email must be a valid email address.'],
    ]);

    // A started import's mapping no longer changes, and it does not start twice.
    await client.put(`/board-users/import/${imp.id}`, { mapping: ['first_name', 'last_name', '', '', ''], duplicates: 'skip' }, { inertia: true });
    expect((await client.get(`/board-users/import/${imp.id}`, { inertia: true })).page().props.errors.form).toMatch(/already started/);
  });

  it('reads UTF-8 with a byte-order mark and ; as separator', async () => {
    const { orgId, client } = await editorOf();
    const csv = '\uFEFFFirst name;Last name;Email;Tags\r\nJürgen;Müller;jm@example.test;Finanzen; Prüfung\r\nÉlodie;Lefèvre;el@example.test;"a, b"\r\n';
    const page = await uploaded(client, csv);
    expect(page.props.import).toMatchObject({ encoding: 'utf-8', delimiter: ';', headers: ['First name', 'Last name', 'Email', 'Tags'], mapping: ['first_name', 'last_name', 'email', 'tags'] });
    await run(client, page.props.import.id);
    const rows = await boardUsers(orgId);
    expect(rows.map((r) => [r.first_name, r.last_name, r.tags])).toEqual([
      ['Jürgen', 'Müller', ['Finanzen']],
      ['Élodie', 'Lefèvre', ['a', 'b']],
    ]);
  });

  it('reads Windows-1252', async () => {
    const { orgId, client } = await editorOf();
    const bytes = iconv.encode('First name;Last name;Position\r\nFrançois;Dupré;Trésorier – adjoint\r\n', 'windows-1252');
    expect(bytes.includes(0xe7)).toBe(true); // ç as one byte: not UTF-8
    const page = await uploaded(client, bytes);
    expect(page.props.import).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(page.props.preview[0].cells).toEqual(['François', 'Dupré', 'Trésorier – adjoint']);
    await run(client, page.props.import.id);
    expect((await boardUsers(orgId)).map((r) => [r.first_name, r.last_name, r.position])).toEqual([['François', 'Dupré', 'Trésorier – adjoint']]);
  });

  it('refuses files that are empty, too large, too long, not CSV or missing, on the form', async () => {
    const { client } = await editorOf();
    expect((await uploadErrors(client, '')).file).toBe('The file is empty.');
    expect((await uploadErrors(client, 'First name,Last name\n')).file).toBe('The file has a header row but no rows under it.');
    expect((await uploadErrors(client, 'a,b\n"unclosed,1\n')).file).toMatch(/^The file is not a readable CSV: /);
    expect((await uploadErrors(client, 'x'.repeat(5 * 1024 * 1024 + 1))).file).toBe('The file may not be larger than 5 MB.');
    const tooLong = ['First name,Last name', ...Array.from({ length: 10_001 }, (_, i) => `A${i},B${i}`)].join('\n');
    expect((await uploadErrors(client, tooLong)).file).toMatch(/at most 10,000 rows/);
    const res = await client.post('/board-users/import', { file: 'x' }, { inertia: true });
    expect(res.status).toBe(303);
    expect((await client.get('/board-users/import', { inertia: true })).page().props.errors.file).toBe('Choose a CSV file to upload.');
  });
});

describe('duplicates by e-mail', () => {
  const csv = ['First name,Last name,Email,Board', 'Anna,Smith-Jones,ANNA@example.test,Finance', 'New,Person,new@example.test,Audit', 'New,Again,new@example.test,Risk'].join('\n');

  async function seeded() {
    const ctx = await editorOf();
    await createBoardUser(app, ctx.orgId, { first_name: 'Anna', last_name: 'Smith', email: 'anna@example.test', board_name: 'Audit', position: 'Chair' });
    return ctx;
  }

  it('skips them when asked (the existing record and the file’s own repeats)', async () => {
    const { orgId, client } = await seeded();
    const page = await uploaded(client, csv);
    expect(page.props.preview.map((r: any) => r.outcome)).toEqual(['skip', 'create', 'skip']);
    const done = await run(client, page.props.import.id, { duplicates: 'skip' });
    expect(done).toMatchObject({ created_count: 1, updated_count: 0, skipped_count: 2, failed_count: 0 });
    expect((await boardUsers(orgId)).map((r) => [r.last_name, r.board_name, r.position])).toEqual([
      ['Smith', 'Audit', 'Chair'],
      ['Person', 'Audit', null],
    ]);
  });

  it('updates them when asked, changing only the mapped fields', async () => {
    const { orgId, client } = await seeded();
    const page = await uploaded(client, csv);
    const done = await run(client, page.props.import.id, { duplicates: 'update' });
    expect(done).toMatchObject({ created_count: 1, updated_count: 2, skipped_count: 0 });
    expect((await boardUsers(orgId)).map((r) => [r.last_name, r.email, r.board_name, r.position])).toEqual([
      ['Smith-Jones', 'anna@example.test', 'Finance', 'Chair'],
      ['Again', 'new@example.test', 'Risk', null],
    ]);
  });
});

describe('plan limits', () => {
  it('stops at the limit and says so', async () => {
    const { orgId, client } = await editorOf('free'); // 25 board users
    await createBoardUsers(app, orgId, 20, (i) => ({ first_name: 'Old', last_name: `${i}` }));
    const csv = ['First name,Last name', ...Array.from({ length: 8 }, (_, i) => `New,${i}`)].join('\n');
    const page = await uploaded(client, csv);
    const done = await run(client, page.props.import.id);
    expect(done.status).toBe('stopped');
    expect(done.created_count).toBe(5);
    expect(done.message).toBe('The Free plan allows 25 board users; you have 25. Upgrade your plan to add more. The import stopped at row 7: 3 rows were not imported.');
    expect(await boardUsers(orgId)).toHaveLength(25);
    expect((await activity(orgId))[0].properties).toMatchObject({ attributes: { created: 5, status: 'stopped' } });
  });
});

describe('size', () => {
  it('imports 10,000 rows in batches within the request limits', async () => {
    const { orgId, client } = await editorOf('business');
    const lines = ['First name,Last name,Email,Board,Status,Tags,Joined on,Notes'];
    for (let i = 0; i < 10_000; i++)
      lines.push(`First${i},Last${i},p${i}@example.test,Board ${i % 7},${i % 3 ? 'active' : 'inactive'},"t${i % 5}; x",2020-01-${String((i % 28) + 1).padStart(2, '0')},"Note ${i}, with a comma"`);
    const page = await uploaded(client, lines.join('\r\n'));
    expect(page.props.import.total_rows).toBe(10_000);
    const done = await run(client, page.props.import.id);
    expect(done).toMatchObject({ status: 'completed', processed_rows: 10_000, created_count: 10_000, failed_count: 0 });
    const count = await app.ctx.db
      .selectFrom('board_users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10_000);
    expect(await activity(orgId)).toHaveLength(1);
    // Progress was reported batch by batch (500 rows each).
    const steps = app.broadcasts.published.filter((m) => m.event === 'BoardUserImportProgress' && (m.data as any).id === page.props.import.id).map((m) => (m.data as any).processed_rows);
    expect(steps).toEqual([0, ...Array.from({ length: 20 }, (_, i) => (i + 1) * 500)]);
  }, 120_000);
});

describe('round trip', () => {
  it('re-imports the export’s CSV unchanged', async () => {
    const source = await editorOf();
    await createBoardUsers(app, source.orgId, [
      {
        first_name: 'Anna',
        last_name: 'Smith',
        email: 'anna@example.test',
        phone: '+44 20 7946 0000',
        position: 'Chair',
        board_name: 'Audit',
        status: 'active',
        tags: ['finance', 'audit'],
        notes: 'Line one\nLine two, "quoted"',
        joined_on: '2024-03-01',
      },
      {
        first_name: '=cmd|calc',
        last_name: 'Élan',
        email: null,
        phone: null,
        position: null,
        board_name: '@risk',
        status: 'inactive',
        tags: [],
        notes: null,
        joined_on: null,
      },
      {
        first_name: 'Zoë',
        last_name: "O'Brien",
        email: 'zoe@example.test',
        phone: '-12',
        position: 'Treasurer; acting',
        board_name: 'Finance',
        status: 'active',
        tags: ['x'],
        notes: '',
        joined_on: '1999-12-31',
      },
    ]);
    const exported = await source.client.get('/board-users/export');
    expect(exported.status).toBe(200);

    const target = await editorOf();
    const page = await uploaded(target.client, exported.text, 'export.csv');
    expect(page.props.import.mapping).toEqual([
      '',
      'first_name',
      'last_name',
      'email',
      'phone',
      'position',
      'board_name',
      'status',
      'tags',
      'joined_on',
      'term_started_on',
      'term_ends_on',
      'notes',
      '',
      '',
    ]);
    const done = await run(target.client, page.props.import.id);
    expect(done).toMatchObject({ created_count: 3, failed_count: 0 });

    const fields = (rows: Awaited<ReturnType<typeof boardUsers>>) =>
      rows
        .map((r) => ({
          first_name: r.first_name,
          last_name: r.last_name,
          email: r.email,
          phone: r.phone,
          position: r.position,
          board_name: r.board_name,
          status: r.status,
          tags: r.tags,
          notes: r.notes || null,
          joined_on: r.joined_on,
        }))
        .sort((a, b) => a.last_name.localeCompare(b.last_name));
    expect(fields(await boardUsers(target.orgId))).toEqual(fields(await boardUsers(source.orgId)));
    // And exporting again gives the same file, but for the ids and creation times.
    const again = await target.client.get('/board-users/export');
    const strip = (text: string) => parse(text, { bom: true }).map((r: string[]) => r.slice(1, 11));
    expect(strip(again.text)).toEqual(strip(exported.text));
  });

  it('keeps tags with separators and quotes exact (a tag list quotes a tag the way CSV quotes a field)', async () => {
    const source = await editorOf();
    const tags = ['a,b', 'c;d', '"quoted"', 'plain', 'x "y" z', '=sum'];
    await createBoardUsers(app, source.orgId, [
      { first_name: 'Tess', last_name: 'Tagger', email: 'tess@example.test', status: 'active', tags },
      { first_name: 'Una', last_name: 'One', email: 'una@example.test', status: 'active', tags: ['a,b'] },
      { first_name: 'Quin', last_name: 'Quote', email: 'quin@example.test', status: 'active', tags: ['"quoted"'] },
    ]);
    const exported = await source.client.get('/board-users/export');
    expect(exported.status).toBe(200);

    const target = await editorOf();
    const page = await uploaded(target.client, exported.text, 'export.csv');
    const done = await run(target.client, page.props.import.id);
    expect(done).toMatchObject({ created_count: 3, failed_count: 0 });
    const byName = Object.fromEntries((await boardUsers(target.orgId)).map((r) => [r.first_name, r.tags]));
    expect(byName).toEqual({ Tess: tags, Una: ['a,b'], Quin: ['"quoted"'] });
  });
});

describe('access', () => {
  it('is for editors and up; another organisation’s import is not found', async () => {
    const { client } = await editorOf();
    const page = await uploaded(client, 'First name,Last name\nA,B\n');
    const viewer = await memberClient(app, 'viewer');
    expect((await viewer.client.get('/board-users/import', { inertia: true })).status).toBe(403);
    const stranger = await editorOf();
    expect((await stranger.client.get(`/board-users/import/${page.props.import.id}`, { inertia: true })).status).toBe(404);
    expect((await stranger.client.post(`/board-users/import/${page.props.import.id}/start`, {}, { inertia: true })).status).toBe(404);
    expect((await stranger.client.get(`/board-users/import/${page.props.import.id}/failures`)).status).toBe(404);
    expect((await client.get('/board-users/import/abc', { inertia: true })).status).toBe(404);
  });
});

describe('a restarted server', () => {
  it('carries on with an import after its last committed batch', async () => {
    const { orgId, client } = await editorOf();
    const lines = ['First name,Last name,Email', ...Array.from({ length: 1200 }, (_, i) => `F${i},L${i},r${i}@example.test`)];
    const page = await uploaded(client, lines.join('\n'));
    const id = page.props.import.id;
    // As a server that stopped after the first batch would have left it: 500 rows in, running.
    await createBoardUsers(app, orgId, 500, (i) => ({ first_name: `F${i}`, last_name: `L${i}`, email: `r${i}@example.test` }));
    await app.ctx.db.updateTable('board_user_imports').set({ status: 'running', processed_rows: 500, created_count: 500 }).where('id', '=', id).execute();

    await importRunner(app.ctx).resume();
    await importRunner(app.ctx).idle();
    const done = (await client.get(`/board-users/import/${id}`, { inertia: true })).page().props.import;
    expect(done).toMatchObject({ status: 'completed', processed_rows: 1200, created_count: 1200, skipped_count: 0, failed_count: 0 });
    expect(await boardUsers(orgId)).toHaveLength(1200);
    expect(await activity(orgId)).toHaveLength(1);
  });
});

describe('what an upload may hold (#23 finding 8)', () => {
  const FIVE_MB = 5 * 1024 * 1024;

  /** A valid CSV of exactly `size` bytes: rows of about 1 KB, the last one padded to the byte. */
  function csvOfSize(size: number) {
    const header = 'First name,Last name,Notes\n';
    const rows: string[] = [];
    let length = header.length;
    for (let i = 0; length + 1100 < size; i++) {
      const row = `A${i},B${i},${'n'.repeat(1000)}\n`;
      rows.push(row);
      length += row.length;
    }
    const prefix = `Last,Row,`;
    rows.push(prefix + 'z'.repeat(size - length - prefix.length));
    const text = header + rows.join('');
    expect(Buffer.byteLength(text)).toBe(size);
    return text;
  }

  it('accepts a file of exactly 5 MB and refuses one byte more', async () => {
    const { client } = await editorOf();
    const exact = await upload(client, csvOfSize(FIVE_MB));
    expect(exact.status).toBe(303);
    expect(exact.location).toMatch(/\/board-users\/import\/\d+$/);
    expect((await uploadErrors(client, csvOfSize(FIVE_MB + 1))).file).toBe('The file may not be larger than 5 MB.');
  });

  it('reads UTF-16LE with a BOM (Excel’s “Unicode Text”: tab-separated) and UTF-16BE', async () => {
    const { orgId, client } = await editorOf();
    const text = 'First name\tLast name\tPosition\r\nJürgen\tMüller\tKassenwart, stellv.\r\nZoë\t李\tChair\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    const page = await uploaded(client, le, 'unicode.txt');
    expect(page.props.import).toMatchObject({ encoding: 'utf-16le', delimiter: '\t', headers: ['First name', 'Last name', 'Position'], mapping: ['first_name', 'last_name', 'position'] });
    expect(page.props.preview.map((r: any) => r.cells)).toEqual([
      ['Jürgen', 'Müller', 'Kassenwart, stellv.'],
      ['Zoë', '李', 'Chair'],
    ]);
    await run(client, page.props.import.id);
    expect((await boardUsers(orgId)).map((r) => [r.first_name, r.last_name, r.position])).toEqual([
      ['Jürgen', 'Müller', 'Kassenwart, stellv.'],
      ['Zoë', '李', 'Chair'],
    ]);

    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('First name;Last name\r\nÉlodie;Lefèvre\r\n', 'utf-16be')]);
    const bePage = await uploaded(client, be);
    expect(bePage.props.import).toMatchObject({ encoding: 'utf-16be', delimiter: ';', headers: ['First name', 'Last name'] });
    expect(bePage.props.preview[0].cells).toEqual(['Élodie', 'Lefèvre']);
  });

  it('says on the form that a file with a NUL byte or text that cannot be decoded is not a CSV (never a bare 400)', async () => {
    const { client } = await editorOf();
    const nul = 'The file contains a NUL character (row 1), so it is not a text CSV file. Save it as CSV (UTF-8) and upload it again.';
    expect((await uploadErrors(client, 'First\u0000name,Last name\nA,B\n')).file).toBe(nul);
    expect((await uploadErrors(client, 'First name,Last name\nA,B\nC,D\u0000\n')).file).toBe(nul.replace('row 1', 'row 3'));
    // UTF-16LE with a lone surrogate (and an odd byte at the end): nothing can decode it.
    const broken = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('First name,Last name\nA,B\n', 'utf-16le'), Buffer.from([0x00, 0xd8, 0x41])]);
    expect((await uploadErrors(client, broken)).file).toBe('The file is not valid UTF-16 text. Save it as CSV (UTF-8) and upload it again.');
  });

  it('keeps an upload’s file name printable (a NUL in an encoded filename* is not a 400)', async () => {
    const { client } = await editorOf();
    const boundary = 'b0undary';
    const body = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename*=UTF-8''bad%00name%0A.csv`,
      'Content-Type: text/csv',
      '',
      'First name,Last name\nA,B\n',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await post(client, body, { 'Content-Type': `multipart/form-data; boundary=${boundary}` });
    expect(res.status).toBe(303);
    const page = (await client.get(res.location!, { inertia: true })).page();
    expect(page.props.import.filename).toBe('badname.csv');
  });
});

describe('the failed rows’ CSV (#23 finding 7)', () => {
  it('neutralises a formula in the header row exactly as in every cell', async () => {
    const { client } = await editorOf();
    const csv = ['First name,Last name,"=HYPERLINK(""http://evil.test"",""x"")",@SUM(1)', 'Anna,,=1+2,-3'].join('\n');
    const page = await uploaded(client, csv);
    const done = await run(client, page.props.import.id);
    expect(done.failed_count).toBe(1);
    const failed = await client.get(`/board-users/import/${page.props.import.id}/failures`);
    expect(parse(failed.text, { bom: true })).toEqual([
      ['First name', 'Last name', `'=HYPERLINK("http://evil.test","x")`, "'@SUM(1)", 'error'],
      ['Anna', '', "'=1+2", '-3', 'The last name field is required.'],
    ]);
    // Imported again, the header reads as its author wrote it (as a cell does).
    const again = await uploaded(client, failed.text, 'again.csv');
    expect(again.props.import.headers).toEqual(['First name', 'Last name', '=HYPERLINK("http://evil.test","x")', '@SUM(1)', 'error']);
  });
});
