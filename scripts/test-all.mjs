#!/usr/bin/env node
// The whole test suite, as README and CI run it: typecheck, lint, unit tests, build, end-to-end tests.
// Ends with one plain line "N passed, N failed" with the real totals of all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
for (const f of ['test-results/unit.json', 'test-results/e2e.json']) rmSync(f, { force: true });
let passed = 0;
let failed = 0;
let ok = true;

function step(name, cmd, args) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const good = r.status === 0;
  if (!good) ok = false;
  return good;
}

// Typecheck and lint count as one check each.
for (const [name, cmd, args] of [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
]) {
  if (step(name, cmd, args)) passed++; else failed++;
}

step('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/unit.json']);
if (existsSync('test-results/unit.json')) {
  const r = JSON.parse(readFileSync('test-results/unit.json', 'utf8'));
  passed += r.numPassedTests;
  // A file that failed to load has no test results of its own: count it once.
  const broken = (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).length).length;
  failed += r.numFailedTests + broken;
} else failed++;

if (step('build', 'npm', ['run', 'build'])) {
  passed++;
  step('e2e', 'npx', ['playwright', 'test']);
  if (existsSync('test-results/e2e.json')) {
    const r = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
    passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
    failed += r.stats?.unexpected ?? 0;
  } else failed++;
} else failed++;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
