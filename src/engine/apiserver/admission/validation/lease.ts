// coordination.k8s.io Leases (ValidateLease): the fields leader election and node heartbeats use.
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { FieldError } from '../../errors.ts';
import { invalid, nonNegative } from './field.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

function validateLeaseSpec(lease: Lease): FieldError[] {
  const errs: FieldError[] = [];
  const d = lease.spec?.leaseDurationSeconds;
  if (typeof d === 'number' && d <= 0) errs.push(invalid('spec.leaseDurationSeconds', d, 'must be greater than 0'));
  errs.push(...nonNegative(lease.spec?.leaseTransitions, 'spec.leaseTransitions'));
  return errs;
}

export function validateLease(lease: Lease): FieldError[] {
  return [...validateObjectMeta(lease.metadata, nameIsDNSSubdomain), ...validateLeaseSpec(lease)];
}

export function validateLeaseUpdate(lease: Lease, old: Lease): FieldError[] {
  return [...validateObjectMetaUpdate(lease.metadata, old.metadata), ...validateLeaseSpec(lease)];
}
