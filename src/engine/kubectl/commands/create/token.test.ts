// kubectl create token (create_token.go) over TokenRequest (token.go), and the tokens it prints authenticating
// kubectl as the service account (claims.go's validator), with upstream's texts.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../../index.ts';
import { clusterWithNodes, mustExec } from '../../../testing/fixtures.ts';
import { verifyJWT } from '../../../apiserver/serviceaccount/jwt.ts';

const POD = 'apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  serviceAccountName: demo\n  containers: [{name: c, image: nginx}]\n';
const claimsOf = (token: string) => verifyJWT(token)!;

let c: KubesimCluster;
const run = (line: string) => c.exec(line) as { code: number; stdout: string; stderr: string };

beforeAll(() => {
  c = clusterWithNodes(1);
  mustExec(c, 'kubectl create sa demo');
  mustExec(c, 'kubectl create secret generic s --from-literal=a=b');
  mustExec(c, 'kubectl apply -f -', POD);
  c.advance(30);
});

describe('kubectl create token: flag and API errors as kubectl and the API server word them', () => {
  it.each([
    ['create token', 'error: exactly one NAME is required, got 0\nSee \'kubectl create token -h\' for help and examples\n'],
    ['create token a b', 'error: exactly one NAME is required, got 2\nSee \'kubectl create token -h\' for help and examples\n'],
    ['create token demo --duration=-1h', 'error: --duration must be greater than or equal to 0\n'],
    ['create token demo --duration=90500ms', 'error: --duration cannot be expressed in units less than seconds\n'],
    ['create token demo --duration=soon', 'error: invalid argument "soon" for "--duration" flag: time: invalid duration "soon"\n'],
    ['create token demo --audience=', 'error: --audience must not be an empty string\n'],
    ['create token demo --bound-object-name=web', 'error: --bound-object-name can only be set if --bound-object-kind is provided\n'],
    ['create token demo --bound-object-uid=1', 'error: --bound-object-uid can only be set if --bound-object-kind is provided\n'],
    ['create token demo --bound-object-kind=Deployment --bound-object-name=x', 'error: supported --bound-object-kind values are Node, Pod, Secret\n'],
    ['create token demo --bound-object-kind=Pod', 'error: --bound-object-name is required if --bound-object-kind is provided\n'],
    ['create token demo --duration=5m', 'error: failed to create token: TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes\n'],
    ['create token demo --duration=1193047h', 'error: failed to create token: TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 4294969200: may not specify a duration larger than 2^32 seconds\n'],
    ['create token nope', 'error: failed to create token: serviceaccounts "nope" not found\n'],
    ['create token demo --bound-object-kind=Pod --bound-object-name=gone', 'error: failed to create token: pods "gone" not found\n'],
    ['create token default --bound-object-kind=Pod --bound-object-name=web', 'error: failed to create token: cannot bind token for serviceaccount "default" to pod running with different serviceaccount name.\n'],
    ['create token demo --bound-object-kind=Secret --bound-object-name=s --bound-object-uid=0d4691ed', 'error: failed to create token: Operation cannot be fulfilled on Secret "s": the UID in the bound object reference (0d4691ed) does not match the UID in record. The object might have been deleted and then recreated\n'],
    ['create token demo --bound-object-kind=Node --bound-object-name=nope', 'error: failed to create token: nodes "nope" not found\n'],
    ['create token demo --as=jane', 'error: failed to create token: serviceaccounts "demo" is forbidden: User "jane" cannot create resource "serviceaccounts/token" in API group "" in the namespace "default"\n'],
  ])('kubectl %s', (line, stderr) => {
    expect(run(`kubectl ${line}`)).toEqual({ code: 1, stdout: '', stderr });
  });

  it('prints the token alone, or the TokenRequest with -o', () => {
    const out = mustExec(c, 'kubectl create token demo');
    expect(out).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    const yaml = mustExec(c, 'kubectl create token demo --duration=10m -o yaml');
    expect(yaml).toMatch(/^apiVersion: authentication.k8s.io\/v1\nkind: TokenRequest\n/);
    expect(yaml).toContain('spec:\n  audiences:\n  - https://kubernetes.default.svc.cluster.local\n  expirationSeconds: 600\nstatus:\n  expirationTimestamp:');
  });
});

describe('a token\'s claims are the request\'s (claims.go)', () => {
  it('a pod-bound token names its pod and node; one year for the kubelet\'s 3607 s tokens, warnafter at the asked time', () => {
    const pod = JSON.parse(mustExec(c, 'kubectl get pod web -o json'));
    const node = JSON.parse(mustExec(c, `kubectl get node ${pod.spec.nodeName} -o json`));
    const sa = JSON.parse(mustExec(c, 'kubectl get sa demo -o json'));
    const k8s = { namespace: 'default', serviceaccount: { name: 'demo', uid: sa.metadata.uid }, pod: { name: 'web', uid: pod.metadata.uid }, node: { name: node.metadata.name, uid: node.metadata.uid } };
    const claims = claimsOf(mustExec(c, 'kubectl create token demo --bound-object-kind Pod --bound-object-name web').trim());
    expect(claims['kubernetes.io']).toEqual(k8s);
    const mounted = claimsOf(mustExec(c, 'kubectl exec web -- cat /var/run/secrets/kubernetes.io/serviceaccount/token').trim());
    const iat = mounted.iat as number;
    expect(mounted).toMatchObject({ exp: iat + 365 * 24 * 3600, nbf: iat, 'kubernetes.io': { ...k8s, warnafter: iat + 3607 } });
  });

  it('property: the claims decode to exactly what was asked', () => {
    const sa = JSON.parse(mustExec(c, 'kubectl get sa demo -o json'));
    const secret = JSON.parse(mustExec(c, 'kubectl get secret s -o json'));
    fc.assert(fc.property(
      fc.integer({ min: 600, max: 2 ** 32 }), fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9.:/-]{0,20}$/), { maxLength: 3 }), fc.boolean(),
      (seconds, audiences, bound) => {
        const flags = [`--duration=${seconds}s`, ...audiences.map((a) => `--audience=${a}`), ...(bound ? ['--bound-object-kind=Secret', '--bound-object-name=s'] : [])];
        const token = mustExec(c, `kubectl create token demo ${flags.join(' ')}`).trim();
        const claims = verifyJWT(token)!;
        const iat = claims.iat as number;
        expect(Object.keys(claims)).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'kubernetes.io', 'nbf', 'sub']);
        expect(claims).toMatchObject({
          aud: audiences.length ? audiences : ['https://kubernetes.default.svc.cluster.local'], exp: iat + seconds, nbf: iat,
          iss: 'https://kubernetes.default.svc.cluster.local', sub: 'system:serviceaccount:default:demo',
        });
        expect(claims.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(claims['kubernetes.io']).toEqual({ namespace: 'default', serviceaccount: { name: 'demo', uid: sa.metadata.uid }, ...(bound ? { secret: { name: 's', uid: secret.metadata.uid } } : {}) });
      }), { numRuns: 40 });
  });
});

