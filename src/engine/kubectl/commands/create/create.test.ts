import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { clusterWithNodes, inDefault, mustExec, pods } from '../../../testing/fixtures.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string) => ({ code: 1, stdout: '', stderr });

describe('kubectl create deployment | job | cronjob', () => {
  it('prints the object kubectl would send with --dry-run=client -o yaml', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl create deployment web --image=nginx:1.27 --replicas=2 --port=80 --dry-run=client -o yaml')).toEqual(ok(`apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
      - image: nginx:1.27
        name: nginx
        ports:
        - containerPort: 80
        resources: {}
status: {}
`));
    expect(c.exec('kubectl create deployment web --image=nginx --dry-run=client')).toEqual(ok('deployment.apps/web created (dry run)\n'));
    expect(inDefault(c, 'Deployment')).toHaveLength(0);
  });

  it('creates a Deployment that runs, and reports what kubectl reports', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl create deployment web --image=nginx:1.27 -r 2')).toEqual(ok('deployment.apps/web created\n'));
    c.advance(30);
    expect(pods(c, 'web').filter((p) => p.status?.phase === 'Running')).toHaveLength(2);
    expect(c.exec('kubectl create deployment web --image=nginx')).toEqual(fail('error: failed to create deployment: deployments.apps "web" already exists\n'));
    expect(c.exec('kubectl create deployment api')).toEqual(fail('error: required flag(s) "image" not set\n'));
    expect(c.exec('kubectl create deployment --image=nginx')).toEqual(fail("error: NAME is required\nSee 'kubectl create deployment -h' for help and examples\n"));
    expect(c.exec('kubectl create deployment x --image=a --image=b -- sleep 1')).toEqual(fail('error: cannot specify multiple --image options and command\n'));
    expect(c.exec('kubectl create deployment x --image=registry.io/team/my_app.v2:1')).toEqual(ok('deployment.apps/x created\n'));
    expect(c.exec('kubectl get deploy x -o jsonpath={.spec.template.spec.containers[0].name}').stdout).toMatch(/^my-app-v2-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('creates a Job with a command, a Job from a CronJob, and a CronJob', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl create job once --image=busybox -- date')).toEqual(ok('job.batch/once created\n'));
    expect(c.exec('kubectl get job once -o jsonpath={.spec.template.spec}').stdout).toContain('"containers":[{"command":["date"],"image":"busybox"');
    expect(c.exec("kubectl create cronjob tick --image=busybox --schedule='*/5 * * * *' -- echo hi")).toEqual(ok('cronjob.batch/tick created\n'));
    expect(c.exec('kubectl create job manual --from=cronjob/tick')).toEqual(ok('job.batch/manual created\n'));
    expect(c.exec('kubectl get job manual -o jsonpath={.metadata.annotations}{.metadata.ownerReferences[0].kind}').stdout).toBe('{"cronjob.kubernetes.io/instantiate":"manual"}CronJob');
    expect(c.exec('kubectl create job x')).toEqual(fail('error: either --image or --from must be specified\n'));
    expect(c.exec('kubectl create cronjob x --image=busybox')).toEqual(fail('error: --schedule must be specified\n'));
  });
});

describe('kubectl create namespace | configmap | secret | serviceaccount | priorityclass | quota', () => {
  it('creates each, with kubectl\'s dry-run objects', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl create namespace team')).toEqual(ok('namespace/team created\n'));
    expect(c.exec('kubectl create namespace team')).toEqual(fail('Error from server (AlreadyExists): namespaces "team" already exists\n'));
    expect(c.exec('kubectl create ns x --dry-run=client -o yaml')).toEqual(ok('apiVersion: v1\nkind: Namespace\nmetadata:\n  creationTimestamp: null\n  name: x\nspec: {}\nstatus: {}\n'));
    expect(c.exec("kubectl create configmap app --from-literal=mode=fast --from-literal=greeting='hi there' -n team")).toEqual(ok('configmap/app created\n'));
    expect(c.exec('kubectl get cm app -n team -o jsonpath={.data}').stdout).toBe('{"greeting":"hi there","mode":"fast"}');
    expect(c.exec('kubectl create configmap bad --from-literal=a=1 --from-literal=a=2')).toEqual(fail('error: cannot add key "a", another key by that name already exists in Data for ConfigMap "bad"\n'));
    expect(c.exec('kubectl create configmap f --from-file=missing.conf')).toEqual(fail('error: error reading missing.conf: no such file or directory\n'));
    c.setFile('app.conf', 'level=debug\n');
    expect(c.exec('kubectl create configmap f --from-file=app.conf')).toEqual(ok('configmap/f created\n'));
    expect(c.exec('kubectl create secret generic db --from-literal=password=s3cret --dry-run=client -o yaml'))
      .toEqual(ok('apiVersion: v1\ndata:\n  password: czNjcmV0\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: db\n'));
    expect(c.exec('kubectl create secret tls x')).toEqual(fail('error: key and cert must be specified\n'));
    expect(c.exec('kubectl create priorityclass high --value=1000 --description="important" --dry-run=client -o yaml'))
      .toEqual(ok('apiVersion: scheduling.k8s.io/v1\ndescription: important\nkind: PriorityClass\nmetadata:\n  creationTimestamp: null\n  name: high\npreemptionPolicy: PreemptLowerPriority\nvalue: 1000\n'));
    expect(c.exec('kubectl create quota q --hard=cpu=1,memory=1G,pods=2 --dry-run=client -o yaml'))
      .toEqual(ok('apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  creationTimestamp: null\n  name: q\nspec:\n  hard:\n    cpu: "1"\n    memory: 1G\n    pods: "2"\nstatus: {}\n'));
    expect(c.exec('kubectl create serviceaccount robot --dry-run=client -o yaml')).toEqual(ok('apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  creationTimestamp: null\n  name: robot\n'));
    expect(c.exec('kubectl create')).toEqual({ code: 1, stdout: '', stderr: 'Error: must specify one of -f and -k\n' });
    expect(c.exec('kubectl create widget x')).toEqual(fail("error: Unexpected args: [widget x]\nSee 'kubectl create -h' for help and examples\n"));
  });

  it('creates from a file with -f', () => {
    const c = createCluster({ seed: 1 });
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n';
    expect(c.exec('kubectl create -f -', cm)).toEqual(ok('configmap/a created\n'));
    expect(c.exec('kubectl create -f -', cm)).toEqual(fail('Error from server (AlreadyExists): error when creating "STDIN": configmaps "a" already exists\n'));
    mustExec(c, 'kubectl delete configmap a');
    expect(c.exec('kubectl create -f - -o name', cm)).toEqual(ok('configmap/a\n'));
  });
});

describe('kubectl create: each subcommand has its own flags', () => {
  it.each([
    ['configmap x --replicas=3', "error: unknown flag: --replicas\nSee 'kubectl create configmap --help' for usage.\n"],
    ['deploy web --image=nginx --from-literal=a=b', "error: unknown flag: --from-literal\nSee 'kubectl create deployment --help' for usage.\n"],
    ['deployment web --image=nginx -f web.yaml', "error: unknown shorthand flag: 'f' in -f\nSee 'kubectl create deployment --help' for usage.\n"],
    ['secret tls t --from-literal=a=b', "error: unknown flag: --from-literal\nSee 'kubectl create secret tls --help' for usage.\n"],
    ['svc externalname e --tcp=80 --node-port=30080', "error: unknown flag: --node-port\nSee 'kubectl create service externalname --help' for usage.\n"],
    ['-f x.yaml --image=nginx', "error: unknown flag: --image\nSee 'kubectl create --help' for usage.\n"],
    ['-f x.yaml --edit', "error: unknown flag: --edit\nSee 'kubectl create --help' for usage.\n"],
    // --user is a subject only where the subcommand has it; elsewhere it is the persistent flag picking a user.
    ['deployment web --image=nginx --user=nope', 'error: auth info "nope" does not exist\n'],
  ])('create %s', (args, stderr) => {
    const c = createCluster({ seed: 1 });
    expect(c.exec(`kubectl create ${args}`)).toEqual(fail(stderr));
    expect(c.exec('kubectl get deploy,cm,secret,svc -o name').stdout).toBe('service/kubernetes\n');
  });

  it('a subcommand\'s own flag still works, flags before the subcommand too', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl create rolebinding rb --clusterrole=view --user=nope')).toEqual(ok('rolebinding.rbac.authorization.k8s.io/rb created\n'));
    expect(c.exec('kubectl create -n kube-system --dry-run=client deployment web --image=nginx -r 2')).toEqual(ok('deployment.apps/web created (dry run)\n'));
  });
});
