import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

describe('-f targets (delete, expose)', () => {
  it('acts on each object a file holds and names the ones no kind matches', () => {
    const c = createCluster({ seed: 1 });
    const file = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n';
    c.setFile('mixed.yaml', file);
    mustExec(c, 'kubectl create configmap a');
    const unknown = 'error: resource mapping not found for name: "w" namespace: "" from "mixed.yaml": no matches for kind "Widget" in version "example.com/v1"\nensure CRDs are installed first\n';
    expect(c.exec('kubectl delete -f mixed.yaml')).toEqual({ code: 1, stdout: 'configmap "a" deleted\n', stderr: unknown });
    expect(c.exec('kubectl expose -f mixed.yaml')).toEqual({ code: 1, stdout: '', stderr: unknown });
  });
});
