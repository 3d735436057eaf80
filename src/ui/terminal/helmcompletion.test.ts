import { describe, expect, it } from 'vitest';
import { complete, type CompletionSource } from './completion.ts';

const source: CompletionSource = {
  kinds: [{ kind: 'Pod', resource: 'pods', namespaced: true }],
  // Release names come from the release Secrets of the namespace the line works in.
  names: (kind, ns) => (kind !== 'Secret' ? [] : ns === 'default'
    ? ['sh.helm.release.v1.web.v1', 'sh.helm.release.v1.web.v2', 'sh.helm.release.v1.cache.v1', 'default-token']
    : ['sh.helm.release.v1.monitor.v3']),
  documents: () => ['mychart/Chart.yaml', 'mychart/templates/deployment.yaml', 'vals.yaml', 'web.yaml'],
};

describe('helm completion', () => {
  it.each([
    ['he', 'helm '],
    ['helm ins', 'helm install '],
    ['helm up', 'helm upgrade '],
    ['helm install web kubesim/n', 'helm install web kubesim/nginx '],
    ['helm install web my', 'helm install web mychart '],
    ['helm upgrade w', 'helm upgrade web '],
    ['helm upgrade web kubesim/r', 'helm upgrade web kubesim/redis '],
    ['helm rollback c', 'helm rollback cache '],
    ['helm -n monitoring status m', 'helm -n monitoring status monitor '],
    ['helm history --max 3 w', 'helm history --max 3 web '],
    ['helm get va', 'helm get values '],
    ['helm get values c', 'helm get values cache '],
    ['helm show ch', 'helm show chart '],
    ['helm lint m', 'helm lint mychart '],
    ['helm te', 'helm te'],
    ['helm tes', 'helm test '],
    ['helm test w', 'helm test web '],
    ['helm get h', 'helm get hooks '],
    ['helm dep', 'helm dependency '],
    ['helm dependency u', 'helm dependency update '],
    ['helm dependency build m', 'helm dependency build mychart '],
    ['helm install web kubesim/nginx -f v', 'helm install web kubesim/nginx -f vals.yaml '],
    ['helm install web kubesim/nginx --set replicaCount=3 --create', 'helm install web kubesim/nginx --set replicaCount=3 --create-namespace '],
    ['helm uninstall web --keep', 'helm uninstall web --keep-history '],
    ['helm upgrade web kubesim/nginx --cl', 'helm upgrade web kubesim/nginx --cleanup-on-fail '],
    ['helm rollback web 1 --cl', 'helm rollback web 1 --cleanup-on-fail '],
    ['helm install web kubesim/nginx --at', 'helm install web kubesim/nginx --atomic '],
    ['helm repo a', 'helm repo add '],
  ])('%j completes to %j', async (line, want) => {
    expect((await complete(line, source))?.line).toBe(want);
  });

  it('lists the releases and the subcommands when several fit', async () => {
    expect((await complete('helm status ', source))?.candidates).toEqual(['cache', 'web']);
    expect((await complete('helm r', source))?.candidates).toEqual(['repo', 'rollback']);
    expect((await complete('helm install web ', source))?.candidates).toEqual(['kubesim/nginx', 'kubesim/redis', 'mychart']);
  });
});
