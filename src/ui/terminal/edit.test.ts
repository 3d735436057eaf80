import { describe, expect, it } from 'vitest';
import { editDocument, parseEdit } from './edit.ts';

describe('parseEdit', () => {
  it.each([
    ['kubectl edit deployment/web', 'kubectl get deployment web -o yaml'],
    ['kubectl edit deploy web', 'kubectl get deploy web -o yaml'],
    ['  kubectl   edit svc/api -n shop ', 'kubectl get svc api -n shop -o yaml'],
    ['kubectl edit -n shop cm settings', 'kubectl get cm settings -n shop -o yaml'],
    ['kubectl edit pod p1 --namespace=kube-system', 'kubectl get pod p1 -n kube-system -o yaml'],
    ['kubectl edit pod p1 --namespace kube-system', 'kubectl get pod p1 -n kube-system -o yaml'],
    ['kubectl edit pod/p1 -nkube-system', 'kubectl get pod p1 -n kube-system -o yaml'],
  ])('%s fetches with %s', (line, getLine) => {
    expect(parseEdit(line)).toEqual({ kind: 'get', getLine });
  });

  it.each(['kubectl get pods', 'kubectl editor x', 'sim node add w1', 'kubectl', ''])('leaves %j to the engine', (line) => {
    expect(parseEdit(line)).toBeUndefined();
  });

  it.each([
    ['kubectl edit', 'error: You must provide one or more resources by argument or filename.'],
    ['kubectl edit deployment', 'error: kubectl edit here opens one object'],
    ['kubectl edit deploy a b', 'error: kubectl edit here opens one object'],
    ['kubectl edit deploy/', 'error: kubectl edit here opens one object'],
    ['kubectl edit deploy/web -n', "error: flag needs an argument: 'n' in -n"],
    ['kubectl edit deploy/web -o json', 'error: unknown flag: -o'],
  ])('%s is an error', (line, message) => {
    const r = parseEdit(line);
    expect(r?.kind).toBe('error');
    expect(r?.kind === 'error' && r.message).toContain(message);
  });
});

describe('editDocument', () => {
  it('names the document after the kind and the object name, not the names of owners', () => {
    const yaml = 'apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    name: x\n  name: web-1\n  ownerReferences:\n  - name: web\nspec: {}\n';
    expect(editDocument(yaml)).toEqual({ documentName: 'edit-pod-web-1.yaml', ref: 'pod/web-1' });
  });

  it('gives nothing for output that is not one object', () => {
    expect(editDocument('apiVersion: v1\nkind: List\nitems: []\n')).toBeUndefined();
  });
});
