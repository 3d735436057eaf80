// The kubesim binary as a user runs it (node bin/kubesim.mjs, what `npx kubesim` starts): few spawns, each
// covering one command.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const kubesim = (args: string[], input?: string) => spawnSync(process.execPath, ['bin/kubesim.mjs', ...args], { cwd: root, input, encoding: 'utf8', timeout: 60_000 });

describe('kubesim', { timeout: 60_000 }, () => {
  it('list --json: the gallery with id, title and whether it has an exercise', () => {
    const r = kubesim(['list', '--json']);
    expect(r.status).toBe(0);
    const list = JSON.parse(r.stdout) as { id: string; title: string; exercise: boolean }[];
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list[0]).toMatchObject({ id: 'desired-state', title: 'Desired state and self-healing', exercise: true });
  });

  it('run --solve --check --json passes with the reference solutions; run --check alone fails with reasons', () => {
    const solved = kubesim(['run', 'reconcile-loop', '--solve', '--check', '--json']);
    expect(solved.status).toBe(0);
    const out = JSON.parse(solved.stdout);
    expect(out).toMatchObject({ id: 'reconcile-loop', pass: true, problems: [], steps: [{ id: 'repair', pass: true }] });
    expect(out.timeline.map((t: { at: string; run: string }) => `${t.at} ${t.run}`)).toEqual(['30s sim controller drop-events replicaset-controller --kind ReplicaSet --count 1', '40s kubectl scale replicaset web --replicas=5']);

    const unsolved = kubesim(['run', 'reconcile-loop', '--check', '--until', '2m']);
    expect(unsolved.status).toBe(1);
    expect(unsolved.stdout).toContain('step repair: FAIL\n  FAIL replicaset/web: 3 of 3 pods Ready (5 wanted)\n');
  });

  it('run refuses an invalid scenario file with the field paths, and an unknown flag with usage', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubesim-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'apiVersion: kubesim.io/v1alpha1\nkind: Scenario\nmetadata: {name: bad}\nspec: {seed: 1, cluster: {nodes: []}}\n');
    const bad = kubesim(['run', file]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('error: The Scenario "bad" is invalid: \n* spec.title: Required value\n* spec.description: Required value\n');
    const usage = kubesim(['run', 'desired-state', '--fast']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^error: unknown flag: --fast\nUsage:/);
  });

  it('exec reads commands from stdin; the exit code is the last failure\'s', () => {
    const r = kubesim(['exec'], 'sim node add w1\n# a comment\nsim advance 10s\nkubectl get nodes --no-headers -o custom-columns=NAME:.metadata.name\nkubectl get pod nope\n');
    expect(r.stdout).toBe('node/w1 added\nadvanced 10s; the cluster has run 10s\nw1\n');
    expect(r.stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(r.status).toBe(1);
  });

  it('-k DIR reads the kustomization tree from disk, ../base included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubesim-k-'));
    mkdirSync(join(dir, 'base'));
    mkdirSync(join(dir, 'overlays/prod'), { recursive: true });
    writeFileSync(join(dir, 'base/kustomization.yaml'), 'resources:\n- cm.yaml\n');
    writeFileSync(join(dir, 'base/cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n');
    writeFileSync(join(dir, 'overlays/prod/kustomization.yaml'), 'resources:\n- ../../base\nnameSuffix: -prod\n');
    const r = spawnSync(process.execPath, [join(root, 'bin/kubesim.mjs'), 'kubectl apply -k overlays/prod', `kubectl kustomize ${join(dir, 'base')}`], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.stdout).toBe('configmap/c-prod created\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n');
    expect(r.status).toBe(0);
  });

  it('runs helm: create writes the chart to disk, and install reads a chart folder from disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubesim-helm-'));
    const r = spawnSync(process.execPath, [join(root, 'bin/kubesim.mjs'), 'helm create demo', 'helm install d ./demo --set replicaCount=2', 'kubectl get deploy d-demo -o jsonpath={.spec.replicas}'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Creating demo\nNAME: d\n[^]*\n2$/);
    expect(readFileSync(join(dir, 'demo/templates/deployment.yaml'), 'utf8')).toContain('replicas: {{ .Values.replicaCount }}');
  });
});
