// The checks on a reconcile's answer (untrusted, from user code): each bad shape is refused with a message
// naming the action and what is wrong; good answers pass through with defaults filled in.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidResultError, MAX_ACTIONS, validateResult } from './actions.ts';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } };

describe('reconcile result validation', () => {
  it.each([
    ['not an object', 42, 'the reconcile result must be an object'],
    ['no action list', {}, 'the reconcile result must list its actions'],
    ['unknown op', { actions: [{ op: 'apply' }] }, 'actions[0].op must be one of create, update, patch, delete, event'],
    ['create without a name', { actions: [{ op: 'create', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} } }] }, 'actions[0].object must be an object with apiVersion, kind and metadata.name'],
    ['update of a scale subresource', { actions: [{ op: 'update', object: cm, subresource: 'scale' }] }, 'actions[0].subresource must be "status" or absent'],
    ['patch without a name', { actions: [{ op: 'event', type: 'Normal', reason: 'R', message: 'm' }, { op: 'patch', kind: 'ConfigMap', patch: {} }] }, 'actions[1] must name the kind and name of the object to patch'],
    ['patch that is text', { actions: [{ op: 'patch', kind: 'ConfigMap', name: 'c', patch: 'data: {}' }] }, 'actions[0].patch must be an object (or, for a json patch, a list)'],
    ['unknown patch type', { actions: [{ op: 'patch', kind: 'ConfigMap', name: 'c', patch: {}, type: 'apply' }] }, 'actions[0].type must be one of merge, strategic, json'],
    ['delete without a kind', { actions: [{ op: 'delete', name: 'c' }] }, 'actions[0] must name the kind and name of the object to delete'],
    ['event of an unknown type', { actions: [{ op: 'event', type: 'Error', reason: 'R', message: 'm' }] }, 'actions[0].type must be Normal or Warning'],
    ['event without a reason', { actions: [{ op: 'event', type: 'Warning', message: 'm' }] }, 'actions[0] must have a reason and a message'],
    ['negative requeue', { actions: [], requeueAfterSeconds: -1 }, 'requeueAfter must be a number of seconds, 0 or more'],
    ['too many actions', { actions: Array.from({ length: MAX_ACTIONS + 1 }, () => ({ op: 'delete', kind: 'Pod', name: 'p' })) }, `the reconcile asked for ${MAX_ACTIONS + 1} writes, more than ${MAX_ACTIONS}`],
  ])('refuses %s', (_what, raw, message) => {
    expect(() => validateResult(raw)).toThrow(new InvalidResultError(message));
  });

  it('passes good answers through, a patch defaulting to a merge patch', () => {
    expect(validateResult({ actions: [{ op: 'create', object: cm }, { op: 'patch', kind: 'ConfigMap', namespace: 'default', name: 'c', patch: { data: { a: '1' } } }, { op: 'update', object: cm, subresource: 'status' }, { op: 'delete', kind: 'ConfigMap', name: 'c' }], requeueAfterSeconds: 5 })).toEqual({
      actions: [
        { op: 'create', object: cm },
        { op: 'patch', kind: 'ConfigMap', namespace: 'default', name: 'c', patch: { data: { a: '1' } }, type: 'merge' },
        { op: 'update', object: cm, subresource: 'status' },
        { op: 'delete', kind: 'ConfigMap', namespace: undefined, name: 'c' },
      ],
      requeueAfterSeconds: 5,
    });
  });

  it('property: any input either validates or is refused with an InvalidResultError, never anything else', () => {
    fc.assert(fc.property(fc.anything(), fc.array(fc.record({ op: fc.constantFrom('create', 'update', 'patch', 'delete', 'event', 'x'), object: fc.anything(), kind: fc.anything(), name: fc.anything(), patch: fc.anything(), type: fc.anything(), reason: fc.anything(), message: fc.anything() }, { requiredKeys: ['op'] })), (junk, actions) => {
        for (const raw of [junk, { actions }]) {
          try { validateResult(raw); } catch (e) { expect(e).toBeInstanceOf(InvalidResultError); }
        }
      }));
  });
});
