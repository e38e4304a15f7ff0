import { loadConfig } from '../config';
import { boot } from '../bootstrap';
import { seedDemo } from '../db/seed';
import { loadEnvFile } from '../lib/env-file';
import { demoSignInLines } from './demo-sign-ins';

loadEnvFile();
const config = loadConfig();
const booted = await boot(config);
const result = await seedDemo(booted.ctx.db, config.DEMO_PASSWORD);
console.log(result ? demoSignInLines(result, config.APP_URL).join('\n') : 'The database already has users: nothing seeded.');
await booted.close();
