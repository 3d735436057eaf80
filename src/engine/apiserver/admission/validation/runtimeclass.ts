// node.k8s.io RuntimeClasses (pkg/apis/node/validation): a DNS-label handler that never changes, the overhead
// validated as a container's limits are, and the scheduling's node selector and tolerations.
import type { RuntimeClass } from 'kubernetes-types/node/v1';
import type { FieldError } from '../../errors.ts';
import { validateDNS1123Label } from './containers.ts';
import { invalid } from './field.ts';
import { validateLabels } from './labels.ts';
import { FIELD_IMMUTABLE, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { validateTolerations } from './podspec.ts';
import { validateResourceRequirements } from './resources.ts';

export function validateRuntimeClass(rc: RuntimeClass): FieldError[] {
  const errs = [...validateObjectMeta(rc.metadata, nameIsDNSSubdomain), ...validateDNS1123Label(rc.handler ?? '', 'handler')];
  // Upstream reuses ValidateResourceRequirements with podFixed as the limits, so paths read overhead.limits[…].
  if (rc.overhead) errs.push(...validateResourceRequirements({ limits: rc.overhead.podFixed ?? {} }, 'overhead'));
  if (rc.scheduling) {
    if (rc.scheduling.nodeSelector) errs.push(...validateLabels(rc.scheduling.nodeSelector, 'scheduling.nodeSelector'));
    errs.push(...validateTolerations(rc.scheduling.tolerations, 'scheduling.tolerations'));
  }
  return errs;
}

export function validateRuntimeClassUpdate(rc: RuntimeClass, old: RuntimeClass): FieldError[] {
  const errs = validateObjectMetaUpdate(rc.metadata, old.metadata);
  if (rc.handler !== old.handler) errs.push(invalid('handler', rc.handler ?? '', FIELD_IMMUTABLE));
  return errs;
}
