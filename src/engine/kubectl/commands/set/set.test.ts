import { describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../../index.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../../testing/fixtures.ts';
import { selectString } from '../podtemplate.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

function web(): KubesimCluster {
  const c = clusterWithNodes(1);
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
  c.advance(20);
  return c;
}

const container = (c: KubesimCluster, path: string) => c.exec(`kubectl get deploy web -o jsonpath={.spec.template.spec.containers[0]${path}}`).stdout;

describe('kubectl set image', () => {
  it('updates a named container, then every container with *, and rolls out', () => {
    const c = web();
    expect(c.exec('kubectl set image deployment/web app=nginx:1.28')).toEqual(ok('deployment.apps/web image updated\n'));
    expect(container(c, '.image')).toBe('nginx:1.28');
    expect(c.exec('kubectl set image deploy web *=nginx:1.29')).toEqual(ok('deployment.apps/web image updated\n'));
    expect(container(c, '.image')).toBe('nginx:1.29');
    c.advance(60);
    expect(c.exec('kubectl rollout history deployment/web').stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
  });

  it('says nothing when nothing changes, and names containers it cannot find', () => {
    const c = web();
    expect(c.exec('kubectl set image deployment/web app=nginx:1.27')).toEqual(ok(''));
    expect(c.exec('kubectl set image deployment/web x=nginx')).toEqual(fail('error: unable to find container named "x"\n'));
    expect(c.exec('kubectl set image deployment/web')).toEqual(fail('error: at least one image update is required\n'));
    expect(c.exec('kubectl set image deployment/web *=a app=b')).toEqual(fail('error: all containers are already specified by *, but saw more than one container_name=container_image pairs\n'));
    expect(c.exec('kubectl set image deployment/nope app=nginx')).toEqual(fail('Error from server (NotFound): deployments.apps "nope" not found\n'));
    mustExec(c, 'kubectl create configmap cfg --from-literal=a=b');
    expect(c.exec('kubectl set image configmap/cfg a=b')).toEqual(fail('error: configmaps/cfg the object is not a pod or does not have a pod template: *v1.ConfigMap\n'));
  });

  it('prints the edited object with --dry-run=client -o yaml and changes nothing', () => {
    const c = web();
    const out = c.exec('kubectl set image deployment/web app=nginx:9 --dry-run=client -o yaml').stdout;
    expect(out).toContain('      - image: nginx:9\n');
    expect(container(c, '.image')).toBe('nginx:1.27');
    expect(c.exec('kubectl set image deployment/web app=nginx:9 --dry-run=client')).toEqual(ok('deployment.apps/web image updated (dry run)\n'));
  });
});

describe('kubectl set resources', () => {
  it('sets limits and requests of the selected containers', () => {
    const c = web();
    expect(c.exec('kubectl set resources deployment/web -c=app --limits=cpu=200m,memory=512Mi --requests=cpu=0.1')).toEqual(ok('deployment.apps/web resource requirements updated\n'));
    expect(container(c, '.resources')).toBe('{"limits":{"cpu":"200m","memory":"512Mi"},"requests":{"cpu":"100m","memory":"128Mi"}}');
    expect(c.exec('kubectl set resources deployment/web -c=sidecar --limits=cpu=1')).toEqual(fail('error: unable to find container named sidecar\n'));
    expect(c.exec('kubectl set resources deployment/web')).toEqual(fail('error: you must specify an update to requests or limits (in the form of --requests/--limits)\n'));
    expect(c.exec('kubectl set resources deployment/web --limits=cpu')).toEqual(fail('error: Invalid argument syntax cpu, expected <resource>=<value>\n'));
  });
});

describe('kubectl set env', () => {
  it('adds, lists and removes variables', () => {
    const c = web();
    expect(c.exec('kubectl set env deployment/web FOO=bar LEVEL=debug')).toEqual(ok('deployment.apps/web env updated\n'));
    expect(c.exec('kubectl set env deployment/web --list')).toEqual(ok('# Deployment web, container app\nFOO=bar\nLEVEL=debug\n'));
    expect(c.exec('kubectl set env deployment/web FOO=baz --overwrite=false')).toEqual(fail("error: deployments/web 'FOO' already has a value (bar), and --overwrite is false\n"));
    expect(c.exec('kubectl set env deployment/web FOO-')).toEqual(ok('deployment.apps/web env updated\n'));
    expect(container(c, '.env')).toBe('[{"name":"LEVEL","value":"debug"}]');
    expect(c.exec('kubectl set env deployment/web LEVEL-')).toEqual(ok('deployment.apps/web env updated\n'));
    expect(container(c, '.env')).toBe('');
  });

  it('rejects bad names and mixes of setting and removing one variable', () => {
    const c = web();
    expect(c.exec('kubectl set env deployment/web 1X=a').stderr).toBe(`error: "1X" is not a valid key name: a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')\n`);
    expect(c.exec('kubectl set env deployment/web A=1 A-')).toEqual(fail('error: can not both modify and remove the same environment variable in the same command\n'));
    expect(c.exec('kubectl set env A=1 deployment/web')).toEqual(fail('error: all resources must be specified before environment changes: A=1 deployment/web\n'));
    expect(c.exec('kubectl set bogus deployment/web')).toEqual(fail('error: unknown command "bogus" for "kubectl set"\n'));
  });
});

describe('selectString (container wildcards)', () => {
  it.each([
    ['app', '*', true], ['app', 'app', true], ['app', 'ap', false], ['app-1', 'app*', true],
    ['sidecar', 'app*', false], ['my-app', '*app', true], ['my-app-x', '*app', false],
  ])('%s against %s is %s', (name, spec, want) => {
    expect(selectString(name, spec)).toBe(want);
  });
});
