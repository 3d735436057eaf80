// CertificateSigningRequests end to end through the terminal's command language: openssl on the workstation,
// upstream's validation texts, kubectl certificate, the csrsigning rules, the cleaner's timings, and the user a
// client certificate authenticates as.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { generateKey, pkcs8 } from '../../api/pki/rsa.ts';
import { pemEncode } from '../../api/pki/pem.ts';
import { certificatePEM, issueCertificate, keyIdentifier } from '../../api/pki/x509.ts';

type Cluster = ReturnType<typeof createCluster>;

const csrYaml = (name: string, request: string, extra: { signerName?: string; usages?: string; expirationSeconds?: number } = {}) => `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: ${name}
spec:
  request: ${request}
  signerName: ${extra.signerName ?? 'kubernetes.io/kube-apiserver-client'}
${extra.expirationSeconds === undefined ? '' : `  expirationSeconds: ${extra.expirationSeconds}\n`}  usages: ${extra.usages ?? '["client auth"]'}
`;

async function setup() {
  const c = createCluster({ seed: 1 });
  const run = async (line: string, stdin?: string) => c.exec(line, stdin);
  return { c, run };
}

/** A key and request for `subj` in the documents NAME.key and NAME.csr; the request's base64. */
async function request(run: (l: string) => Promise<{ code: number; stdout: string }>, name: string, subj: string): Promise<string> {
  expect((await run(`openssl genrsa -out ${name}.key 2048`)).code).toBe(0);
  expect((await run(`openssl req -new -key ${name}.key -subj "${subj}" -out ${name}.csr`)).code).toBe(0);
  return (await run(`cat ${name}.csr | base64 | tr -d '\\n'`)).stdout;
}

async function issue(c: Cluster, run: (l: string, s?: string) => Promise<{ code: number; stdout: string; stderr: string }>, name: string, subj: string, extra = {}) {
  const b64 = await request(run, name, subj);
  expect((await run('kubectl apply -f -', csrYaml(name, b64, extra))).stdout).toBe(`certificatesigningrequest.certificates.k8s.io/${name} created\n`);
  expect((await run(`kubectl certificate approve ${name}`)).stdout).toBe(`certificatesigningrequest.certificates.k8s.io/${name} approved\n`);
  await c.advance(1);
  return run(`kubectl get csr ${name} -o jsonpath='{.status.certificate}' | base64 -d > ${name}.crt`);
}

