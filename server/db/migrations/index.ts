import type { Migration } from 'kysely';
import * as m0001 from './2026_11_23_000001_accounts';
import * as m0002 from './2026_11_23_000002_organizations';
import * as m0003 from './2026_11_23_000003_board_users_insights';
import * as m300001 from './2026_11_23_300001_subscription_billing';
import * as m400001 from './2026_11_23_400001_activity_logs_created_index';
import * as m1120001 from './2026_11_24_120001_activity_logs_subject_label';
import * as m1150001 from './2026_11_24_150001_account_security';
import * as m1170001 from './2026_11_24_170001_board_user_imports';
import * as m1250001 from './2026_11_25_000001_mail_outbox';
import * as m1250002 from './2026_11_25_000002_throttles';
import * as m1250003 from './2026_11_25_000003_memberships_presence';
import * as m1270001 from './2026_11_27_000001_demo_seed';
import * as m1240301 from './2026_11_27_240301_folded_names';
import * as m1280001 from './2026_11_28_000001_activity_facts';
import * as m1280002 from './2026_11_28_000002_board_user_terms';
import * as m1280003 from './2026_11_28_000003_board_portal';
import * as m1280004 from './2026_11_28_000004_api_tokens_webhooks';

/** Every migration, by name, in order. Add new files here; never edit or rename old ones. */
export const migrations: Record<string, Migration> = {
  '2026_11_23_000001_accounts': m0001,
  '2026_11_23_000002_organizations': m0002,
  '2026_11_23_000003_board_users_insights': m0003,
  '2026_11_23_300001_subscription_billing': m300001,
  '2026_11_23_400001_activity_logs_created_index': m400001,
  '2026_11_24_120001_activity_logs_subject_label': m1120001,
  '2026_11_24_150001_account_security': m1150001,
  '2026_11_24_170001_board_user_imports': m1170001,
  '2026_11_25_000001_mail_outbox': m1250001,
  '2026_11_25_000002_throttles': m1250002,
  '2026_11_25_000003_memberships_presence': m1250003,
  '2026_11_27_000001_demo_seed': m1270001,
  '2026_11_27_240301_folded_names': m1240301,
  '2026_11_28_000001_activity_facts': m1280001,
  '2026_11_28_000002_board_user_terms': m1280002,
  '2026_11_28_000003_board_portal': m1280003,
  '2026_11_28_000004_api_tokens_webhooks': m1280004,
};
