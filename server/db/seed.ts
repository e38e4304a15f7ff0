import type { Kysely } from 'kysely';
import { hashPassword } from '../lib/passwords';
import { randomToken } from '../lib/crypto';
import type { Database, InsightCategory, Role } from './types';

export interface DemoAccount {
  email: string;
  role: Role | 'platform admin';
}

export interface SeedResult {
  password: string;
  accounts: DemoAccount[];
  organization: { name: string; slug: string };
}

const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'owner@boardly.test', role: 'owner' },
  { email: 'admin@boardly.test', role: 'admin' },
  { email: 'editor@boardly.test', role: 'editor' },
  { email: 'viewer@boardly.test', role: 'viewer' },
  { email: 'platform@boardly.test', role: 'platform admin' },
];

/** The same demo people on every seed: a fixed seed, so docs, screenshots and tests can rely on them. */
export const DEMO_NAMES_SEED = 20261123;

/**
 * `count` people with realistic, varied names, no full name twice (a board of eight Nguyens,
 * two of them "Chloe Nguyen", was the old seed's doing): each drawn from one of several locales'
 * name lists, as the boards of an international non-profit network would be. Deterministic for
 * a given seed. Faker is loaded only here (all its locales take a second to load).
 */
export async function demoPeople(count: number, seed = DEMO_NAMES_SEED): Promise<{ first_name: string; last_name: string; email: string }[]> {
  const { Faker, base, en, en_AU, en_IN, en_NG, nl, sv, da, fr, de, pt_PT, pl } = await import('@faker-js/faker');
  const locales = [en_AU, en_AU, en_AU, en_AU, en_IN, en_NG, nl, sv, da, fr, de, pt_PT, pl];
  const fakers = locales.map((locale, i) => {
    const faker = new Faker({ locale: [locale, en, base] });
    faker.seed(seed + i);
    return faker;
  });
  const chooser = new Faker({ locale: [en, base] });
  chooser.seed(seed);
  const seen = new Set<string>();
  const people: { first_name: string; last_name: string; email: string }[] = [];
  while (people.length < count) {
    const faker = chooser.helpers.arrayElement(fakers);
    const first_name = faker.person.firstName();
    const last_name = faker.person.lastName();
    const full = `${first_name} ${last_name}`.toLowerCase();
    if (seen.has(full)) continue;
    seen.add(full);
    const local = `${first_name}.${last_name}`
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z.]/g, '');
    people.push({ first_name, last_name, email: `${local}@boards.example` });
  }
  return people;
}

const BOARDS = ['Riverside Housing Trust', 'North Coast Arts Council', 'Greenfield Schools Foundation', 'Harbour Health Network'];
const POSITIONS = ['Chair', 'Vice-chair', 'Treasurer', 'Secretary', 'Trustee', 'Non-executive director'];

const INSIGHTS: { title: string; category: InsightCategory; summary: string; body: string; status: 'draft' | 'published' | 'archived'; shared?: boolean }[] = [
  {
    title: 'Board evaluation: what the 2026 cycle told us',
    category: 'governance',
    status: 'published',
    shared: true,
    summary: "Themes from this year's board self-assessments and three changes worth making before the next cycle.",
    body: `## What we heard\n\nAcross four boards, members asked for **shorter papers** and **clearer decisions**.\n\n- Papers longer than 12 pages were read in full by fewer than half of members.\n- Decision items buried in "any other business" were the most common complaint.\n\n## Three changes\n\n1. A one-page cover sheet on every paper, stating the decision sought.\n2. A consent agenda for routine approvals.\n3. An annual skills matrix review, shared with the nominations committee.\n\n> Good governance is mostly good preparation.`,
  },
  {
    title: 'Reading a cash-flow forecast in ten minutes',
    category: 'finance',
    status: 'published',
    shared: true,
    summary: 'A practical guide for trustees without a finance background.',
    body: `Start with the **closing balance line**: does it ever dip below the reserves policy?\n\nThen look for the *assumptions* page. Ask:\n\n- Which income is contracted, and which is hoped for?\n- What happens if the largest grant arrives three months late?\n\n| Question | Why it matters |\n| --- | --- |\n| Lowest month? | Shows liquidity risk |\n| Biggest assumption? | Shows forecast risk |`,
  },
  {
    title: 'Risk appetite statements that people actually use',
    category: 'risk',
    status: 'published',
    summary: 'Moving from a laminated statement to a tool the executive consults.',
    body: `A risk appetite statement earns its keep when it **changes a decision**.\n\nWrite it per category, with a tolerance the executive can test a proposal against.`,
  },
  {
    title: 'Succession planning for chairs',
    category: 'people',
    status: 'draft',
    summary: 'Draft notes for the nominations committee.',
    body: `Notes to be completed after the March committee meeting.`,
  },
  {
    title: 'Strategy away-day: facilitation plan',
    category: 'strategy',
    status: 'archived',
    summary: 'The plan we used for the 2025 away-day.',
    body: `Morning: context and horizon scanning. Afternoon: three strategic options, scored against our mission.`,
  },
];

/**
 * The sign-ins of a demo database, for every start to print (null: not a demo database): the
 * demo accounts that still use the seeded password. A random password per database, kept with it,
 * so no demo database anywhere has a known one (ADR 0024).
 */