describe('authenticating with a service account token', () => {
  const UNAUTHORIZED = { code: 1, stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)\n' };

  it('a kubeconfig user with the token is the service account, RBAC applies; config view redacts it unless --raw', () => {
    const k = clusterWithNodes(0);
    mustExec(k, 'kubectl create sa ci');
    mustExec(k, 'kubectl create rolebinding ci-view --clusterrole=view --serviceaccount=default:ci');
    const token = mustExec(k, 'kubectl create token ci').trim();
    expect(mustExec(k, `kubectl config set-credentials ci --token=${token}`)).toBe('User "ci" set.\n');
    expect(k.exec('kubectl --user=ci get pods')).toEqual({ code: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    expect(k.exec('kubectl --user=ci get secrets').stderr).toBe('Error from server (Forbidden): secrets is forbidden: User "system:serviceaccount:default:ci" cannot list resource "secrets" in API group "" in the namespace "default"\n');
    const uid = JSON.parse(mustExec(k, 'kubectl get sa ci -o json')).metadata.uid;
    expect(mustExec(k, 'kubectl --user=ci auth whoami')).toBe([
      'ATTRIBUTE                                           VALUE',
      'Username                                            system:serviceaccount:default:ci',
      `UID                                                 ${uid}`,
      'Groups                                              [system:serviceaccounts system:serviceaccounts:default system:authenticated]',
      `Extra: authentication.kubernetes.io/credential-id   [JTI=${claimsOf(token).jti}]`, ''].join('\n'));
    expect(mustExec(k, 'kubectl config view -o jsonpath={.users[0].user.token}')).toBe('REDACTED');
    expect(mustExec(k, 'kubectl config view --raw -o jsonpath={.users[0].user.token}')).toBe(token);
    // The token survives a snapshot with the kubeconfig.
    const restored = createFrom(k);
    expect(restored.exec('kubectl --user=ci auth whoami').stdout).toContain('system:serviceaccount:default:ci');
  });

  it('--token overrides a token user\'s, but not a client certificate (x509 authenticates first)', () => {
    const k = clusterWithNodes(0);
    mustExec(k, 'kubectl create sa ci');
    const token = mustExec(k, 'kubectl create token ci').trim();
    mustExec(k, 'kubectl config set-credentials other --token=t');
    expect(mustExec(k, `kubectl --user=other --token=${token} auth whoami`)).toContain('system:serviceaccount:default:ci');
    expect(mustExec(k, `kubectl --token=${token} auth whoami`)).toContain('Username    kubernetes-admin');
    expect(k.exec('kubectl --user=other --token=garbage get pods')).toEqual(UNAUTHORIZED);
    expect(k.exec(`kubectl --user=other --token=${token.slice(0, -2)}xx get pods`)).toEqual(UNAUTHORIZED);
  });

  it('refuses an expired token, one whose service account or bound pod was deleted or recreated', () => {
    const k = clusterWithNodes(1);
    mustExec(k, 'kubectl create sa demo');
    mustExec(k, 'kubectl apply -f -', POD);
    k.advance(30);
    const short = mustExec(k, 'kubectl create token demo --duration=10m').trim();
    const podBound = mustExec(k, 'kubectl create token demo --bound-object-kind=Pod --bound-object-name=web').trim();
    const whoami = (t: string) => k.exec(`kubectl --user=u --token=${t} auth whoami`);
    mustExec(k, 'kubectl config set-credentials u --token=t');
    expect(whoami(podBound).stdout).toMatch(/Extra: authentication.kubernetes.io\/pod-name\s+\[web\]\n/);
    // jwt's default leeway is a minute past exp.
    k.advance(600 + 60);
    expect(whoami(short).code).toBe(0);
    k.advance(1);
    expect(whoami(short)).toEqual(UNAUTHORIZED);
    mustExec(k, 'kubectl delete pod web --grace-period=0 --force');
    mustExec(k, 'kubectl apply -f -', POD);
    expect(whoami(podBound)).toEqual(UNAUTHORIZED);
    const fresh = mustExec(k, 'kubectl create token demo').trim();
    mustExec(k, 'kubectl delete sa demo');
    mustExec(k, 'kubectl create sa demo');
    expect(whoami(fresh)).toEqual(UNAUTHORIZED);
  });
});

function createFrom(k: KubesimCluster): KubesimCluster {
  return createCluster({ snapshot: k.snapshot() });
}
