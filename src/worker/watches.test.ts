import { describe, expect, it } from 'vitest';
import { createCluster } from '../engine/index.ts';
import { Watches } from './watches.ts';

describe('Watches: a port-forward', () => {
  it("streams its stdout and stderr in order, then ends with 'exit' when its pod goes", () => {
    const c = createCluster({ seed: 1 });
    c.exec('sim node add w1');
    c.exec('kubectl run web --image=nginx --port=80');
    c.advance(30);
    const got: [string | null, string | undefined][] = [];
    const w = new Watches();
    const { result, id } = w.start(c, 'kubectl port-forward web 8080:80 &', (text, stream) => void got.push([text, stream]));
    expect(result.stdout).toMatch(/^\[1\] \d+\nForwarding from 127\.0\.0\.1:8080 -> 80\n/);
    expect(id).toBeGreaterThan(0);
    c.exec('kubectl delete pod web');
    c.advance(40);
    w.flush();
    expect(got).toEqual([['error: lost connection to pod\n', 'err'], ['[1]+  Exit 1                  kubectl port-forward web 8080:80\n', undefined], [null, 'exit']]);
    expect(w.size).toBe(0);
  });

  it('does not stream a port-forward that failed', () => {
    const c = createCluster({ seed: 1 });
    const w = new Watches();
    expect(w.start(c, 'kubectl port-forward nope 80', () => undefined)).toEqual({ result: { code: 1, stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n' }, id: 0 });
  });
});