describe('CertificateSigningRequest validation (upstream texts)', () => {
  it.each([
    ['no usages', { usages: '[]' }, 'spec.usages: Required value'],
    ['an unknown usage', { usages: '["client auth", "flying"]' }, 'spec.usages[1]: Unsupported value: "flying": supported values: "any", "cert sign", "client auth"'],
    ['a repeated usage', { usages: '["client auth", "client auth"]' }, 'spec.usages[1]: Duplicate value: "client auth"'],
    ['the legacy signer', { signerName: 'kubernetes.io/legacy-unknown' }, 'spec.signerName: Invalid value: "kubernetes.io/legacy-unknown": the legacy signerName is not allowed via this API version'],
    ['an unqualified signer', { signerName: 'signer' }, `spec.signerName: Invalid value: "signer": must be a fully qualified domain and path of the form 'example.com/signer-name'`],
    ['a one-segment domain', { signerName: 'example/signer' }, 'spec.signerName: Invalid value: "example": should be a domain with at least two segments separated by dots'],
    ['599 seconds', { expirationSeconds: 599 }, 'spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 600 seconds (10 minutes)'],
  ])('refuses %s', async (_what, extra, text) => {
    const { run } = await setup();
    const b64 = await request(run, 'jane', '/CN=jane');
    const r = await run('kubectl apply -f -', csrYaml('jane', b64, extra));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`The CertificateSigningRequest "jane" is invalid: ${text}`);
  });

  it('refuses a request that is no PEM request, and one whose signature fails after a changed byte', async () => {
    const { run } = await setup();
    const notPem = await run('kubectl apply -f -', csrYaml('x', btoa('hello')));
    expect(notPem.stderr).toBe('The CertificateSigningRequest "x" is invalid: spec.request: Invalid value: []byte{0x68, 0x65, 0x6c, 0x6c, 0x6f}: PEM block type must be CERTIFICATE REQUEST\n');
    const pem = atob(await request(run, 'jane', '/CN=jane/O=dev'));
    // A letter of the subject's key changed: the DER still parses, the signature no longer checks.
    const lines = pem.split('\n');
    lines[5] = lines[5].slice(0, 10) + (lines[5][10] === 'A' ? 'B' : 'A') + lines[5].slice(11);
    const r = await run('kubectl apply -f -', csrYaml('t', btoa(lines.join('\n'))));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^The CertificateSigningRequest "t" is invalid: spec\.request: Invalid value: \[\]byte\{0x2d, .*\}: (crypto\/rsa: verification error|asn1: structure error: .*)\n$/);
  });

  it('records who asked, whatever the manifest says, and keeps the spec on updates', async () => {
    const { run } = await setup();
    const b64 = await request(run, 'jane', '/CN=jane');
    await run('kubectl apply -f -', csrYaml('jane', b64).replace('spec:\n', 'spec:\n  username: mallory\n'));
    const spec = JSON.parse((await run('kubectl get csr jane -o json')).stdout).spec;
    expect([spec.username, spec.groups]).toEqual(['kubernetes-admin', ['kubeadm:cluster-admins', 'system:authenticated']]);
    expect((await run('kubectl patch csr jane --type=merge -p {"spec":{"usages":["server auth"]}}')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane patched (no change)\n');
  });
});

