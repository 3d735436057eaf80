// ReplicaSets (apps validation ValidateReplicaSet, ValidateReplicaSetUpdate, and the registry's selector rule).
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import type { FieldError } from '../../errors.ts';
import { child, isRecord, nonNegative } from './field.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { selectorImmutable, validateReplicas, validateReplicasSelectorTemplate } from './workload.ts';

type Obj = Record<string, unknown>;

function validateReplicaSetSpec(specIn: unknown): FieldError[] {
  const spec = isRecord(specIn) ? specIn : {};
  const errs = validateReplicas(spec, 'spec');
  errs.push(...nonNegative(spec.minReadySeconds, child('spec', 'minReadySeconds')));
  // Upstream's message names "deployment" here too.
  errs.push(...validateReplicasSelectorTemplate(spec, 'spec', 'deployment', 'ReplicaSet'));
  return errs;
}

export function validateReplicaSet(rs: ReplicaSet): FieldError[] {
  return [...validateObjectMeta(rs.metadata, nameIsDNSSubdomain), ...validateReplicaSetSpec(rs.spec)];
}

export function validateReplicaSetUpdate(rs: ReplicaSet, old: ReplicaSet): FieldError[] {
  return [
    ...validateObjectMetaUpdate(rs.metadata, old.metadata),
    ...validateReplicaSetSpec(rs.spec),
    ...selectorImmutable((rs.spec ?? {}) as Obj, (old.spec ?? {}) as Obj),
  ];
}
