// Invariants of kustomize build: renaming (prefix, suffix, hashes) keeps every reference inside the build resolvable;
// `kubectl apply -k DIR` creates the same objects as applying `kubectl kustomize DIR`'s output with -f.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { KubeObject } from '../../api/object.ts';
import { clusterWithNodes } from '../../testing/fixtures.ts';
import { kustomizeBuild } from './index.ts';
import { nameReferences } from './namereference.ts';

// Names start with c: never YAML 1.1 booleans (y, n, no) and never the generator's "gen".
const name = fc.stringMatching(/^c[a-z0-9]{0,6}$/);

function files(prefix: string, suffix: string, maps: string[], used: string[], generated: boolean): Map<string, string> {
  const objects = maps.map((m) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${m}\ndata:\n  k: v\n`);
  const env = used.map((u) => `        - configMapRef:\n            name: ${u}\n`).join('');
  objects.push(`apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\nspec:\n  selector:\n    matchLabels: {app: a}\n  template:\n    metadata:\n      labels: {app: a}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n${env ? `        envFrom:\n${env}` : ''}`);
  return new Map([
    ['base/kustomization.yaml', `resources:\n- all.yaml\n${generated ? 'configMapGenerator:\n- name: gen\n  literals:\n  - a=b\n' : ''}`],
    ['base/all.yaml', objects.join('---\n')],
    ['overlay/kustomization.yaml', `resources:\n- ../base\nnamePrefix: ${prefix}-\nnameSuffix: -${suffix}\n`],
  ]);
}

describe('kustomize build properties', () => {
  it('after namePrefix, nameSuffix and hashes, every ConfigMap reference to an object of the build names one in the output', () => {
    fc.assert(fc.property(name, name, fc.uniqueArray(name, { minLength: 1, maxLength: 4 }), fc.boolean(), (prefix, suffix, maps, generated) => {
      const all = generated ? [...maps, 'gen'] : maps;
      const built = kustomizeBuild(files(prefix, suffix, maps, all, generated), 'overlay', { namespaced: () => true });
      const configMaps = new Set(built.filter((o) => o.kind === 'ConfigMap').map((o) => o.metadata.name));
      const refs = built.flatMap((o) => nameReferences(o)).filter((r) => r.kind === 'ConfigMap');
      expect(refs).toHaveLength(all.length);
      for (const r of refs) expect(configMaps.has(r.holder[r.field] as string)).toBe(true);
    }), { numRuns: 60 });
  });

  it('kubectl apply -k creates what applying kubectl kustomize\'s output creates', async () => {
    const strip = (o: KubeObject) => ({ kind: o.kind, name: o.metadata.name, namespace: o.metadata.namespace, labels: o.metadata.labels, spec: o.spec, data: o.data });
    const live = async (c: ReturnType<typeof clusterWithNodes>) => {
      const r = await c.exec('kubectl get deploy,cm -n default -o yaml');
      return (parseAllDocuments(r.stdout)[0].toJS() as { items: KubeObject[] }).items.filter((o) => o.metadata.name !== 'kube-root-ca.crt').map(strip);
    };
    const input = files('p', 's', ['one', 'two'], ['one', 'gen'], true);
    const viaK = clusterWithNodes(1);
    const viaF = clusterWithNodes(1);
    for (const [n, t] of input) { viaK.setFile(n, t); viaF.setFile(n, t); }
    expect((await viaK.exec('kubectl apply -k overlay')).code).toBe(0);
    const printed = await viaF.exec('kubectl kustomize overlay');
    expect((await viaF.exec('kubectl apply -f -', printed.stdout)).code).toBe(0);
    const [a, b] = [await live(viaK), await live(viaF)];
    expect(a.length).toBe(4);
    expect(a).toEqual(b);
  });
});
