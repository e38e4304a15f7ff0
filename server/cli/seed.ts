import { loadConfig } from '../config';
import { boot } from '../bootstrap';
import { seedDemo } from '../db/seed';

const config = loadConfig();
const booted = await boot(config);
const result = await seedDemo(booted.ctx.db, config.DEMO_PASSWORD);
console.log(result ? `Seeded. Password for every demo account: ${result.password}\n${result.accounts.map((a) => `  ${a.email} (${a.role})`).join('\n')}` : 'The database already has users: nothing seeded.');
await booted.close();
