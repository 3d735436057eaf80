// CustomResourceDefinitions through the cluster: a new kind at once, its validation with upstream texts, status
// conditions, printer columns, scale, explain, deletion of its instances, refusals, and snapshots.
import { describe, expect, it } from 'vitest';
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

const crdYaml = (opts: { plural?: string; kind?: string; shortNames?: string } = {}) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${opts.plural ?? 'trainers'}.ml.example.com
spec:
  group: ml.example.com
  scope: Namespaced
  names: {plural: ${opts.plural ?? 'trainers'}, kind: ${opts.kind ?? 'Trainer'}, shortNames: [${opts.shortNames ?? 'tr'}]}
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale: {specReplicasPath: .spec.workers, statusReplicasPath: .status.workers}
    additionalPrinterColumns:
    - {name: Workers, type: integer, jsonPath: .spec.workers}
    - {name: Model, type: string, jsonPath: .spec.model}
    - {name: Phase, type: string, jsonPath: .status.phase, priority: 1}
    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [model]
            properties:
              model: {type: string, description: The model to train.}
              workers: {type: integer, minimum: 1, default: 2}
              precision: {type: string, enum: [fp16, bf16, fp32]}
          status:
            type: object
            properties:
              phase: {type: string}
              workers: {type: integer}
`;

const trainer = (name: string, spec: string) => `apiVersion: ml.example.com/v1
kind: Trainer
metadata: {name: ${name}}
spec: ${spec}
`;

function withCRD(): KubesimCluster {
  const c = createCluster({ seed: 3 });
  mustExec(c, 'kubectl apply -f -', crdYaml());
  return c;
}

const crd = (c: KubesimCluster, name = 'trainers.ml.example.com') =>
  c.list('CustomResourceDefinition').find((o) => o.metadata.name === name) as unknown as CustomResourceDefinition | undefined;

describe('CustomResourceDefinition', () => {
  it('serves the new kind at once: create, defaults, pruning, get by short name', () => {
    const c = withCRD();
    // Strict field validation (kubectl's default) would refuse the unknown field; without it, pruning drops it.
    expect(mustExec(c, 'kubectl apply --validate=false -f -', trainer('llama', '{model: llama-3, junk: 1}'))).toBe('trainer.ml.example.com/llama created\n');
    const obj = c.list('Trainer')[0];
    expect(obj.spec).toEqual({ model: 'llama-3', workers: 2 });
    expect(obj.metadata.generation).toBe(1);
    expect(obj.status).toBeUndefined();
    expect(mustExec(c, 'kubectl get tr')).toBe('NAME    WORKERS   MODEL     AGE\nllama   2         llama-3   0s\n');
    expect(mustExec(c, 'kubectl get trainers.ml.example.com -o wide')).toBe('NAME    WORKERS   MODEL     PHASE   AGE\nllama   2         llama-3           0s\n');
  });

  it.each([
    ['{model: m, workers: 0}', 'The Trainer "bad" is invalid: spec.workers: Invalid value: 0: spec.workers in body should be greater than or equal to 1'],
    ['{workers: 1}', 'The Trainer "bad" is invalid: spec.model: Required value'],
    ['{model: m, precision: int8}', 'The Trainer "bad" is invalid: spec.precision: Unsupported value: "int8": supported values: "fp16", "bf16", "fp32"'],
    ['{model: 7}', 'The Trainer "bad" is invalid: spec.model: Invalid value: "integer": spec.model in body must be of type string: "integer"'],
  ])('refuses %s with the upstream text', (spec, text) => {
    const c = withCRD();
    const r = c.exec('kubectl apply -f -', trainer('bad', spec));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${text}\n`);
    expect(c.list('Trainer')).toEqual([]);
  });

  it('reports NamesAccepted and Established, and the stored version', () => {
    const c = withCRD();
    c.advance(1);
    const status = crd(c)!.status!;
    expect(status.acceptedNames).toMatchObject({ kind: 'Trainer', plural: 'trainers', singular: 'trainer', listKind: 'TrainerList', shortNames: ['tr'] });
    expect(status.conditions!.map((x) => [x.type, x.status, x.reason, x.message])).toEqual([
      ['NamesAccepted', 'True', 'NoConflicts', 'no conflicts found'],
      ['Established', 'True', 'InitialNamesAccepted', 'the initial names have been accepted'],
    ]);
    expect(status.storedVersions).toEqual(['v1']);
    expect(mustExec(c, 'kubectl get crd')).toBe('NAME                      CREATED AT\ntrainers.ml.example.com   2026-01-01T00:00:00Z\n');
  });

  it('refuses a kind that is already served and says why in NamesAccepted', () => {
    const c = withCRD();
    mustExec(c, 'kubectl apply -f -', crdYaml({ plural: 'trainers2', kind: 'Trainer', shortNames: 'tr2' }));
    c.advance(1);
    const conds = crd(c, 'trainers2.ml.example.com')!.status!.conditions!.map((x) => [x.type, x.status, x.reason, x.message]);
    expect(conds).toEqual([['NamesAccepted', 'False', 'KindConflict', '"Trainer" is already in use'], ['Established', 'False', 'NotAccepted', 'not all names are accepted']]);
    expect(c.exec('kubectl get trainers2').stderr).toBe('error: the server doesn\'t have a resource type "trainers2"\n');
  });

  it('validates the CRD itself', () => {
    const c = createCluster({ seed: 1 });
    const bad = crdYaml().replace('name: trainers.ml.example.com', 'name: wrong.ml.example.com').replace('type: object\n        properties:\n          spec:\n            type: object', 'type: object\n        properties:\n          spec:\n            description: no type');
    const r = c.exec('kubectl apply -f -', bad);
    expect(r.stderr).toBe('The CustomResourceDefinition "wrong.ml.example.com" is invalid: \n' +
      '* metadata.name: Invalid value: "wrong.ml.example.com": must be spec.names.plural+"."+spec.group\n' +
      '* spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields\n');
  });

  it('scales through the scale subresource and keeps status apart from spec', () => {
    const c = withCRD();
    mustExec(c, 'kubectl apply -f -', trainer('llama', '{model: llama-3}'));
    expect(mustExec(c, 'kubectl scale trainer llama --replicas 4')).toBe('trainer.ml.example.com/llama scaled\n');
    expect(c.list('Trainer')[0].spec).toEqual({ model: 'llama-3', workers: 4 });
    expect(c.list('Trainer')[0].metadata.generation).toBe(2);
    expect(c.exec('kubectl scale trainer llama --replicas 0').stderr).toBe('The Trainer "llama" is invalid: spec.workers: Invalid value: 0: spec.workers in body should be greater than or equal to 1\n');
  });

  it('explains the custom resource from its schema', () => {
    const c = withCRD();
    expect(mustExec(c, 'kubectl explain trainer.spec')).toBe(`GROUP:      ml.example.com
KIND:       Trainer
VERSION:    v1

FIELD: spec <Object>


DESCRIPTION:
    <empty>
FIELDS:
  model\t<string> -required-
    The model to train.

  precision\t<string>
    <no description>

  workers\t<integer>
    <no description>


`);
  });

  it('deleting the CRD deletes its custom resources, then stops serving the kind', () => {
    const c = withCRD();
    mustExec(c, 'kubectl apply -f -', trainer('a', '{model: m}') + '---\n' + trainer('b', '{model: m}'));
    c.advance(1);
    mustExec(c, 'kubectl delete crd trainers.ml.example.com');
    c.advance(1);
    expect(c.list('Trainer')).toEqual([]);
    expect(crd(c)).toBeUndefined();
    expect(c.exec('kubectl get trainers').stderr).toBe('error: the server doesn\'t have a resource type "trainers"\n');
    expect(c.exec('kubectl apply -f -', trainer('c', '{model: m}')).stderr).toContain('no matches for kind "Trainer" in version "ml.example.com/v1"');
  });

  it('refuses new custom resources while the CRD terminates (an instance with a finalizer holds it)', () => {
    const c = withCRD();
    mustExec(c, 'kubectl apply -f -', trainer('held', '{model: m}').replace('metadata: {name: held}', 'metadata: {name: held, finalizers: [example.com/hold]}'));
    c.advance(1);
    mustExec(c, 'kubectl delete crd trainers.ml.example.com --wait=false');
    c.advance(2);
    const terminating = crd(c)!.status!.conditions!.find((x) => x.type === 'Terminating')!;
    expect([terminating.reason, terminating.message]).toEqual(['InstanceDeletionInProgress', 'CustomResource deletion is in progress']);
    expect(c.exec('kubectl apply -f -', trainer('late', '{model: m}')).stderr).toBe('Error from server (MethodNotAllowed): error when creating "STDIN": create not allowed while custom resource definition is terminating\n');
    mustExec(c, `kubectl patch trainer held --type merge -p '{"metadata":{"finalizers":null}}'`);
    c.advance(2);
    expect(crd(c)).toBeUndefined();
  });

  it('survives a snapshot: the restored cluster serves, validates and prints the kind', () => {
    const c = withCRD();
    mustExec(c, 'kubectl apply -f -', trainer('a', '{model: m}'));
    c.advance(1);
    const restored = createCluster({ snapshot: c.snapshot() });
    expect(mustExec(restored, 'kubectl get tr')).toBe('NAME   WORKERS   MODEL   AGE\na      2         m       1s\n');
    expect(restored.exec('kubectl apply -f -', trainer('b', '{model: m, workers: 0}')).code).toBe(1);
    mustExec(restored, 'kubectl apply -f -', trainer('b', '{model: m}'));
    expect(restored.list('Trainer').length).toBe(2);
  });

  it('offers the served schemas to the editor', () => {
    const c = withCRD() as KubesimCluster & { customResourceSchemas(): { apiVersion: string; kind: string }[] };
    expect(c.customResourceSchemas().map((s) => [s.apiVersion, s.kind])).toEqual([['ml.example.com/v1', 'Trainer']]);
  });

  it('garbage-collects the dependents of a custom resource', () => {
    const c = withCRD();
    mustExec(c, 'kubectl apply -f -', trainer('owner', '{model: m}'));
    const uid = c.list('Trainer')[0].metadata.uid;
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: ConfigMap
metadata:
  name: dep
  ownerReferences: [{apiVersion: ml.example.com/v1, kind: Trainer, name: owner, uid: ${uid}}]
`);
    c.advance(1);
    mustExec(c, 'kubectl delete trainer owner');
    c.advance(5);
    expect(c.list('ConfigMap').filter((o) => o.metadata.name === 'dep')).toEqual([]);
  });
});
