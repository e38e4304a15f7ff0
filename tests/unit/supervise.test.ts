/** server/cli/supervise.ts: a child that reports a startup error is not restarted (issue #24 item 8). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supervise } from '../../server/cli/supervise';

describe('supervise', () => {
  it('rejects its start with the StartupError the child sent, and does not restart it', async () => {
    const script = path.join(mkdtempSync(path.join(tmpdir(), 'boardly-supervise-')), 'child.mjs');
    writeFileSync(script, "process.send({ type: 'startup-error', message: 'Port 1 (REVERB_PORT) is taken.' }, () => process.exit(1));\n");
    const lines: string[] = [];
    const log = (_obj: object, msg: string) => void lines.push(msg);
    const child = supervise({ name: 'test child', script, logger: { debug: log, info: log, error: log }, minBackoffMs: 10 });
    await expect(child.started).rejects.toMatchObject({ name: 'StartupError', message: 'Port 1 (REVERB_PORT) is taken.' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines.filter((l) => l.includes('restarting'))).toEqual([]);
    expect(lines.filter((l) => l === 'test child process started')).toHaveLength(1);
    await child.stop();
  });
});
