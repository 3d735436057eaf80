// Resource quantities as the API server stores them: decoded with ParseQuantity (a bad one fails the request with
// its QuantityError text), rounded up to milli precision (SetDefaults_ResourceList) and written canonically.
import type { KubeObject } from '../../api/object.ts';
import { canonicalQuantity, Quantity } from '../../api/quantity.ts';

import { isObj, objects, type Obj } from './defaults/objects.ts';

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;
const LIMIT_RANGE_LISTS = ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const;

/** One quantity: parse (throws QuantityError), round up to 1m like Quantity.RoundUp(-3), canonical string. */
export function canonicalResourceQuantity(v: string | number): string {
  if (typeof v !== 'string') return canonicalForm(v);
  let out = canonicalStrings.get(v);
  if (out === undefined) {
    out = canonicalForm(v);
    if (canonicalStrings.size >= 4096) canonicalStrings.clear();
    canonicalStrings.set(v, out);
  }
  return out;
}

/** The canonical forms of quantity strings (up to 4,096): every pod of a template writes the same few. */
const canonicalStrings = new Map<string, string>();

function canonicalForm(v: string | number): string {
  const q = Quantity.parse(v);
  const milli = Quantity.fromMilli(q.milliValueBig(), q.format);
  return (milli.cmp(q) === 0 ? q : milli).toString();
}

function canonicalizeList(list: unknown): void {
  if (!isObj(list)) return;
  // for-in walks a plain object's keys as Object.entries does, without an array per entry.
  for (const name in list) {
    const v = list[name];
    if (typeof v === 'string' || typeof v === 'number') list[name] = canonicalResourceQuantity(v);
    else if (v === null || v === undefined) continue;
    else Quantity.parse(JSON.stringify(v)); // neither a string nor a number: rejected as upstream's decoder does
  }
}

function canonicalizeResources(resources: unknown): void {
  if (!isObj(resources)) return;
  canonicalizeList(resources.limits);
  canonicalizeList(resources.requests);
}

function canonicalizePodSpec(spec: unknown): void {
  if (!isObj(spec)) return;
  for (const list of CONTAINER_LISTS) {
    for (const c of objects(spec[list])) canonicalizeResources(c.resources);
  }
  canonicalizeList(spec.overhead);
  canonicalizeResources(spec.resources); // pod-level resources
  for (const v of objects(spec.volumes)) {
    if (isObj(v.emptyDir) && v.emptyDir.sizeLimit !== undefined && v.emptyDir.sizeLimit !== null) {
      v.emptyDir.sizeLimit = canonicalQuantity(v.emptyDir.sizeLimit as string); // a single Quantity: no milli rounding
    }
  }
}

/**
 * Rewrite every resource quantity of the object in canonical form: containers' (and init and ephemeral
 * containers') requests and limits, pod overhead and pod-level resources, in Pods and pod templates; a Node's
 * status capacity and allocatable; a ResourceQuota's spec.hard and a LimitRange's limits. Throws the QuantityError of
 * the first bad quantity.
 */
export function canonicalizeQuantities(obj: KubeObject): void {
  const spec = obj.spec;
  switch (obj.kind) {
    case 'Pod':
      canonicalizePodSpec(spec);
      break;
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'Job':
    case 'PodTemplate': {
      const holder = obj.kind === 'PodTemplate' ? (obj as Obj) : isObj(spec) ? spec : undefined;
      if (holder && isObj(holder.template)) canonicalizePodSpec(holder.template.spec);
      break;
    }
    case 'Node':
      if (isObj(obj.status)) {
        canonicalizeList(obj.status.capacity);
        canonicalizeList(obj.status.allocatable);
      }
      break;
    case 'ResourceQuota':
      if (isObj(spec)) canonicalizeList(spec.hard);
      break;
    case 'LimitRange':
      if (isObj(spec)) {
        for (const item of objects(spec.limits)) {
          for (const list of LIMIT_RANGE_LISTS) canonicalizeList(item[list]);
        }
      }
      break;
    default:
  }
}
