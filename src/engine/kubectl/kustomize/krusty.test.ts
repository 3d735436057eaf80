// kustomize build against expected outputs from upstream's krusty tests (api/krusty/*_test.go), and its errors.
import { describe, expect, it } from 'vitest';
import { kustomizeBuild, kustomizeYaml } from './index.ts';

const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass']);
const build = (files: Record<string, string>, dir: string): string =>
  kustomizeYaml(kustomizeBuild(new Map(Object.entries(files)), dir, { namespaced: (_v, kind) => !CLUSTER_SCOPED.has(kind) }));
const buildError = (files: Record<string, string>, dir: string): string => {
  try {
    build(files, dir);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected an error');
};
const trim = (s: string) => s.replace(/^\n/, '');

// writeSmallBase in baseandoverlaysmall_test.go.
const SMALL_BASE: Record<string, string> = {
  'app/base/kustomization.yaml': 'namePrefix: a-\ncommonLabels:\n  app: myApp\nresources:\n- deployment.yaml\n- service.yaml\n',
  'app/base/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: myService\nspec:\n  selector:\n    backend: bungie\n  ports:\n    - port: 7002\n',
  'app/base/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: myDeployment\nspec:\n  template:\n    metadata:\n      labels:\n        backend: awesome\n    spec:\n      containers:\n      - name: whatever\n        image: whatever\n',
};

describe('kustomize build (krusty tests)', () => {
  it.each([
    ['TestSmallBase', SMALL_BASE, 'app/base', `
apiVersion: v1
kind: Service
metadata:
  labels:
    app: myApp
  name: a-myService
spec:
  ports:
  - port: 7002
  selector:
    app: myApp
    backend: bungie
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: myApp
  name: a-myDeployment
spec:
  selector:
    matchLabels:
      app: myApp
  template:
    metadata:
      labels:
        app: myApp
        backend: awesome
    spec:
      containers:
      - image: whatever
        name: whatever
`],
    ['TestSmallOverlay', {
      ...SMALL_BASE,
      'app/overlay/kustomization.yaml': 'namePrefix: b-\ncommonLabels:\n  env: prod\n  quotedFruit: "peach"\n  quotedBoolean: "true"\nresources:\n- ../base\npatchesStrategicMerge:\n- deployment/deployment.yaml\nimages:\n- name: whatever\n  newTag: 1.8.0\n',
      'app/overlay/deployment/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: myDeployment\nspec:\n  replicas: 1000\n',
    }, 'app/overlay', `
apiVersion: v1
kind: Service
metadata:
  labels:
    app: myApp
    env: prod
    quotedBoolean: "true"
    quotedFruit: peach
  name: b-a-myService
spec:
  ports:
  - port: 7002
  selector:
    app: myApp
    backend: bungie
    env: prod
    quotedBoolean: "true"
    quotedFruit: peach
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: myApp
    env: prod
    quotedBoolean: "true"
    quotedFruit: peach
  name: b-a-myDeployment
spec:
  replicas: 1000
  selector:
    matchLabels:
      app: myApp
      env: prod
      quotedBoolean: "true"
      quotedFruit: peach
  template:
    metadata:
      labels:
        app: myApp
        backend: awesome
        env: prod
        quotedBoolean: "true"
        quotedFruit: peach
    spec:
      containers:
      - image: whatever:1.8.0
        name: whatever
`],
    ['TestSmallOverlayJSONPatch', {
      ...SMALL_BASE,
      'app/overlay/kustomization.yaml': 'resources:\n- ../base\npatchesJson6902:\n- target:\n    version: v1\n    kind: Service\n    name: a-myService\n  path: service-patch.yaml\n',
      'app/overlay/service-patch.yaml': '- op: add\n  path: /spec/selector/backend\n  value: beagle\n',
    }, 'app/overlay', `
apiVersion: v1
kind: Service
metadata:
  labels:
    app: myApp
  name: a-myService
spec:
  ports:
  - port: 7002
  selector:
    app: myApp
    backend: beagle
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: myApp
  name: a-myDeployment
spec:
  selector:
    matchLabels:
      app: myApp
  template:
    metadata:
      labels:
        app: myApp
        backend: awesome
    spec:
      containers:
      - image: whatever
        name: whatever
`],
    ['TestBaseInResourceList', {
      'app/prod/kustomization.yaml': 'namePrefix: b-\nresources:\n- ../base\n',
      'app/base/kustomization.yaml': 'namePrefix: a-\nresources:\n- service.yaml\n',
      'app/base/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: myService\nspec:\n  selector:\n    backend: bungie\n',
    }, 'app/prod', `
apiVersion: v1
kind: Service
metadata:
  name: b-a-myService
spec:
  selector:
    backend: bungie
`],
    ['TestTinyOverlay', {
      'base/kustomization.yaml': 'namePrefix: a-\nresources:\n- deployment.yaml\n',
      'base/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: myDeployment\nspec:\n  template:\n    spec:\n      containers:\n      - image: whatever\n',
      'overlay/kustomization.yaml': 'namePrefix: b-\nresources:\n- ../base\npatchesStrategicMerge:\n- depPatch.yaml\n',
      'overlay/depPatch.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: myDeployment\nspec:\n  replicas: 999\n',
    }, 'overlay', `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: b-a-myDeployment
spec:
  replicas: 999
  template:
    spec:
      containers:
      - image: whatever
`],
    // TestGeneratorOverlays (configmaps_test.go): merge keeps the base's hash-suffixed name, recomputed at the end.
    ['TestGeneratorOverlays', {
      'app/base1/kustomization.yaml': 'namePrefix: p1-\nconfigMapGenerator:\n- name: com1\n  behavior: create\n  literals:\n  - from=base\n',
      'app/base2/kustomization.yaml': 'namePrefix: p2-\nconfigMapGenerator:\n- name: com2\n  behavior: create\n  literals:\n  - from=base\n',
      'app/overlay/o1/kustomization.yaml': 'resources:\n- ../../base1\nconfigMapGenerator:\n- name: com1\n  behavior: merge\n  literals:\n  - from=overlay\n',
      'app/overlay/o2/kustomization.yaml': 'resources:\n- ../../base2\nconfigMapGenerator:\n- name: com2\n  behavior: merge\n  literals:\n  - from=overlay\n',
      'app/overlay/kustomization.yaml': 'resources:\n- o1\n- o2\nconfigMapGenerator:\n- name: com1\n  behavior: merge\n  literals:\n  - foo=bar\n  - baz=qux\n',
    }, 'app/overlay', `
apiVersion: v1
data:
  baz: qux
  foo: bar
  from: overlay
kind: ConfigMap
metadata:
  annotations: {}
  labels: {}
  name: p1-com1-8tc62428t2
---
apiVersion: v1
data:
  from: overlay
kind: ConfigMap
metadata:
  annotations: {}
  labels: {}
  name: p2-com2-87mcggf7d7
`],
    ['TestConfigMapGeneratorMergeNamePrefix', {
      'app/base/kustomization.yaml': 'configMapGenerator:\n- name: cm\n  behavior: create\n  literals:\n  - foo=bar\n',
      'app/o1/kustomization.yaml': 'resources:\n- ../base\nnamePrefix: o1-\n',
      'app/o2/kustomization.yaml': 'resources:\n- ../base\nnameSuffix: -o2\n',
      'app/kustomization.yaml': 'resources:\n- o1\n- o2\nconfigMapGenerator:\n- name: o1-cm\n  behavior: merge\n  literals:\n  - big=bang\n- name: cm-o2\n  behavior: merge\n  literals:\n  - big=crunch\n',
    }, 'app', `
apiVersion: v1
data:
  big: crunch
  foo: bar
kind: ConfigMap
metadata:
  annotations: {}
  labels: {}
  name: cm-o2-5k95kd76ft
---
apiVersion: v1
data:
  big: bang
  foo: bar
kind: ConfigMap
metadata:
  annotations: {}
  labels: {}
  name: o1-cm-ft9mmdc8c6
`],
  ])('%s', (_name, files, dir, expected) => {
    expect(build(files, dir)).toBe(trim(expected));
  });

  it('TestGeneratorBasics: generated names carry the hash of the final content (prefix and all)', () => {
    const out = build({
      'app/kustomization.yaml': 'namePrefix: blah-\nconfigMapGenerator:\n- name: bob\n  literals:\n  - fruit=apple\n  - vegetable=broccoli\n  envs:\n  - foo.env\n  files:\n  - passphrase=phrase.dat\n  - forces.txt\n- name: json\n  literals:\n  - \'v2=[{"path": "var/druid/segment-cache"}]\'\n  - >- \n    druid_segmentCache_locations=[{"path": \n    "var/druid/segment-cache", \n    "maxSize": 32000000000, \n    "freeSpacePercent": 1.0}]\nsecretGenerator:\n- name: bob\n  literals:\n  - fruit=apple\n  - vegetable=broccoli\n  envs:\n  - foo.env\n  files:\n  - passphrase=phrase.dat\n  - forces.txt\n',
      'app/foo.env': '\nMOUNTAIN=everest\nOCEAN=pacific\n',
      'app/phrase.dat': '\nLife is short.\nBut the years are long.\nNot while the evil days come not.\n',
      'app/forces.txt': '\ngravitational\nelectromagnetic\nstrong nuclear\nweak nuclear\n',
    }, 'app');
    expect(out.match(/name: .*/g)).toEqual(['name: blah-bob-d87t8m8tgm', 'name: blah-json-5298bc8g99', 'name: blah-bob-ftht6hfgmb']);
    expect(out).toContain(`---
apiVersion: v1
data:
  MOUNTAIN: ZXZlcmVzdA==
  OCEAN: cGFjaWZpYw==
  forces.txt: CmdyYXZpdGF0aW9uYWwKZWxlY3Ryb21hZ25ldGljCnN0cm9uZyBudWNsZWFyCndlYWsgbnVjbGVhcgo=
  fruit: YXBwbGU=
  passphrase: CkxpZmUgaXMgc2hvcnQuCkJ1dCB0aGUgeWVhcnMgYXJlIGxvbmcuCk5vdCB3aGlsZSB0aGUgZXZpbCBkYXlzIGNvbWUgbm90Lgo=
  vegetable: YnJvY2NvbGk=
kind: Secret
metadata:
  name: blah-bob-ftht6hfgmb
type: Opaque
`);
  });

  it('TestOrderPreserved under the legacy order kubectl kustomize uses: kinds first, then names', () => {
    const out = build({
      'app/base/kustomization.yaml': 'namePrefix: b-\nresources:\n- namespace.yaml\n- role.yaml\n- service.yaml\n- deployment.yaml\n',
      'app/base/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: myService\n',
      'app/base/namespace.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: myNs\n',
      'app/base/role.yaml': 'apiVersion: v1\nkind: Role\nmetadata:\n  name: myRole\n',
      'app/base/deployment.yaml': 'apiVersion: v1\nkind: Deployment\nmetadata:\n  name: myDep\n',
      'app/prod/kustomization.yaml': 'namePrefix: p-\nresources:\n- ../base\n- service.yaml\n- namespace.yaml\n',
      'app/prod/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: myService2\n',
      'app/prod/namespace.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: myNs2\n',
    }, 'app/prod');
    expect(out.match(/name: .*/g)).toEqual(['name: myNs', 'name: myNs2', 'name: p-b-myRole', 'name: p-b-myService', 'name: p-myService2', 'name: p-b-myDep']);
  });

  it('name references follow prefixes and hashes; the namespace field skips cluster-scoped kinds', () => {
    const out = build({
      'kustomization.yaml': 'namespace: prod\nnamePrefix: x-\nresources:\n- app.yaml\nsecretGenerator:\n- name: creds\n  literals:\n  - password=hunter2\n',
      'app.yaml': `apiVersion: v1
kind: ServiceAccount
metadata:
  name: runner
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: reader
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: read
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: reader}
subjects:
- {kind: ServiceAccount, name: runner}
---
apiVersion: batch/v1
kind: Job
metadata:
  name: job
spec:
  template:
    spec:
      serviceAccountName: runner
      restartPolicy: Never
      containers:
      - name: c
        image: busybox
        env:
        - name: PASSWORD
          valueFrom: {secretKeyRef: {name: creds, key: password}}
      volumes:
      - name: s
        secret: {secretName: creds}
      - name: other
        configMap: {name: not-in-the-build}
`,
    }, '.');
    expect(out).toContain('name: x-reader\n---');
    expect(out).not.toMatch(/kind: ClusterRole\nmetadata:\n {2}name: x-reader\n {2}namespace/);
    expect(out).toMatch(/roleRef:\n {2}apiGroup: rbac.authorization.k8s.io\n {2}kind: ClusterRole\n {2}name: x-reader\nsubjects:\n- kind: ServiceAccount\n {2}name: x-runner/);
    expect(out).toContain('serviceAccountName: x-runner');
    const secret = /name: (x-creds-[a-z0-9]{10})\n {2}namespace: prod\ntype: Opaque/.exec(out)![1];
    expect(out).toContain(`secretKeyRef:\n              key: password\n              name: ${secret}`);
    expect(out).toContain(`secretName: ${secret}`);
    expect(out).toContain('name: not-in-the-build');
  });

  it('patches: inline strategic merge by label selector, JSON 6902 inline, $patch: delete', () => {
    const out = build({
      'kustomization.yaml': `resources:
- a.yaml
patches:
- target: {kind: Deployment, labelSelector: tier=web}
  patch: |-
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: ignored
    spec:
      template:
        spec:
          containers:
          - name: c
            resources: {limits: {cpu: 500m}}
- target: {kind: Deployment, name: "b.*"}
  patch: |-
    - op: replace
      path: /spec/replicas
      value: 5
- patch: |-
    $patch: delete
    apiVersion: v1
    kind: Service
    metadata:
      name: gone
`,
      'a.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  labels: {tier: web}\nspec:\n  replicas: 1\n  template:\n    spec:\n      containers:\n      - name: c\n        image: x\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: batch\nspec:\n  replicas: 1\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: gone\n',
    }, '.');
    expect(out).toBe(`apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    tier: web
  name: api
spec:
  replicas: 1
  template:
    spec:
      containers:
      - image: x
        name: c
        resources:
          limits:
            cpu: 500m
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: batch
spec:
  replicas: 5
`);
  });

  it('images: newName, newTag and digest; labels without selectors leave selectors alone', () => {
    const out = build({
      'kustomization.yaml': 'resources:\n- d.yaml\nimages:\n- name: nginx\n  newName: registry.local:5000/nginx\n  newTag: "1.28"\n- name: busybox\n  digest: sha256:abc\nlabels:\n- pairs: {team: blue}\n  includeTemplates: true\ncommonAnnotations:\n  owner: ops\n',
      'd.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  selector:\n    matchLabels: {app: d}\n  template:\n    metadata:\n      labels: {app: d}\n    spec:\n      initContainers:\n      - name: i\n        image: busybox:1.36\n      containers:\n      - name: c\n        image: nginx:1.27\n',
    }, '.');
    expect(out).toContain('image: registry.local:5000/nginx:1.28');
    expect(out).toContain('image: busybox@sha256:abc');
    expect(out).toContain('selector:\n    matchLabels:\n      app: d\n  template:\n    metadata:\n      annotations:\n        owner: ops\n      labels:\n        app: d\n        team: blue');
  });
});

describe('components', () => {
  const files = {
    'app/kustomization.yaml': 'resources:\n- cm.yaml\ncomponents:\n- ../comp\n',
    'app/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n',
    'comp/kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\ncommonLabels:\n  comp: on\nconfigMapGenerator:\n- name: extra\n  literals: [x=1]\n',
    'bad/kustomization.yaml': 'components:\n- ../app\n',
  };
  it('a component adds its resources and runs its transformers on the including kustomization\'s', () => {
    expect(build(files, 'app').match(/comp: .*|name: .*/g)).toEqual(['comp: "on"', 'name: a', 'comp: "on"', 'name: extra-hmg6f82fh6']);
  });
  it('a component must be kind Component', () => {
    expect(buildError(files, 'bad')).toBe(`accumulating components: accumulateDirectory: "expected kind 'Component' for path 'app' but got ''"`);
  });
});

describe('kustomize errors, in its words', () => {
  it.each([
    ['no kustomization (TestTargetMustHaveKustomizationFile)', { 'app/service.yaml': 'kind: Service' }, 'app',
      "unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory 'app'"],
    ['two kustomization files', { 'app/kustomization.yaml': '', 'app/Kustomization': '' }, 'app', 'Found multiple kustomization files under: app'],
    ['a missing resource (TestResourceNotFound)', { 'app/kustomization.yaml': 'resources:\n- deployment.yaml\n' }, 'app',
      "accumulating resources: accumulation err='accumulating resources from 'deployment.yaml': open app/deployment.yaml: no such file or directory': must build at directory: not a valid directory: evalsymlink failure on 'app/deployment.yaml' : lstat app/deployment.yaml: no such file or directory"],
    ['a base without a kustomization (TestBaseMustHaveKustomizationFile)', { 'app/kustomization.yaml': 'resources:\n- base\n', 'app/base/service.yaml': 'kind: Service' }, 'app',
      "accumulating resources: accumulation err='accumulating resources from 'base': read app/base: is a directory': couldn't make target for path 'app/base': unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory 'app/base'"],
    ['the same object twice', { 'kustomization.yaml': 'resources:\n- a.yaml\n- b.yaml\n', 'a.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n', 'b.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n' }, '.',
      "accumulating resources: accumulation err='merging resources from 'b.yaml': may not add resource with an already registered id: Deployment.v1.apps/web.[noNs]': must build at directory: 'b.yaml': file is not directory"],
    ['an unknown field', { 'kustomization.yaml': 'resource:\n- a.yaml\n' }, '.', 'invalid Kustomization: json: unknown field "resource"'],
    ['a JSON patch without a target', { 'kustomization.yaml': 'patches:\n- patch: |-\n    - op: remove\n      path: /spec\n' }, '.', 'must specify a target for patch - op: remove\n  path: /spec'],
  ])('%s', (_name, files, dir, expected) => {
    expect(buildError(files, dir)).toBe(expected);
  });
});
