// Field validation as kubectl meets it: upstream's texts for unknown fields and wrong types, the three modes,
// nothing written on an error, and every stored object decoding cleanly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { createCluster } from '../../index.ts';
import { SimClock } from '../../sim/clock.ts';
import { SeededRng } from '../../sim/rng.ts';
import { Store } from '../store.ts';
import { decodeInto } from './decode.ts';
import { KINDS } from './table.ts';

const POD = (container: string, extra = '') => `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: c
    image: nginx
${container}${extra}`;

const DEPLOY = (spec: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  selector: {matchLabels: {a: b}}
  template:
    metadata: {labels: {a: b}}
    spec: {containers: [{name: c, image: nginx}]}
${spec}`;

/** A namespaced CustomResourceDefinition of Widget (example.com/v1) whose schema has these properties. */
const WIDGET_CRD = (properties: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
${properties}`;
const CANNOT = (kind: string, version: string) => `Error from server (BadRequest): error when creating "STDIN": ${kind} in version "${version}" cannot be handled as a ${kind}: `;

async function apply(text: string, flags = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const c = createCluster({ seed: 1 });
  return c.exec(`kubectl apply ${flags}-f -`, text);
}

describe('strict decoding (kubectl apply, --validate=strict by default)', () => {
  const cases: [string, string, string][] = [
    ['unknown field in a list element', POD('    imagee: nginx\n'), `${CANNOT('Pod', 'v1')}strict decoding error: unknown field "spec.containers[0].imagee"`],
    ['unknown fields at several depths, in document order', POD('    ports: [{containerPort: 80, hostPortt: 1}]\n', '  restartPolicyy: Never\nfoo: 1\n'),
      `${CANNOT('Pod', 'v1')}strict decoding error: unknown field "spec.containers[0].ports[0].hostPortt", unknown field "spec.restartPolicyy", unknown field "foo"`],
    ['unknown metadata field', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, lables: {a: b}}\n', `${CANNOT('ConfigMap', 'v1')}strict decoding error: unknown field "metadata.lables"`],
    ['spec under metadata', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  spec: {}\n', `${CANNOT('ConfigMap', 'v1')}strict decoding error: unknown field "metadata.spec"`],
    ['unknown status field', POD('', 'status: {phasee: Running}\n'), `${CANNOT('Pod', 'v1')}strict decoding error: unknown field "status.phasee"`],
    ['unknown field in a map of structs', WIDGET_CRD('          spec: {type: object, minimun: 1}\n'), `${CANNOT('CustomResourceDefinition', 'v1')}strict decoding error: unknown field "spec.versions[0].schema.openAPIV3Schema.properties.spec.minimun"`],
    ['int32 given a string', DEPLOY('  replicas: "3"\n'), `${CANNOT('Deployment', 'v1')}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`],
    ['int32 given a fraction', DEPLOY('  replicas: 1.5\n'), `${CANNOT('Deployment', 'v1')}json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32`],
    ['int32 overflow', DEPLOY('  replicas: 3000000000\n'), `${CANNOT('Deployment', 'v1')}json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32`],
    ['int64 given a bool', POD('', '  terminationGracePeriodSeconds: true\n'), `${CANNOT('Pod', 'v1')}json: cannot unmarshal bool into Go struct field PodSpec.spec.terminationGracePeriodSeconds of type int64`],
    ['bool given a string', DEPLOY('  paused: "yes"\n'), `${CANNOT('Deployment', 'v1')}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.paused of type bool`],
    ['string given a number in a list', POD('    args: [1]\n'), `${CANNOT('Pod', 'v1')}json: cannot unmarshal number into Go struct field Container.spec.containers.args of type string`],
    ['map value given a number', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\ndata: {k: 2}\n', `${CANNOT('ConfigMap', 'v1')}json: cannot unmarshal number into Go struct field ConfigMap.data of type string`],
    ['map given a list', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, labels: [a]}\n', `${CANNOT('ConfigMap', 'v1')}json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string`],
    ['list given an object', 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: {name: c}\n', `${CANNOT('Pod', 'v1')}json: cannot unmarshal object into Go struct field PodSpec.spec.containers of type []v1.Container`],
    ['struct given a string', DEPLOY('  strategy: Recreate\n'), `${CANNOT('Deployment', 'v1')}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.strategy of type v1.DeploymentStrategy`],
    ['the first type error wins over unknown fields', DEPLOY('  foo: 1\n  replicas: "3"\n  paused: 1\n'), `${CANNOT('Deployment', 'v1')}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`],
    ['IntOrString given a bool', DEPLOY('  strategy: {rollingUpdate: {maxSurge: true}}\n'), `${CANNOT('Deployment', 'v1')}json: cannot unmarshal bool into Go struct field RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32`],
    ['Quantity given a list', POD('    resources: {limits: {cpu: [1]}}\n'), `${CANNOT('Pod', 'v1')}quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`],
    ['Time given a number', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, creationTimestamp: 5}\n', `${CANNOT('ConfigMap', 'v1')}json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string`],
  ];
  it.each(cases)('%s', async (_, text, want) => {
    const r = await apply(text);
    expect(r.stderr.trim()).toBe(want);
    expect(r.code).toBe(1);
  });

  it('Quantity and IntOrString take both forms; null is accepted anywhere', async () => {
    const r = await apply(`${DEPLOY('  strategy: {rollingUpdate: {maxSurge: 1, maxUnavailable: "25%"}}\n  minReadySeconds: null\n')}`.replace('{name: c, image: nginx}', '{name: c, image: nginx, resources: {limits: {cpu: 1, memory: "64Mi"}}}'));
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('deployment.apps/d created');
  });

  it('nothing is written on an error', async () => {
    const c = createCluster({ seed: 1 });
    const state = async () => (await c.exec('kubectl get pods,deploy,rs,cm -A -o json')).stdout;
    const before = await state();
    const r = await c.exec('kubectl apply -f -', `${POD('    imagee: nginx\n')}---\n${DEPLOY('  replicas: "3"\n')}`);
    expect(r.code).toBe(1);
    expect(await state()).toBe(before);
  });
});

describe('--validate=warn and --validate=ignore', () => {
  const TYPO = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, foo: 1}\ndata: {k: v}\nbar: 2\n';

  it('warn writes the object without the unknown fields and prints a warning per field', async () => {
    const c = createCluster({ seed: 1 });
    const r = await c.exec('kubectl apply --validate=warn -f -', TYPO);
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual(['Warning: unknown field "metadata.foo"', 'Warning: unknown field "bar"']);
    const cm = await getJson(c, 'cm cm');
    expect(cm.bar).toBeUndefined();
    expect((cm.metadata as Record<string, unknown>).foo).toBeUndefined();
  });

  it.each(['ignore', 'false'])('--validate=%s drops them silently; a wrong type still fails', async (v) => {
    const c = createCluster({ seed: 1 });
    const r = await c.exec(`kubectl create --validate=${v} -f -`, TYPO);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: 'configmap/cm created\n' });
    expect((await getJson(c, 'cm cm')).bar).toBeUndefined();
    const bad = await c.exec(`kubectl create --validate=${v} -f -`, DEPLOY('  replicas: "3"\n'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32');
  });

  it('a bare --validate means strict and takes no value from the next argument', async () => {
    const r = await apply(TYPO, '--validate ');
    expect(r.stderr.trim()).toBe(`${CANNOT('ConfigMap', 'v1')}strict decoding error: unknown field "metadata.foo", unknown field "bar"`);
  });

  it('an unknown --validate value is refused', async () => {
    const r = await apply(TYPO, '--validate=foo ');
    expect(r.stderr.trim()).toBe('error: invalid - validate option "foo"; must be one of: strict (or true), warn, ignore (or false)');
  });
});

describe('replace, apply on a live object, patch', () => {
  const CM = (extra: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\ndata: {k: v}\n${extra}`;

  it('replace answers as a create does', async () => {
    const c = createCluster({ seed: 1 });
    await c.exec('kubectl apply -f -', CM(''));
    const r = await c.exec('kubectl replace -f -', CM('bar: 1\n'));
    expect(r.stderr.trim()).toBe('Error from server (BadRequest): error when replacing "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bar"');
  });

  it('apply of a changed object fails on the patch, as kubectl prints it', async () => {
    const c = createCluster({ seed: 1 });
    await c.exec('kubectl apply -f -', CM(''));
    const before = await getJson(c, 'cm cm');
    const r = await c.exec('kubectl apply -f -', CM('bar: 1\n'));
    expect(r.stderr).toMatch(/^The request is invalid: patch: Invalid value: "map\[bar:1 metadata:map\[annotations:map\[kubectl.kubernetes.io\/last-applied-configuration:.*\]\]\]": strict decoding error: unknown field "bar"\n$/);
    expect(await getJson(c, 'cm cm')).toEqual(before);
  });

  it('kubectl patch is decoded with the server default, Warn', async () => {
    const c = createCluster({ seed: 1 });
    await c.exec('kubectl apply -f -', CM(''));
    const r = await c.exec(`kubectl patch cm cm -p '{"data":{"k":"w"},"spec":{"x":1}}'`);
    expect(r).toMatchObject({ code: 0, stdout: 'configmap/cm patched\n', stderr: 'Warning: unknown field "spec"\n' });
  });

  it('internal writes are not decoded', () => {
    const store = new Store(new SimClock(), new SeededRng(1));
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
    const cm = store.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' }, bar: 1 } as never);
    expect((cm as unknown as Record<string, unknown>).bar).toBe(1);
  });
});

describe('custom resources', () => {
  const CRD = WIDGET_CRD(`          spec:
            type: object
            properties:
              size: {type: integer}
              items: {type: array, items: {type: object, properties: {name: {type: string}}}}
              free: {type: object, x-kubernetes-preserve-unknown-fields: true}
`);
  const WIDGET = (spec: string, meta = '') => `apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w${meta}}\nspec:\n${spec}`;

  it('what the structural schema prunes are unknown fields; metadata is ObjectMeta; preserved fields are kept', async () => {
    const c = createCluster({ seed: 1 });
    await c.exec('kubectl apply -f -', CRD);
    const r = await c.exec('kubectl apply -f -', WIDGET('  size: 1\n  sizee: 2\n  items: [{name: a, nam: b}]\n  free: {anything: 1}\n', ', lables: {}'));
    expect(r.stderr.trim()).toBe(`${CANNOT('Widget', 'v1')}strict decoding error: unknown field "metadata.lables", unknown field "spec.sizee", unknown field "spec.items[0].nam"`);
    const warn = await c.exec('kubectl apply --validate=warn -f -', WIDGET('  size: 1\n  sizee: 2\n  free: {anything: 1}\n'));
    expect(warn).toMatchObject({ code: 0, stderr: 'Warning: unknown field "spec.sizee"\n' });
    expect((await getJson(c, 'widget w')).spec).toEqual({ size: 1, free: { anything: 1 } });
  });

  it('a wrong type is the schema validation\'s 422, as upstream', async () => {
    const c = createCluster({ seed: 1 });
    await c.exec('kubectl apply -f -', CRD);
    const r = await c.exec('kubectl apply -f -', WIDGET('  size: "1"\n'));
    expect(r.stderr).toContain('spec.size: Invalid value: "string": spec.size in body must be of type integer: "string"');
  });
});

describe('stored objects decode cleanly', () => {
  it('whatever kubectl get -o yaml prints for a running cluster decodes without error or unknown field', async () => {
    const c = createCluster({ seed: 3 });
    await c.exec('sim node add w1 --cpu 8 --memory 32Gi');
    await c.exec('kubectl create deployment web --image=nginx --replicas=2');
    await c.exec('kubectl create job j --image=busybox');
    await c.exec('kubectl autoscale deployment web --min=1 --max=3 --cpu-percent=50');
    await c.advance(20);
    const items = (JSON.parse((await c.exec('kubectl get pods,deploy,rs,job,hpa,svc,cm,sa,ns,no,ev,lease,endpointslices,pc,sc,csidriver,csinode,ingressclass -A -o json')).stdout) as { items: { kind: string; apiVersion: string; metadata: { name: string; namespace?: string } }[] }).items;
    const kinds = new Set<string>();
    await fc.assert(fc.asyncProperty(fc.constantFrom(...items), async (item) => {
      const root = KINDS[`${item.apiVersion}/${item.kind}`];
      if (!root) return;
      kinds.add(String(item.kind));
      const printed = parse((await c.exec(`kubectl get ${String(item.kind).toLowerCase()} ${nameArgs(item as never)} -o yaml`)).stdout) as Record<string, unknown>;
      expect(decodeInto(printed, root)).toEqual({ strict: [] });
    }), { numRuns: 200, seed: 7 });
    expect([...kinds]).toEqual(expect.arrayContaining(['Pod', 'Deployment', 'ReplicaSet', 'Job', 'HorizontalPodAutoscaler', 'Node', 'Event']));
  });
});

async function getJson(c: ReturnType<typeof createCluster>, what: string): Promise<Record<string, unknown>> {
  return JSON.parse((await c.exec(`kubectl get ${what} -o json`)).stdout) as Record<string, unknown>;
}

function nameArgs(item: { metadata: { name: string; namespace?: string } }): string {
  const meta = item.metadata;
  return meta.namespace ? `${meta.name} -n ${meta.namespace}` : meta.name;
}
