import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';
import { WATCH_HEADLESS_NOTE } from './getwatch.ts';

function watchOf(c: ReturnType<typeof clusterWithNodes>, line: string) {
  const chunks: string[] = [];
  const w = c.watch(line, (t) => chunks.push(t));
  return { ...w, chunks };
}

describe('kubectl get -w', () => {
  it('prints the header once, then a row per change of a matching pod, until stopped', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(30);
    const w = watchOf(c, 'kubectl get pods -w');
    expect(w.result.code).toBe(0);
    expect(w.result.stderr).toBe('');
    const first = w.result.stdout.trimEnd().split('\n');
    expect(first[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(first).toHaveLength(2);
    mustExec(c, 'kubectl scale deployment web --replicas=3');
    c.advance(30);
    expect(w.chunks.length).toBeGreaterThanOrEqual(4); // two new pods: created, bound, started, ready …
    for (const chunk of w.chunks) {
      expect(chunk).toMatch(/^web-\S+\s+\d\/1\s+\S+\s+\d+\s+\S+\n$/); // rows only, no second header
    }
    expect(w.chunks.some((t) => /\s1\/1\s+Running\s/.test(t))).toBe(true);
    w.stop();
    const seen = w.chunks.length;
    mustExec(c, 'kubectl scale deployment web --replicas=1');
    c.advance(30);
    expect(w.chunks.length).toBe(seen);
  });

  it("aligns the list's rows as one table, as get.go flushes them together", () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl run a --image=nginx');
    mustExec(c, 'kubectl run a-much-longer-name --image=nginx');
    c.advance(30);
    const lines = c.watch('kubectl get pods -w', () => undefined).result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const readyAt = (l: string) => l.search(/(READY|1\/1)/);
    expect(new Set(lines.map(readyAt)).size).toBe(1);
  });

  it('--watch-only prints nothing first and the header with the first change', () => {
    const c = clusterWithNodes(1);
    const w = watchOf(c, 'kubectl get deployments --watch-only');
    expect(w.result).toEqual({ code: 0, stdout: '', stderr: '' });
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    expect(w.chunks[0]).toMatch(/^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\nweb\s+0\/1\s+0\s+0\s+0s\n$/);
    expect(w.chunks.slice(1).every((t) => t.startsWith('web '))).toBe(true);
    w.stop();
  });

  it('-o yaml -w separates documents with ---; a named object and a field selector filter', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl apply -f -', deploymentYaml('api', 1));
    const w = watchOf(c, 'kubectl get deployment web -o yaml -w');
    expect(w.result.stdout).toMatch(/^apiVersion: apps\/v1\nkind: Deployment\n/);
    mustExec(c, 'kubectl scale deployment web --replicas=2');
    mustExec(c, 'kubectl scale deployment api --replicas=2');
    expect(w.chunks.length).toBeGreaterThan(0);
    expect(w.chunks.every((t) => t.startsWith('---\napiVersion: apps/v1\n') && t.includes('name: web\n'))).toBe(true);
    w.stop();
    const j = watchOf(c, 'kubectl get deploy --field-selector metadata.name=api -o json -w');
    expect(JSON.parse(j.result.stdout).metadata.name).toBe('api');
    j.stop();
  });

  it('-o jsonpath -w prints the template output alone: objects run together unless the template ends a line', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl create configmap a');
    mustExec(c, 'kubectl create configmap b');
    const bare = watchOf(c, 'kubectl get cm -w -o jsonpath={.metadata.name}');
    const lined = watchOf(c, `kubectl get cm -w -o jsonpath='{.metadata.name}{"\\n"}'`);
    // The namespace's kube-root-ca.crt (root-ca-cert-publisher) is listed too.
    expect(bare.result.stdout).toBe('abkube-root-ca.crt');
    expect(lined.result.stdout).toBe('a\nb\nkube-root-ca.crt\n');
    mustExec(c, 'kubectl create configmap c');
    expect(bare.chunks).toEqual(['c']);
    expect(lined.chunks).toEqual(['c\n']);
    bare.stop();
    lined.stop();
  });

  it('refuses several types, as kubectl does; headless exec prints the list and a note', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl get pods,deployments -w')).toEqual({
      code: 1, stdout: '', stderr: 'error: watch is only supported on individual resources and resource collections, but 2 resources were found\n',
    });
    const r = c.exec('kubectl get nodes -w');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^NAME\s+STATUS\s+ROLES/);
    expect(r.stderr).toBe(WATCH_HEADLESS_NOTE + '\n');
  });
});
