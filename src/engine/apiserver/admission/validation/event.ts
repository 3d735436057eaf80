// core/v1 Events (core validation legacyValidateEvent: v1 events get no further validation), plus the generic
// ObjectMeta check that BeforeCreate runs for every kind with path-segment names.
import type { Event } from 'kubernetes-types/core/v1';
import { isDNS1123Subdomain, isQualifiedName, isValidDNS1123Subdomain } from '../../../api/validation.ts';
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

/**
 * True when validateEvent and validateEventMeta would find nothing wrong with an Event of the shape an EventRecorder
 * builds (client/events.ts: no eventTime, labels, annotations, owners, finalizers, generation or generateName;
 * its namespace the involved object's, or "default" when that has none), checked without building error lists.
 * False means "not certain": the caller then validates as usual.
 */
export function recordedEventValid(ev: Event): boolean {
  const m = ev.metadata;
  if (!m || ev.eventTime || m.generateName !== undefined || m.generation !== undefined || m.labels !== undefined
    || m.annotations !== undefined || m.ownerReferences !== undefined || m.finalizers !== undefined) return false;
  const ns = m.namespace ?? '';
  const involvedNs = ev.involvedObject?.namespace ?? '';
  if (involvedNs ? ns !== involvedNs : ns !== 'default') return false;
  const name = m.name ?? '';
  return isValidDNS1123Subdomain(ns) && name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('%');
}