export async function demoSignIns(db: Kysely<Database>): Promise<SeedResult | null> {
  const seed = await db.selectFrom('demo_seed').selectAll().executeTakeFirst();
  if (!seed) return null;
  const unchanged = await db
    .selectFrom('users')
    .select('email')
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .where('password', '=', seed.password_hash)
    .execute();
  const emails = new Set(unchanged.map((u) => u.email));
  return {
    password: seed.password,
    accounts: DEMO_ACCOUNTS.filter((a) => emails.has(a.email)),
    organization: { name: seed.organization_name, slug: seed.organization_slug },
  };
}

/** Demo data for a newcomer: only on an empty database. Returns the sign-ins to print. */
export async function seedDemo(db: Kysely<Database>, passwordOverride?: string): Promise<SeedResult | null> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const password = passwordOverride || `demo-${randomToken(6)}`;
  const hashed = await hashPassword(password);
  const now = new Date();
  const accounts = DEMO_ACCOUNTS;
  const names: Record<string, string> = {
    'owner@boardly.test': 'Olivia Owner',
    'admin@boardly.test': 'Adam Admin',
    'editor@boardly.test': 'Eve Editor',
    'viewer@boardly.test': 'Victor Viewer',
    'platform@boardly.test': 'Pat Platform',
  };
  const people = await demoPeople(32);
  await db.transaction().execute(async (trx) => {
    const users = await trx
      .insertInto('users')
      .values(accounts.map((a) => ({ name: names[a.email], email: a.email, password: hashed, email_verified_at: now, is_platform_admin: a.role === 'platform admin' })))
      .returning(['id', 'email'])
      .execute();
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    const org = await trx
      .insertInto('organizations')
      .values({
        name: 'Northwind Governance',
        slug: 'northwind',
        description: 'Board support and governance advice for non-profits in the north.',
        website: 'https://northwind.example',
        public_page_enabled: true,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('memberships')
      .values(accounts.filter((a) => a.role !== 'platform admin').map((a) => ({ organization_id: org.id, user_id: idOf(a.email), role: a.role as Role })))
      .execute();
    const trialEnds = new Date(now.getTime() + 14 * 86_400_000);
    const sub = await trx
      .insertInto('subscriptions')
      .values({ organization_id: org.id, plan: 'team', status: 'trialing', trial_ends_at: trialEnds, current_period_start: now, current_period_end: trialEnds })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('subscription_events')
      .values({ subscription_id: sub.id, organization_id: org.id, event: 'trial_started', to_plan: 'team', to_status: 'trialing', actor_id: idOf('owner@boardly.test') })
      .execute();
    const boardUsers = await trx
      .insertInto('board_users')
      .values(
        people.map((person, i) => ({
          organization_id: org.id,
          ...person,
          phone: `+44 20 7946 ${String(1000 + i * 37).slice(-4)}`,
          position: POSITIONS[i % POSITIONS.length],
          board_name: BOARDS[i % BOARDS.length],
          status: i % 5 === 4 ? ('inactive' as const) : ('active' as const),
          tags: i % 3 === 0 ? ['finance'] : i % 3 === 1 ? ['audit', 'risk'] : [],
          joined_on: `20${18 + (i % 8)}-0${1 + (i % 9)}-1${i % 9}`,
          // Three-year terms, the first few ending within weeks (the dashboard's "terms ending soon").
          ...termOf(now, i),
        })),
      )
      .returning('id')
      .execute();
    for (const [i, insight] of INSIGHTS.entries()) {
      const publishedAt = insight.status === 'draft' ? null : new Date(now.getTime() - (i + 1) * 9 * 86_400_000);
      const row = await trx
        .insertInto('insights')
        .values({
          organization_id: org.id,
          author_id: idOf(i % 2 ? 'editor@boardly.test' : 'owner@boardly.test'),
          title: insight.title,
          summary: insight.summary,
          body: insight.body,
          category: insight.category,
          status: insight.status,
          published_at: publishedAt,
          share_token: insight.shared ? randomToken(18) : null,
          shared_at: insight.shared ? now : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('board_user_insight')
        .values(boardUsers.slice(i * 3, i * 3 + 3).map((b) => ({ insight_id: row.id, board_user_id: b.id })))
        .execute();
    }
    await trx
      .insertInto('activity_logs')
      .values({ organization_id: org.id, causer_id: idOf('owner@boardly.test'), event: 'created', subject_type: 'organization', subject_id: org.id, subject_label: org.name })
      .execute();
    await trx.insertInto('demo_seed').values({ id: 1, password, password_hash: hashed, organization_name: 'Northwind Governance', organization_slug: 'northwind' }).execute();
  });
  return { password, accounts, organization: { name: 'Northwind Governance', slug: 'northwind' } };
}

/** A three-year term: every seventh person's ends 12 + 2i days from now, the rest from a year to three years on. */
function termOf(now: Date, i: number): { term_started_on: string; term_ends_on: string } {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const ends = i % 7 === 0 ? 12 + 2 * i : 365 + ((i * 53) % 730);
  return { term_started_on: day(ends - 3 * 365), term_ends_on: day(ends) };
}
