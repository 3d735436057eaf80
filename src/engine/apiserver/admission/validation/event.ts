// core/v1 Events (core validation legacyValidateEvent: v1 events get no further validation), plus the generic
// ObjectMeta check that BeforeCreate runs for every kind with path-segment names.
import type { Event } from 'kubernetes-types/core/v1';
import { isDNS1123Subdomain, isQualifiedName } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { invalid, required } from './field.ts';
import { pathSegmentName, validateObjectMeta } from './objectmeta.ts';

export function validateEvent(ev: Event): FieldError[] {
  const errs: FieldError[] = [];
  const ns = ev.metadata?.namespace ?? '';
  const involvedNs = ev.involvedObject?.namespace ?? '';
  if (!ev.eventTime) {
    if (!involvedNs) {
      if (ns !== '' && ns !== 'default') errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
    } else if (ns !== involvedNs) errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
  } else {
    if (!involvedNs && ns !== 'default' && ns !== 'kube-system') errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
    const rc = ev.reportingComponent ?? '';
    if (!rc) errs.push(required('reportingComponent'));
    for (const msg of isQualifiedName(rc)) errs.push(invalid('reportingComponent', rc, msg));
    const ri = ev.reportingInstance ?? '';
    if (!ri) errs.push(required('reportingInstance'));
    if (ri.length > 128) errs.push(invalid('reportingInstance', '', 'can have at most 128 characters'));
    const action = ev.action ?? '';
    if (!action) errs.push(required('action'));
    if (action.length > 128) errs.push(invalid('action', '', 'can have at most 128 characters'));
    const reason = ev.reason ?? '';
    if (!reason) errs.push(required('reason'));
    if (reason.length > 128) errs.push(invalid('reason', '', 'can have at most 128 characters'));
    if ((ev.message ?? '').length > 1024) errs.push(invalid('message', '', 'can have at most 1024 characters'));
  }
  for (const msg of isDNS1123Subdomain(ns)) errs.push(invalid('namespace', ns, msg));
  return errs;
}

/** rest.BeforeCreate's common check, run only when the kind's own validation passed. */
export function validateEventMeta(ev: Event): FieldError[] {
  return validateObjectMeta(ev.metadata, pathSegmentName);
}
