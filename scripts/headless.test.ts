// The headless API works from a plain Node script (through tsx, as README says).
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('a plain script creates a cluster, applies a Deployment and sees Running pods', () => {
  const out = execFileSync('npx', ['tsx', 'scripts/headless-example.ts'], { encoding: 'utf8', cwd: new URL('..', import.meta.url).pathname });
  expect(out).toMatch(/^deployment\.apps\/web created\nNAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\n/);
  expect(out.match(/1\/1\s+Running\s+0\s+30s/g)).toHaveLength(2);
}, 60_000);