describe('kubectl certificate approve|deny', () => {
  it('approves once (again with --force), refuses Denied after Approved, and prints the columns', async () => {
    const { c, run } = await setup();
    const b64 = await request(run, 'jane', '/CN=jane/O=dev');
    await run('kubectl apply -f -', csrYaml('jane', b64, { expirationSeconds: 86400 }));
    expect((await run('kubectl get csr')).stdout).toBe(
      'NAME   AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION\n' +
      'jane   0s    kubernetes.io/kube-apiserver-client   kubernetes-admin   24h                 Pending\n');
    expect((await run('kubectl certificate approve jane')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane approved\n');
    expect((await run('kubectl certificate approve jane')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane approved\n');
    const conditions = JSON.parse((await run('kubectl get csr jane -o json')).stdout).status.conditions;
    expect(conditions).toEqual([{ type: 'Approved', status: 'True', reason: 'KubectlApprove', message: 'This CSR was approved by kubectl certificate approve.', lastUpdateTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' }]);
    const deny = await run('kubectl certificate deny jane');
    expect(deny.stderr).toBe('The CertificateSigningRequest "jane" is invalid: status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive\n');
    await c.advance(1);
    expect((await run('kubectl get csr jane --no-headers')).stdout).toMatch(/Approved,Issued\n$/);
    expect((await run('kubectl certificate approve nobody')).stderr).toBe('Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nobody" not found\n');
    expect((await run('kubectl certificate approve')).stderr).toMatch(/^error: one or more CSRs must be specified as <name> or -f <filename>/);
  });

  it('needs approve on the signer besides update on the approval subresource', async () => {
    const { run } = await setup();
    const b64 = await request(run, 'jane', '/CN=jane');
    await run('kubectl apply -f -', csrYaml('jane', b64));
    await run('kubectl create clusterrole csr-approver --verb=get,list,update --resource=certificatesigningrequests,certificatesigningrequests/approval');
    await run('kubectl create clusterrolebinding bob-approves --clusterrole=csr-approver --user=bob');
    expect((await run('kubectl certificate approve jane --as bob')).stderr).toBe('Error from server (Forbidden): certificatesigningrequests.certificates.k8s.io "jane" is forbidden: user not permitted to approve requests with signerName "kubernetes.io/kube-apiserver-client"\n');
    // signers is no resource the API serves, so kubectl create clusterrole refuses it: the role is applied.
    expect((await run('kubectl apply -f -', `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: signer-approver}
rules:
- apiGroups: [certificates.k8s.io]
  resources: [signers]
  resourceNames: ["kubernetes.io/*"]
  verbs: [approve]
`)).code).toBe(0);
    await run('kubectl create clusterrolebinding bob-signers --clusterrole=signer-approver --user=bob');
    expect((await run('kubectl certificate approve jane --as bob')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/jane approved\n');
  });
});

describe('csrsigning', () => {
  it.each([
    ['kube-apiserver-client without client auth', '/CN=jane', { usages: '["digital signature"]' }, 'missing required usage for client certificate: client auth'],
    ['kube-apiserver-client with server auth', '/CN=jane', { usages: '["client auth", "server auth"]' }, 'invalid usage for client certificate: server auth'],
    ['a kubelet client outside system:nodes', '/CN=system:node:w1', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet' }, 'subject organization is not system:nodes'],
    ['a kubelet client named otherwise', '/CN=w1/O=system:nodes', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet' }, 'subject common name does not begin with system:node:'],
    ['a kubelet client with client auth only', '/CN=system:node:w1/O=system:nodes', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet' }, 'usages did not match [client auth digital signature key encipherment]'],
    ['kubelet-serving without SANs', '/CN=system:node:w1/O=system:nodes', { signerName: 'kubernetes.io/kubelet-serving', usages: '["digital signature", "server auth"]' }, 'DNS or IP subjectAltName is required'],
  ])('fails %s', async (_what, subj, extra, message) => {
    const { c, run } = await setup();
    await issue(c, run, 'r', subj, extra);
    const csr = JSON.parse((await run('kubectl get csr r -o json')).stdout);
    expect(csr.status.certificate).toBeUndefined();
    expect(csr.status.conditions[1]).toMatchObject({ type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message });
    expect((await run('kubectl get csr r --no-headers')).stdout).toMatch(/Approved,Failed\n$/);
  });

  it('signs kubelet clients, leaves other signers alone, and caps the duration at a year, backdated 5 minutes', async () => {
    const { c, run } = await setup();
    await issue(c, run, 'k', '/CN=system:node:w1/O=system:nodes', { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', usages: '["digital signature", "client auth"]' });
    expect((await run('openssl x509 -in k.crt -noout -subject -dates')).stdout).toBe('subject=CN = system:node:w1, O = system:nodes\nnotBefore=Dec 31 23:55:00 2025 GMT\nnotAfter=Dec 31 23:55:00 2026 GMT\n');
    await issue(c, run, 'e', '/CN=x', { signerName: 'example.com/mine' });
    expect((await run('kubectl get csr e --no-headers')).stdout).toMatch(/ Approved\n$/);
    // Under 8 hours the end is not backdated.
    await issue(c, run, 's', '/CN=s', { expirationSeconds: 600 });
    expect((await run('openssl x509 -in s.crt -noout -enddate')).stdout).toBe('notAfter=Jan  1 00:10:02 2026 GMT\n');
  });
});

describe('csrcleaner', () => {
  it('deletes an approved request an hour after approval and a pending one after a day', async () => {
    const { c, run } = await setup();
    await issue(c, run, 'a', '/CN=a');
    await run('kubectl apply -f -', csrYaml('p', await request(run, 'p', '/CN=p')));
    await c.advance(3598);
    expect((await run('kubectl get csr -o name')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/a\ncertificatesigningrequest.certificates.k8s.io/p\n');
    await c.advance(2);
    expect((await run('kubectl get csr -o name')).stdout).toBe('certificatesigningrequest.certificates.k8s.io/p\n');
    await c.advance(24 * 3600 - 3600);
    expect((await run('kubectl get csr')).stderr).toBe('No resources found\n');
  });
});

describe('users with client certificates', () => {
  it('authenticate as the CN with the O groups; RBAC decides the rest', async () => {
    const { c, run } = await setup();
    await issue(c, run, 'jane', '/CN=jane/O=dev/O=qa', { expirationSeconds: 86400 });
    const described = (await run('kubectl describe csr jane')).stdout;
    expect(described.slice(described.indexOf('CreationTimestamp:'))).toBe(`CreationTimestamp:   Thu, 01 Jan 2026 00:00:00 +0000
Requesting User:     kubernetes-admin
Signer:              kubernetes.io/kube-apiserver-client
Requested Duration:  24h
Status:              Approved,Issued
Subject:
         Common Name:    jane
         Serial Number:  
         Organization:   dev
                         qa
Events:  <none>
`);
    expect((await run('kubectl config set-credentials jane --client-key=jane.key --client-certificate=jane.crt --embed-certs=true')).stdout).toBe('User "jane" set.\n');
    await run('kubectl config set-context jane --cluster=kubernetes --user=jane');
    expect((await run('kubectl --context jane auth whoami')).stdout).toBe('ATTRIBUTE   VALUE\nUsername    jane\nGroups      [dev qa system:authenticated]\n');
    expect((await run('kubectl --context jane get pods')).stderr).toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n');
    await run('kubectl create ns dev');
    await run('kubectl create role pod-reader --verb=get,list --resource=pods -n dev');
    await run('kubectl create rolebinding jane-reads --role=pod-reader --group=dev -n dev');
    expect((await run('kubectl --context jane get pods -n dev')).stderr).toBe('No resources found in dev namespace.\n');
    // The certificate outlives its request (the cleaner deletes that) until it expires: a day less the 5 minutes
    // the signer backdates it by.
    await c.advance(86400 - 300 - 2);
    expect((await run('kubectl --context jane get pods -n dev')).code).toBe(0);
    await c.advance(600);
    expect((await run('kubectl --context jane get pods -n dev')).stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
    // kubeadm's admin is unchanged.
    expect((await run('kubectl auth whoami')).stdout).toContain('kubernetes-admin');
  });

  it("refuses another CA's certificate, a key that is not the certificate's, and files that are not there", async () => {
    const { c, run } = await setup();
    await issue(c, run, 'jane', '/CN=jane');
    const other = generateKey(Uint8Array.of(5));
    const jane = generateKey(Uint8Array.of(6));
    const write = (name: string, text: string) => run(`cat > ${name} <<'END'\n${text}END`);
    await write('mine.key', pemEncode('PRIVATE KEY', pkcs8(jane)));
    await write('mine.crt', certificatePEM(issueCertificate({
      serial: Uint8Array.of(1), issuer: [{ type: 'CN', value: 'kubernetes' }], subject: [{ type: 'CN', value: 'admin' }, { type: 'O', value: 'system:masters' }],
      notBefore: 0, notAfter: Date.UTC(2030, 0, 1), publicKey: jane, keyUsage: ['digitalSignature'], extKeyUsage: ['clientAuth'], authorityKeyId: keyIdentifier(other.n),
    }, other.n)));
    expect((await run('openssl x509 -in mine.crt -noout -issuer')).stdout).toBe('issuer=CN = kubernetes\n');
    await run('kubectl config set-credentials forged --client-key=mine.key --client-certificate=mine.crt');
    expect((await run('kubectl --user forged get pods')).stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
    await run('openssl genrsa -out other.key');
    await run('kubectl config set-credentials mixed --client-key=other.key --client-certificate=jane.crt');
    expect((await run('kubectl --user mixed get pods')).stderr).toBe('error: tls: private key does not match public key\n');
    await run('kubectl config set-credentials gone --client-key=gone.key --client-certificate=gone.crt');
    expect((await run('kubectl --user gone get pods')).stderr).toBe('Error in configuration: \n* unable to read client-cert /root/gone.crt for gone due to open /root/gone.crt: no such file or directory\n* unable to read client-key /root/gone.key for gone due to open /root/gone.key: no such file or directory\n');
    expect((await run('kubectl config set-credentials e --client-certificate=gone.crt --embed-certs')).stderr).toBe('error: open gone.crt: no such file or directory\n');
  });
});
