import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubesimCluster } from '../../../index.ts';
import { clusterWithNodes, mustExec } from '../../../testing/fixtures.ts';

const LEGACY_WARNING = '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".';
const TARGETING = (c: string) => `Targeting container "${c}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.`;

/** A node and a running pod `web` (container `web`, nginx) with a label and an annotation and probes. */
function withWeb(): KubesimCluster {
  const c = clusterWithNodes(1);
  mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}, annotations: {note: kept}}
spec:
  containers:
  - name: web
    image: nginx:1.27
    readinessProbe: {tcpSocket: {port: 80}}
    livenessProbe: {tcpSocket: {port: 80}}
`);
  c.advance(30);
  return c;
}

const podJson = (c: KubesimCluster, name: string) => JSON.parse(c.exec(`kubectl get pod ${name} -o json`).stdout) as Pod;
const debuggerName = (out: string) => /Defaulting debug container name to (debugger-[a-z0-9]{5})\./.exec(out)?.[1] ?? '';

describe('kubectl debug: an ephemeral container', () => {
  it('adds debugger-XXXXX (kubectl\'s name alphabet) with kubectl\'s fields, prints its lines and the attach session\'s', () => {
    const c = withWeb();
    const r = c.exec('kubectl debug -it web --image=busybox --target=web');
    const name = debuggerName(r.stdout);
    expect(name).toMatch(/^debugger-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(r).toEqual({
      code: 0,
      stdout: `${TARGETING('web')}\nDefaulting debug container name to ${name}.\nSession ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach web -c ${name} -i -t' if it is still running\n`,
      stderr: `${LEGACY_WARNING}\nIf you don't see a command prompt, try pressing enter.\n`,
    });
    // generateDebugContainer's container, defaulted by the API server; the pod's labels stay (v1.32).
    const pod = podJson(c, 'web');
    expect(pod.spec?.ephemeralContainers).toEqual([{
      name, image: 'busybox', imagePullPolicy: 'Always', resources: {}, stdin: true, targetContainerName: 'web',
      terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', tty: true,
    }]);
    expect(pod.metadata?.labels).toEqual({ app: 'web' });
  });

  it('general adds SYS_PTRACE, sysadmin privileged, restricted its security context; -c names it; -- sets the command', () => {
    const c = withWeb();
    mustExec(c, 'kubectl debug web --image=busybox -c dbg --profile=general -- sleep 3600');
    mustExec(c, 'kubectl debug web --image=busybox -c adm --profile=sysadmin');
    mustExec(c, 'kubectl debug web --image=busybox -c rst --profile=restricted --arguments-only -- sh');
    const [dbg, adm, rst] = podJson(c, 'web').spec!.ephemeralContainers!;
    expect(dbg).toMatchObject({ name: 'dbg', command: ['sleep', '3600'], securityContext: { capabilities: { add: ['SYS_PTRACE'] } } });
    expect(adm.securityContext).toEqual({ privileged: true });
    expect(rst).toMatchObject({ args: ['sh'], securityContext: { runAsNonRoot: true, capabilities: { drop: ['ALL'] }, allowPrivilegeEscalation: false, seccompProfile: { type: 'RuntimeDefault' } } });
  });

  it.each([
    ['no --image', 'kubectl debug web', 'error: you must specify --image when not using --copy-to.'],
    ['no pod', 'kubectl debug --image=busybox', 'error: NAME or filename is required for debug'],
    ['a bad image', 'kubectl debug web --image=Bad:Image', 'error: invalid image name "Bad:Image": invalid reference format'],
    ['-t without -i', 'kubectl debug web --image=busybox -t', 'error: -i/--stdin is required for containers with -t/--tty=true'],
    ['--replace without --copy-to', 'kubectl debug web --image=busybox --replace', 'error: --replace may only be used with --copy-to.'],
    ['--set-image without --copy-to', 'kubectl debug web --set-image=*=nginx', 'error: --set-image may only be used with --copy-to.'],
    ['--target with --copy-to', 'kubectl debug web --image=busybox --copy-to=x --target=web', 'error: --target is incompatible with --copy-to. Use --share-processes instead.'],
    ['an unknown profile', 'kubectl debug web --image=busybox --profile=root', 'error: unknown profile: root'],
    ['a bad pull policy', 'kubectl debug web --image=busybox --image-pull-policy=Sometimes', 'error: invalid image pull policy: Sometimes'],
  ])('refuses %s', (_, line, want) => {
    const c = withWeb();
    const r = c.exec(line);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n').at(-1)).toBe(want);
    expect(podJson(c, 'web').spec?.ephemeralContainers).toBeUndefined();
  });

  it.each([
    ['a missing pod', 'kubectl debug nope --image=busybox --profile=general', 'Error from server (NotFound): pods "nope" not found'],
    ['a missing target container', 'kubectl debug web --image=busybox --target=nope --profile=general', 'The Pod "web" is invalid: spec.ephemeralContainers[0].targetContainerName: Not found: "nope"'],
    ['a container name in use', 'kubectl debug web --image=busybox -c web --profile=general', 'The Pod "web" is invalid: spec.ephemeralContainers[0].name: Duplicate value: "web"'],
    ['a kind debug does not take', 'kubectl debug svc/kubernetes --image=busybox --profile=general', 'error: "/v1, Kind=Service" not supported by debug'],
  ])('reports %s as kubectl does', (_, line, want) => {
    const c = withWeb();
    expect(c.exec(line).stderr).toBe(`${want}\n`);
  });

  it('cannot attach to a completed pod (the container is added, as the API allows)', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl run done --image=busybox --restart=Never');
    c.advance(30);
    expect(c.exec('kubectl get pod done -o jsonpath={.status.phase}').stdout).toBe('Succeeded');
    const r = c.exec('kubectl debug -it done --image=busybox --profile=general -c dbg');
    expect(r.stderr).toBe('error: cannot attach a container in a completed pod; current phase is Succeeded\n');
  });

  it('is authorized as a patch of pods/ephemeralcontainers', () => {
    const c = withWeb();
    mustExec(c, 'kubectl create role reader --verb=get,list --resource=pods');
    mustExec(c, 'kubectl create rolebinding jane-reader --role=reader --user=jane');
    const denied = c.exec('kubectl debug web --image=busybox --profile=general --as=jane');
    expect(denied.stderr).toBe('Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot patch resource "pods/ephemeralcontainers" in API group "" in the namespace "default"\n');
    expect(podJson(c, 'web').spec?.ephemeralContainers).toBeUndefined();
    mustExec(c, 'kubectl create role debugger --verb=patch --resource=pods/ephemeralcontainers');
    mustExec(c, 'kubectl create rolebinding jane-debugger --role=debugger --user=jane');
    expect(c.exec('kubectl debug web --image=busybox --profile=general -c dbg --as=jane').code).toBe(0);
    expect(podJson(c, 'web').spec?.ephemeralContainers?.map((e) => e.name)).toEqual(['dbg']);
  });
});

