import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Names sorted and found as people read them (ADR 0023). `fold_text` is the one fold: lower case,
// accents stripped (NFD, combining marks dropped), and the letters NFD leaves whole spelled out
// (ł→l, ø→o, ß→ss, æ→ae…). The database computes the stored keys with it (generated columns, so
// every writer — form, import, bulk, seed — keeps them right) and queries fold the search term with
// it too. The keys use the "C" collation: the same order on PGlite and on any PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function fold_text(value text) returns text language sql immutable parallel safe as $$
      select translate(
        replace(replace(replace(replace(replace(
          regexp_replace(normalize(lower(value), NFD), '[\u0300-\u036f]', '', 'g'),
          'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'), 'ĳ', 'ij'),
        'łøđðħıŧŀ', 'loddhitl')
    $$`.execute(db);
  // array_to_string is only STABLE (it could format any element type); for text[] it is not.
  await sql`
    create function board_user_search_text(first_name text, last_name text, email text, board_name text, tags text[])
    returns text language sql immutable parallel safe as $$
      select fold_text(concat_ws(E'\n', first_name || ' ' || last_name, last_name || ' ' || first_name, email, board_name, array_to_string(tags, E'\n')))
    $$`.execute(db);

  await sql`create function lower_tags(tags text[]) returns text[] language sql immutable parallel safe as $$ select array(select lower(t) from unnest(tags) t) $$`.execute(db);

  // Last name, then first name: \x01 sorts before every character a name can hold.
  await sql`alter table board_users
    add column sort_name text collate "C" generated always as (fold_text(last_name) || E'\x01' || fold_text(first_name)) stored,
    add column search_text text collate "C" generated always as (board_user_search_text(first_name, last_name, email, board_name, tags)) stored,
    add column tag_keys text[] generated always as (lower_tags(tags)) stored`.execute(db);
  // The tag filter (tag_keys @> the chosen tags) without reading every row's tags.
  await sql`create index board_users_tag_keys_index on board_users using gin (tag_keys)`.execute(db);
  await sql`drop index if exists board_users_org_name_index`.execute(db);
  await sql`create index board_users_org_sort_name_index on board_users (organization_id, sort_name, id)`.execute(db);

  // Search is `search_text LIKE '%term%'`. With pg_trgm (bundled with PGlite, in PostgreSQL's
  // contrib and trusted since 13) a trigram index answers it without reading every row; without
  // it the same LIKE is a filter: the same answers, slower (~10 ms per 10,000 rows).
  const trigram = await trigramOperatorClass(db);
  if (trigram) await sql`create index board_users_search_trgm_index on board_users using gin (search_text ${sql.raw(trigram)})`.execute(db);

  await sql`alter table organizations add column sort_name text collate "C" generated always as (fold_text(name)) stored`.execute(db);
}

/**
 * `schema.gin_trgm_ops`, installing pg_trgm in `public` when it is available and allowed (in
 * `public`, not the current schema: a schema dropped later must not take the extension with it).
 */
async function trigramOperatorClass(db: Kysely<any>): Promise<string | null> {
  const find = () => sql<{ schema: string }>`select n.nspname as schema from pg_opclass c join pg_namespace n on n.oid = c.opcnamespace where c.opcname = 'gin_trgm_ops' limit 1`.execute(db);
  let found = (await find()).rows[0];
  if (!found) {
    const { rows } = await sql<{ ok: boolean }>`select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
      and exists (select 1 from pg_namespace where nspname = 'public') and has_schema_privilege('public', 'CREATE')
      and has_database_privilege(current_database(), 'CREATE') as ok`.execute(db);
    if (!rows[0]?.ok) return null;
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    found = (await find()).rows[0];
  }
  return found ? `"${found.schema.replaceAll('"', '""')}".gin_trgm_ops` : null;
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table organizations drop column sort_name`.execute(db);
  await sql`drop index if exists board_users_search_trgm_index`.execute(db);
  await sql`drop index if exists board_users_org_sort_name_index`.execute(db);
  await sql`alter table board_users drop column sort_name, drop column search_text, drop column tag_keys`.execute(db);
  await sql`create index board_users_org_name_index on board_users (organization_id, last_name, first_name)`.execute(db);
  await sql`drop function board_user_search_text(text, text, text, text, text[])`.execute(db);
  await sql`drop function lower_tags(text[])`.execute(db);
  await sql`drop function fold_text(text)`.execute(db);
}
