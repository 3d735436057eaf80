import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string) => ({ code: 1, stdout: '', stderr });

describe('kubectl wait (checks once: time does not pass inside a command)', () => {
  it('waits for a condition: unmet is the timeout error, met after time advances', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
    expect(c.exec('kubectl wait --for=condition=Available deployment/web')).toEqual(fail('error: timed out waiting for the condition on deployments/web\n'));
    expect(c.exec('kubectl wait --for=condition=Available deployment/web --timeout=0')).toEqual(fail('error: condition not met for deployments/web\n'));
    c.advance(30);
    expect(c.exec('kubectl wait --for=condition=Available deployment/web')).toEqual(ok('deployment.apps/web condition met\n'));
    expect(c.exec('kubectl wait --for=condition=available=TRUE deploy/web')).toEqual(ok('deployment.apps/web condition met\n'));
    expect(c.exec('kubectl wait --for=condition=Ready pods -l app=web').stdout).toMatch(/^pod\/web-\S+ condition met\npod\/web-\S+ condition met\n$/);
  });

  it('waits for a JSONPath value', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
    c.advance(30);
    expect(c.exec("kubectl wait --for=jsonpath='{.status.readyReplicas}'=2 deployment/web")).toEqual(ok('deployment.apps/web condition met\n'));
    expect(c.exec('kubectl wait --for=jsonpath={.status.readyReplicas}=3 deployment/web')).toEqual(fail('error: timed out waiting for the condition on deployments/web\n'));
    expect(c.exec('kubectl wait --for=jsonpath={.spec.replicas} deployment/web')).toEqual(ok('deployment.apps/web condition met\n'));
    expect(c.exec('kubectl wait --for=jsonpath={.spec} deployment/web')).toEqual(ok('deployment.apps/web condition met\n'));
    expect(c.exec('kubectl wait --for=jsonpath={.spec}=x deployment/web')).toEqual(fail('error: jsonpath leads to a nested object or list which is not supported\n'));
  });

  it('waits for a deletion: a missing object is deleted already', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    expect(c.exec('kubectl wait --for=delete deployment/web --timeout=10s')).toEqual(fail('error: timed out waiting for the condition on deployments/web\n'));
    mustExec(c, 'kubectl delete deployment web');
    expect(c.exec('kubectl wait --for=delete deployment/web')).toEqual(ok(''));
  });

  it('reports bad conditions and missing objects', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl wait deployment/web')).toEqual(fail('error: unrecognized condition: ""\n'));
    expect(c.exec('kubectl wait --for=condition=Ready deployment/web')).toEqual(fail('Error from server (NotFound): deployments.apps "web" not found\n'));
    expect(c.exec('kubectl wait --for=condition=Ready pods -l app=none')).toEqual(fail('error: no matching resources found\n'));
  });
});