describe('kubectl debug --copy-to', () => {
  it('creates the copy generatePodCopyWithDebugContainer builds (general: no labels, annotations, probes; shared processes)', () => {
    const c = withWeb();
    const r = c.exec('kubectl debug web --copy-to=web-debug --image=busybox --profile=general');
    const name = debuggerName(r.stdout);
    expect(r).toEqual({ code: 0, stdout: `Defaulting debug container name to ${name}.\n`, stderr: '' });
    const copy = podJson(c, 'web-debug');
    expect(copy.metadata?.labels).toBeUndefined();
    expect(copy.metadata?.annotations).toBeUndefined();
    expect(copy.spec?.nodeName).toBeUndefined(); // not scheduled yet: --same-node was not given
    expect(copy.spec?.shareProcessNamespace).toBe(true);
    expect(copy.spec?.containers.map((x) => [x.name, x.image, !!x.readinessProbe, !!x.livenessProbe])).toEqual([['web', 'nginx:1.27', false, false], [name, 'busybox', false, false]]);
    expect(copy.spec?.containers[1].securityContext).toEqual({ capabilities: { add: ['SYS_PTRACE'] } });
    c.advance(10);
    expect(c.exec('kubectl get pod web-debug -o jsonpath={.status.phase}').stdout).toBe('Running');
  });

  it('a --set-image only copy keeps labels, annotations and probes (no profile applies); --same-node, --share-processes=false, --replace', () => {
    const c = withWeb();
    mustExec(c, 'kubectl debug web --copy-to=web2 --set-image=web=nginx:1.28 --same-node --share-processes=false --replace');
    const copy = podJson(c, 'web2');
    expect(copy.metadata?.labels).toEqual({ app: 'web' });
    expect(copy.metadata?.annotations).toMatchObject({ note: 'kept' });
    expect(copy.spec?.nodeName).toBe('w1');
    expect(copy.spec?.shareProcessNamespace).toBe(false);
    expect(copy.spec?.containers.map((x) => [x.name, x.image, !!x.readinessProbe])).toEqual([['web', 'nginx:1.28', true]]);
    expect(c.exec('kubectl get pod web').stderr).toBe('Error from server (NotFound): pods "web" not found\n');
    mustExec(c, 'kubectl debug web2 --copy-to=web3 --image=busybox -c dbg --keep-labels --profile=baseline');
    expect(podJson(c, 'web3').metadata).toMatchObject({ labels: { app: 'web' } });
    expect(podJson(c, 'web3').metadata?.annotations).toBeUndefined();
    mustExec(c, 'kubectl debug web2 --copy-to=web4 --image=busybox -c dbg');
    // legacy: labels dropped whatever --keep-labels says, annotations and probes kept.
    expect(podJson(c, 'web4').metadata).toMatchObject({ annotations: { note: 'kept' } });
    expect(podJson(c, 'web4').metadata?.labels).toBeUndefined();
    expect(podJson(c, 'web4').spec?.containers[0].readinessProbe).toBeDefined();
  });
});

