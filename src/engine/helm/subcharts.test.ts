import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubesimCluster } from '../index.ts';
import { satisfies } from './semver.ts';

import { cluster, ok, run } from '../testing/helmcluster.ts';

const CM = (name: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
data:
  greeting: {{ .Values.greeting | quote }}
  env: {{ .Values.global.env | quote }}
  chart: {{ .Chart.Name }}
`;

/** A parent "app" with a local subchart "sub" (listed twice, once aliased) and the built-in redis. */
function parent(c: KubesimCluster): void {
  c.setFile('app/Chart.yaml', `apiVersion: v2
name: app
version: 0.1.0
dependencies:
- name: sub
  version: "~1.0"
  condition: sub.enabled
- name: sub
  alias: other
  tags: [extra]
- name: redis
  version: ^0.2.0
  repository: kubesim://charts
  condition: redis.enabled
  import-values:
  - child: service
    parent: redisService
`);
  c.setFile('app/values.yaml', 'global:\n  env: prod\nsub:\n  greeting: hi from parent\nother:\n  greeting: hello other\nredis:\n  enabled: false\n');
  c.setFile('app/templates/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: parent\ndata:\n  imported: {{ hasKey .Values "redisService" | quote }}\n{{- with .Values.redisService }}\n  redisPort: {{ .port | quote }}\n{{- end }}\n');
  c.setFile('app/charts/sub/Chart.yaml', 'apiVersion: v2\nname: sub\nversion: 1.0.3\n');
  c.setFile('app/charts/sub/values.yaml', 'greeting: hello\nenabled: true\nglobal:\n  env: dev\n');
  c.setFile('app/charts/sub/templates/cm.yaml', CM('{{ .Chart.Name }}-cm'));
}

describe('subcharts', () => {
  it('a dependency missing from charts/ fails install and template as helm does, until helm dependency update fetches it', () => {
    const c = cluster();
    parent(c);
    const want = 'An error occurred while checking for chart dependencies. You may need to run `helm dependency build` to fetch missing dependencies: found in Chart.yaml, but missing in charts/ directory: redis\n';
    expect(run(c, 'helm template x ./app').stderr).toBe(`Error: ${want}`);
    expect(run(c, 'helm install x ./app').stderr).toBe(`Error: INSTALLATION FAILED: ${want}`);
    expect(ok(c, 'helm dependency list ./app')).toBe(`NAME \tVERSION\tREPOSITORY      \tSTATUS  
sub  \t~1.0   \t                \tunpacked
sub  \t       \t                \tunpacked
redis\t^0.2.0 \tkubesim://charts\tmissing 

`);
    const r = run(c, 'helm dependency update ./app');
    expect(r.stdout).toBe(`Hang tight while we grab the latest from your chart repositories...
...Successfully got an update from the "kubesim" chart repository
Update Complete. ⎈Happy Helming!⎈
Saving 3 charts
Dependency sub did not declare a repository. Assuming it exists in the charts directory
Dependency sub did not declare a repository. Assuming it exists in the charts directory
Downloading redis from repo kubesim://charts
Deleting outdated charts
`);
    expect(r.files?.map((f) => f.name)).toContain('app/charts/redis/templates/deployment.yaml');
    const lock = r.files?.find((f) => f.name === 'app/Chart.lock')?.text ?? '';
    expect(lock).toMatch(/^dependencies:\n- name: sub\n {2}repository: ""\n {2}version: ~1.0\n- name: sub\n {2}repository: ""\n- name: redis\n {2}repository: kubesim:\/\/charts\n {2}version: 0.2.0\ndigest: sha256:[0-9a-f]{64}\ngenerated: "2026-01-01T00:00:00Z"\n$/);
    expect(ok(c, 'helm dep ls ./app')).toContain('redis\t^0.2.0 \tkubesim://charts\tunpacked\n');
    // build with the lock in sync fetches the pinned versions; an edited Chart.yaml is out of sync.
    expect(run(c, 'helm dependency build ./app').code).toBe(0);
    c.setFile('app/Chart.yaml', 'apiVersion: v2\nname: app\nversion: 0.1.0\ndependencies:\n- name: redis\n  version: 0.2.0\n  repository: kubesim://charts\n');
    expect(run(c, 'helm dependency build ./app').stderr).toBe('Error: the lock file (Chart.lock) is out of sync with the dependencies file (Chart.yaml). Please update the dependencies\n');
  });

  it('renders each subchart with its own values: parent values under its name (or alias), globals from the parent', () => {
    const c = cluster();
    parent(c);
    ok(c, 'helm dependency update ./app');
    const out = ok(c, 'helm template x ./app');
    expect(out).toContain('# Source: app/charts/sub/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: sub-cm\ndata:\n  greeting: "hi from parent"\n  env: "prod"\n  chart: sub\n');
    expect(out).toContain('# Source: app/charts/other/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other-cm\ndata:\n  greeting: "hello other"\n  env: "prod"\n  chart: other\n');
    // redis is off by its condition: nothing of it renders, and nothing is imported from it.
    expect(out).not.toContain('app/charts/redis/templates');
    expect(out).toContain('  imported: "false"\n');
    expect(ok(c, 'helm template x ./app --set redis.enabled=true --set redis.service.port=7000')).toContain('  imported: "true"\n  redisPort: "7000"\n');
  });

  it.each([
    ['--set sub.enabled=false', ['other-cm'], false],
    ['--set tags.extra=false', ['sub-cm'], false],
    ['--set redis.enabled=true', ['other-cm', 'sub-cm'], true],
    ['--set tags.extra=false --set sub.enabled=false', [], false],
  ])('condition and tags switch subcharts: %s', (flags, configMaps, redis) => {
    const c = cluster();
    parent(c);
    ok(c, 'helm dependency update ./app');
    const out = ok(c, `helm template x ./app ${flags}`);
    expect([...out.matchAll(/name: (\S+-cm)\n/g)].map((m) => m[1]).sort()).toEqual(configMaps);
    expect(out.includes('# Source: app/charts/redis/templates/deployment.yaml')).toBe(redis);
  });

  it('installs a chart with a subchart as one release', () => {
    const c = cluster();
    parent(c);
    ok(c, 'helm dependency update ./app');
    ok(c, 'helm install x ./app --set redis.enabled=true');
    expect(c.list('Deployment').map((d) => d.metadata.name)).toContain('x-redis');
    expect(ok(c, 'helm get manifest x')).toContain('# Source: app/charts/redis/templates/service.yaml');
  });

  it('an unknown repository and an unmatched version fail as helm does', () => {
    const c = cluster();
    c.setFile('a/Chart.yaml', 'apiVersion: v2\nname: a\nversion: 0.1.0\ndependencies:\n- name: redis\n  version: 9.9.9\n  repository: kubesim://charts\n');
    expect(run(c, 'helm dependency update ./a').stderr).toBe('Error: can\'t get a valid version for 1 subchart(s): "redis" (repository "kubesim://charts", version "9.9.9"). Make sure a matching chart version exists in the repo, or change the version constraint in Chart.yaml\n');
    c.setFile('b/Chart.yaml', 'apiVersion: v2\nname: b\nversion: 0.1.0\ndependencies:\n- name: redis\n  version: 1.0.0\n  repository: https://charts.bitnami.com/bitnami\n');
    expect(run(c, 'helm dependency update ./b').stderr).toBe("Error: no repository definition for https://charts.bitnami.com/bitnami. Please add the missing repos via 'helm repo add'\n");
    c.setFile('n/Chart.yaml', 'apiVersion: v2\nname: n\nversion: 0.1.0\n');
    expect(ok(c, 'helm dependency list ./n')).toBe('WARNING: no dependencies at n/charts\n');
  });
});

describe('semver constraints (Masterminds)', () => {
  it.each([
    ['0.2.0', '0.2.0', true], ['~1.0', '1.0.3', true], ['~1.0', '1.1.0', false], ['^0.2.0', '0.2.9', true], ['^0.2.0', '0.3.0', false],
    ['^1.2', '1.9.0', true], ['^1.2', '2.0.0', false], ['>=1.0.0 <2.0.0', '1.5.0', true], ['>=1.0.0, <2.0.0', '2.0.0', false],
    ['1.x', '1.4.2', true], ['*', '3.0.0', true], ['1.0.0 || 2.0.0', '2.0.0', true], ['>1.0', '1.0.5', false], ['>1.0', '1.1.0', true],
    ['<=1.2', '1.2.9', true], ['!=1.0.0', '1.0.0', false], ['^1.0.0', '1.1.0-beta.1', false], ['>=1.1.0-0', '1.1.0-beta.1', true],
  ])('%s matches %s: %s', (constraint, version, want) => {
    expect(satisfies(constraint, version)).toBe(want);
  });

  it('an exact version matches only itself; ~X.Y is the range [X.Y.0, X.(Y+1).0)', () => {
    const part = fc.integer({ min: 0, max: 20 });
    fc.assert(fc.property(part, part, part, part, part, part, (a, b, c, x, y, z) => {
      expect(satisfies(`${a}.${b}.${c}`, `${x}.${y}.${z}`)).toBe(a === x && b === y && c === z);
      expect(satisfies(`~${a}.${b}`, `${x}.${y}.${z}`)).toBe(a === x && b === y);
    }));
  });
});
