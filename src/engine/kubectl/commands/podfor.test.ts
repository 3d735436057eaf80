// The pod behind TYPE/NAME for logs (LogsForObject) and for exec and attach (AttachablePodForObject): each
// command's own error for an object that stands for no pods, and only logs says which of several pods it took.
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';

let c: KubesimCluster;
beforeAll(() => {
  c = clusterWithNodes(1);
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
  mustExec(c, 'kubectl create configmap cfg --from-literal=a=b');
  mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Service\nmetadata: {name: plain}\nspec:\n  ports: [{port: 80}]\n');
  c.advance(10);
});

const COMMANDS = [
  ['logs', 'kubectl logs', '', 'cannot get the logs from'],
  ['exec', 'kubectl exec', ' -- ls', 'cannot attach to'],
  ['attach', 'kubectl attach', '', 'cannot attach to'],
] as const;

const KINDS = [
  ['configmap/cfg', '*v1.ConfigMap: selector for *v1.ConfigMap not implemented'],
  ['service/plain', "*v1.Service: invalid service 'plain': Service is defined without a selector"],
  ['nodes/w1', '*v1.Node: selector for *v1.Node not implemented'],
  ['secrets/none', null],
] as const;

describe('an object that stands for no pod', () => {
  it.each(COMMANDS.flatMap(([name, line, tail, error]) => KINDS.map(([target, why]) => [name, target, `${line} ${target}${tail}`, why ? `error: ${error} ${why}\n` : 'Error from server (NotFound): secrets "none" not found\n'])))(
    '%s %s', (_name, _target, line, stderr) => {
      expect(c.exec(line)).toEqual({ code: 1, stdout: '', stderr });
    });
});

describe('a workload with several pods', () => {
  it.each([
    ['kubectl exec deploy/web -- hostname', ''],
    ['kubectl attach deploy/web', ''],
  ])('%s takes one without a note', (line, stderr) => {
    expect(c.exec(line)).toMatchObject({ code: 0, stderr });
  });

  it('kubectl logs says how many there were', () => {
    expect(c.exec('kubectl logs deploy/web').stderr).toMatch(/^Found 2 pods, using pod\/web-/);
  });
});