describe('kubectl debug node/NAME', () => {
  it('creates node-debugger-NAME-XXXXX in the node\'s namespaces with the host\'s / at /host (legacy)', () => {
    const c = withWeb();
    const r = c.exec('kubectl debug node/w1 --image=busybox');
    const name = /Creating debugging pod (node-debugger-w1-[bcdfghjklmnpqrstvwxz2456789]{5}) with container debugger on node w1\./.exec(r.stdout)?.[1];
    expect(name).toBeDefined();
    expect(r.stdout).toBe(`Creating debugging pod ${name} with container debugger on node w1.\n`);
    const pod = podJson(c, name!);
    expect(pod.metadata?.labels).toEqual({ 'app.kubernetes.io/managed-by': 'kubectl-debug' });
    expect(pod.spec).toMatchObject({
      nodeName: 'w1', restartPolicy: 'Never', hostNetwork: true, hostPID: true, hostIPC: true,
      volumes: [{ name: 'host-root', hostPath: { path: '/', type: '' } }],
    });
    expect(pod.spec?.tolerations?.[0]).toEqual({ operator: 'Exists' });
    expect(pod.spec?.containers[0]).toMatchObject({ name: 'debugger', image: 'busybox', volumeMounts: [{ mountPath: '/host', name: 'host-root' }] });
    expect(c.exec('kubectl debug node/nope --image=busybox').stderr).toContain('Error from server (NotFound): nodes "nope" not found');
  });
});

describe('kubectl attach', () => {
  it('checks the container and the phase, then prints what a session prints', () => {
    const c = withWeb();
    mustExec(c, 'kubectl debug web --image=busybox -c dbg -i -t --profile=general');
    expect(c.exec('kubectl attach web -c nope').stderr).toBe('error: cannot attach to the container: container not found (nope)\n');
    // No TTY in the container: none for the session, and so no way back to tell of.
    expect(c.exec('kubectl attach web -c web -it')).toEqual({ code: 0, stdout: '', stderr: 'error: Unable to use a TTY - container web did not allocate one\n' });
    expect(c.exec('kubectl attach web -c dbg -it').stdout).toBe("Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach web -c dbg -i -t' if it is still running\n");
    expect(c.exec('kubectl attach web -c dbg -i').stderr).toBe("If you don't see a command prompt, try pressing enter.\n");
    expect(c.exec('kubectl attach')).toMatchObject({ code: 1, stderr: "error: at least 1 argument is required for attach\nSee 'kubectl attach -h' for help and examples\n" });
  });
});
