// apply({ dryRun: 'server' }): the editor's markers while typing. Admission and validation answer as for a real
// apply, and the cluster is left exactly as it was, its future included (uids and names come from the same RNG).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCluster } from './index.ts';

const deployment = (replicas: number, name = 'web') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`;

const service = `apiVersion: v1
kind: Service
metadata:
  name: front
spec:
  selector: {app: web}
  ports:
  - port: 80
`;

function cluster() {
  const c = createCluster({ seed: 7 });
  c.exec('sim node add w1 --cpu 4 --memory 16Gi');
  c.advance(5);
  return c;
}

describe('a server dry run of the editor text', () => {
  it('reports the validation error of each document over its lines, as apply does', () => {
    const c = cluster();
    const r = c.apply(`${deployment(2, 'ok')}---\n${deployment(-1)}`, { dryRun: 'server' });
    expect(r.code).toBe(1);
    expect(r.documents.map((d) => [d.ok, d.startLine, d.endLine])).toEqual([[true, 1, 15], [false, 17, 31]]);
    expect(r.documents[0].message).toBe('deployment.apps/ok created (server dry run)');
    expect(r.documents[1].message).toContain('The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  });

  it('changes nothing: the snapshot is the same, and later applies give the same uids as in a twin that never dry-ran', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(deployment(3), deployment(-1), service, 'kind: [', deployment(1, 'api')), { maxLength: 4 }), (texts) => {
      const a = cluster();
      const b = cluster();
      a.apply(deployment(1));
      b.apply(deployment(1));
      const before = JSON.stringify(a.snapshot());
      // The Service always goes first: a dry-run create draws a uid (and a cluster IP).
      for (const t of [service, ...texts]) a.apply(t, { dryRun: 'server' });
      expect(JSON.stringify(a.snapshot())).toBe(before);
      for (const c of [a, b]) {
        c.apply(service);
        c.advance(10);
      }
      expect(JSON.stringify(a.snapshot())).toBe(JSON.stringify(b.snapshot()));
    }), { numRuns: 5 });
  }, 120_000);
});
