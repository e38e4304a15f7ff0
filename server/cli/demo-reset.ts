/**
 * `npm run demo:reset`: throws the embedded demo database (PGLITE_DIR under storage/) away, builds
 * a new one and prints its sign-ins. Never touches a DATABASE_URL database. Stop `npm start` first.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { boot, ROOT } from '../bootstrap';
import { loadConfig } from '../config';
import { seedDemo } from '../db/seed';
import { loadEnvFile } from '../lib/env-file';
import { StartupError } from '../lib/startup-error';
import { exitPlainlyOnStartupErrors } from './crash-handlers';
import { demoSignInLines } from './demo-sign-ins';

exitPlainlyOnStartupErrors();
loadEnvFile();
const config = loadConfig();
if (config.DATABASE_URL) throw new StartupError('demo:reset rebuilds the embedded database only; DATABASE_URL is set, so nothing was changed.');
if (config.PGLITE_DIR === 'memory') throw new StartupError('demo:reset: PGLITE_DIR is "memory", a database that is new on every start already.');

rmSync(path.resolve(ROOT, config.PGLITE_DIR), { recursive: true, force: true });
const booted = await boot(config);
const result = await seedDemo(booted.ctx.db, config.DEMO_PASSWORD);
await booted.close();
console.log(`\n  The demo database in ${config.PGLITE_DIR} was rebuilt.\n`);
if (result) console.log(`${demoSignInLines(result, config.APP_URL).join('\n')}\n`);
