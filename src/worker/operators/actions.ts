// A reconcile's answer comes from user code in another worker: nothing in it is trusted. This checks its shape
// before the engine applies it, with a message that says which action is wrong and why.
import type { KubeObject } from '../../engine/api/object.ts';
import type { PatchType } from '../../engine/apiserver/store.ts';
import type { ReconcileAction, ReconcileResult } from '../../engine/operators/external.ts';

const OPS = ['create', 'update', 'patch', 'delete', 'event'] as const;
const PATCH_TYPES = ['merge', 'strategic', 'json'];
/** More actions than this is refused before the write budget is even looked at (a runaway list). */
export const MAX_ACTIONS = 1000;

export class InvalidResultError extends Error {}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isName = (v: unknown): v is string => typeof v === 'string' && v !== '';
const optional = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';

function object(v: unknown, at: string): KubeObject {
  if (!isObj(v) || !isName(v.apiVersion) || !isName(v.kind) || !isObj(v.metadata) || !isName(v.metadata.name)) {
    throw new InvalidResultError(`${at}.object must be an object with apiVersion, kind and metadata.name`);
  }
  return v as unknown as KubeObject;
}

function action(v: unknown, i: number): ReconcileAction {
  const at = `actions[${i}]`;
  if (!isObj(v) || !OPS.includes(v.op as (typeof OPS)[number])) throw new InvalidResultError(`${at}.op must be one of ${OPS.join(', ')}`);
  switch (v.op) {
    case 'create':
      return { op: 'create', object: object(v.object, at) };
    case 'update':
      if (v.subresource !== undefined && v.subresource !== 'status') throw new InvalidResultError(`${at}.subresource must be "status" or absent`);
      return v.subresource ? { op: 'update', object: object(v.object, at), subresource: 'status' } : { op: 'update', object: object(v.object, at) };
    case 'patch':
      if (!isName(v.kind) || !isName(v.name) || !optional(v.namespace)) throw new InvalidResultError(`${at} must name the kind and name of the object to patch`);
      if (typeof v.patch !== 'object' || v.patch === null) throw new InvalidResultError(`${at}.patch must be an object (or, for a json patch, a list)`);
      if (v.type !== undefined && !PATCH_TYPES.includes(v.type as string)) throw new InvalidResultError(`${at}.type must be one of ${PATCH_TYPES.join(', ')}`);
      return { op: 'patch', kind: v.kind, name: v.name, namespace: v.namespace || undefined, patch: v.patch, type: (v.type as PatchType | undefined) ?? 'merge' };
    case 'delete':
      if (!isName(v.kind) || !isName(v.name) || !optional(v.namespace)) throw new InvalidResultError(`${at} must name the kind and name of the object to delete`);
      return { op: 'delete', kind: v.kind, name: v.name, namespace: v.namespace || undefined };
    default:
      if (v.type !== 'Normal' && v.type !== 'Warning') throw new InvalidResultError(`${at}.type must be Normal or Warning`);
      if (!isName(v.reason) || typeof v.message !== 'string') throw new InvalidResultError(`${at} must have a reason and a message`);
      return { op: 'event', type: v.type, reason: v.reason, message: v.message };
  }
}

/** The checked result, or an InvalidResultError naming the first problem. */
export function validateResult(raw: unknown): ReconcileResult {
  if (!isObj(raw)) throw new InvalidResultError('the reconcile result must be an object');
  const { actions, requeueAfterSeconds } = raw;
  if (!Array.isArray(actions)) throw new InvalidResultError('the reconcile result must list its actions');
  if (actions.length > MAX_ACTIONS) throw new InvalidResultError(`the reconcile asked for ${actions.length} writes, more than ${MAX_ACTIONS}`);
  if (requeueAfterSeconds !== undefined && (typeof requeueAfterSeconds !== 'number' || !Number.isFinite(requeueAfterSeconds) || requeueAfterSeconds < 0)) {
    throw new InvalidResultError('requeueAfter must be a number of seconds, 0 or more');
  }
  return { actions: actions.map(action), requeueAfterSeconds };
}
