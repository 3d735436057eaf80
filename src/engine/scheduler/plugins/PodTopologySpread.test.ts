// PodTopologySpread headless, through createCluster / exec / advance: zone spreading of a Deployment, the
// FailedScheduling texts, system-default spreading, and a property test that hard constraints always hold.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { deploymentYaml, mustExec, pods } from '../../testing/fixtures.ts';

const ZONE = 'topology.kubernetes.io/zone';

/** A Deployment whose pod template carries topologySpreadConstraints (YAML lines under `spec:` of the template). */
function spreadDeployment(name: string, replicas: number, constraints: string): string {
  return deploymentYaml(name, replicas).replace('    spec:\n      containers:', `    spec:\n      topologySpreadConstraints:\n${constraints}      containers:`);
}

const constraint = (maxSkew: number, key: string, app: string, more = '') =>
  `      - maxSkew: ${maxSkew}\n        topologyKey: ${key}\n        whenUnsatisfiable: DoNotSchedule\n        labelSelector:\n          matchLabels:\n            app: ${app}\n${more}`;

function zonedCluster(zones: string[], seed = 1): KubesimCluster {
  const c = createCluster({ seed });
  zones.forEach((z, i) => mustExec(c, `sim node add w${i + 1} --cpu 4 --memory 16Gi${z ? ` --labels ${ZONE}=${z}` : ''}`));
  return c;
}

function perDomain(c: KubesimCluster, app: string, domainOf: (node: string) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of pods(c, app)) if (p.spec?.nodeName) counts.set(domainOf(p.spec.nodeName), (counts.get(domainOf(p.spec.nodeName)) ?? 0) + 1);
  return counts;
}

const failedScheduling = (c: KubesimCluster) => (JSON.parse(mustExec(c, 'kubectl get events -o json')).items as { reason: string; message: string }[]).filter((e) => e.reason === 'FailedScheduling').map((e) => e.message);

describe('PodTopologySpread through the cluster', () => {
  it('a Deployment with maxSkew 1 over zones spreads evenly', () => {
    const zones = ['a', 'a', 'a', 'b', 'c'];
    const c = zonedCluster(zones);
    mustExec(c, 'kubectl apply -f -', spreadDeployment('web', 9, constraint(1, ZONE, 'web')));
    c.advance(30);
    expect(pods(c, 'web').every((p) => p.status?.phase === 'Running')).toBe(true);
    const zoneOf = (n: string) => zones[Number(n.slice(1)) - 1];
    expect(Object.fromEntries(perDomain(c, 'web', zoneOf))).toEqual({ a: 3, b: 3, c: 3 });
  });

  it('leaves pods Pending with the upstream reasons: a missing topology label, and a skew minDomains will not allow', () => {
    const c = zonedCluster(['a', 'a', '']);
    mustExec(c, 'kubectl apply -f -', spreadDeployment('racked', 1, constraint(1, 'rack', 'racked')));
    mustExec(c, 'kubectl apply -f -', spreadDeployment('web', 2, constraint(1, ZONE, 'web', '        minDomains: 2\n')));
    c.advance(20);
    expect(pods(c, 'racked')[0].status?.phase).toBe('Pending');
    // One zone is fewer domains than minDomains: the global minimum is 0, so a zone takes one pod only.
    expect(pods(c, 'web').filter((p) => p.spec?.nodeName)).toHaveLength(1);
    const messages = failedScheduling(c);
    expect(messages).toContain("0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints (missing required label). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
    expect(messages.some((m) => m.startsWith("0/3 nodes are available: 1 node(s) didn't match pod topology spread constraints (missing required label), 2 node(s) didn't match pod topology spread constraints."))).toBe(true);
  });

  it('spreads Deployment pods over hostnames by the system defaults (soft: maxSkew 3)', () => {
    const c = zonedCluster(['', '', '']);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 6));
    c.advance(30);
    expect([...perDomain(c, 'web', (n) => n).values()].sort()).toEqual([2, 2, 2]);
    const trace = JSON.parse(mustExec(c, `sim explain pod ${pods(c, 'web')[5].metadata.name} -o json`));
    expect(trace.scores[0].plugins.map((p: { plugin: string }) => p.plugin)).toContain('PodTopologySpread');
  });

  it('property: hard spread constraints are never violated after scheduling', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 5 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 3 }),
      fc.constantFrom(ZONE, 'kubernetes.io/hostname'),
      fc.boolean(),
      (zones, replicas, maxSkew, key, both) => {
        const c = zonedCluster(zones, replicas);
        const constraints = both ? [constraint(maxSkew, ZONE, 'app'), constraint(1, 'kubernetes.io/hostname', 'app')] : [constraint(maxSkew, key, 'app')];
        mustExec(c, 'kubectl apply -f -', spreadDeployment('app', replicas, constraints.join('')));
        c.advance(20);
        const checks = both ? [[ZONE, maxSkew], ['kubernetes.io/hostname', 1]] as const : [[key, maxSkew]] as const;
        for (const [k, skew] of checks) {
          const domainOf = (n: string) => (k === ZONE ? zones[Number(n.slice(1)) - 1] : n);
          const counts = perDomain(c, 'app', domainOf);
          const all = [...new Set(zones.map((_, i) => domainOf(`w${i + 1}`)))].map((d) => counts.get(d) ?? 0);
          expect(Math.max(...all) - Math.min(...all)).toBeLessThanOrEqual(skew);
        }
      }), { numRuns: 25 });
  }, 120_000);
});
