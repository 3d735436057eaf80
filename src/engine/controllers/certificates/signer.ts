// kube-controller-manager's csrsigning controllers (pkg/controller/certificates/signer): for each of the
// kubernetes.io signers it serves (kube-apiserver-client, kube-apiserver-client-kubelet, kubelet-serving; never
// legacy-unknown), an approved, not failed, not yet issued request is checked against the signer's rules and
// either issued a certificate by the cluster's CA or marked Failed (SignerValidationFailure).
// SIMULATION: requests carry no subjectAltNames (openssl req -subj makes none), so kubelet-serving requests fail
// its SAN rule; the certificate's signature is the simulated one of api/pki.
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1';
import { bytesOf, conditionOf, isApproved, KUBE_APISERVER_CLIENT_SIGNER, KUBELET_CLIENT_SIGNER, KUBELET_SERVING_SIGNER } from '../../api/certificates.ts';
import { objectKey, type KubeObject } from '../../api/object.ts';
import { pemDecode } from '../../api/pki/pem.ts';
import { sha256 } from '../../api/sha256.ts';
import { certificatePEM, commonName, issueCertificate, keyIdentifier, organizations, readRequest, type CertificateRequest, type KeyUsage } from '../../api/pki/x509.ts';
import { base64EncodeBytes } from '../../api/base64.ts';
import { CLUSTER_CA_KEY, CLUSTER_CA_NAME, CLUSTER_CA_NOT_AFTER } from '../../apiserver/clusterca.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type CSR = CertificateSigningRequest & KubeObject;

/** --cluster-signing-duration's default: a year. */
export const CLUSTER_SIGNING_DURATION_MS = 365 * 24 * 3600 * 1000;
/** The signing policy's backdate, and the lifetime under which the end is not backdated. */
const BACKDATE_MS = 5 * 60 * 1000;
const SHORT_MS = 8 * 3600 * 1000;

const sameSet = (a: readonly string[], b: readonly string[]) => new Set(a).size === new Set(b).size && b.every((u) => a.includes(u));

/** validAPIServerClientUsages: client auth, optionally digital signature and key encipherment. */
function clientUsagesError(usages: readonly string[]): string | undefined {
  for (const u of usages) if (u !== 'digital signature' && u !== 'key encipherment' && u !== 'client auth') return `invalid usage for client certificate: ${u}`;
  return usages.includes('client auth') ? undefined : 'missing required usage for client certificate: client auth';
}

/** ValidateKubeletClientCSR / ValidateKubeletServingCSR's subject and usage rules. */
function kubeletError(req: CertificateRequest, usages: readonly string[], serving: boolean): string | undefined {
  const orgs = organizations(req.subject);
  if (orgs.length !== 1 || orgs[0] !== 'system:nodes') return 'subject organization is not system:nodes';
  if (serving) return 'DNS or IP subjectAltName is required';
  if (!commonName(req.subject).startsWith('system:node:')) return 'subject common name does not begin with system:node:';
  const last = serving ? 'server auth' : 'client auth';
  if (!sameSet(usages, ['digital signature', 'key encipherment', last]) && !sameSet(usages, ['digital signature', last])) {
    return `usages did not match [${[last, 'digital signature', 'key encipherment'].sort().join(' ')}]`;
  }
  return undefined;
}

/** Each signer's check: undefined signs, a text fails the request with it. */
const SIGNERS: Record<string, (req: CertificateRequest, usages: readonly string[]) => string | undefined> = {
  [KUBE_APISERVER_CLIENT_SIGNER]: (_req, usages) => clientUsagesError(usages),
  [KUBELET_CLIENT_SIGNER]: (req, usages) => kubeletError(req, usages, false),
  [KUBELET_SERVING_SIGNER]: (req, usages) => kubeletError(req, usages, true),
};

const KEY_USAGE: Record<string, KeyUsage> = {
  signing: 'digitalSignature', 'digital signature': 'digitalSignature', 'content commitment': 'nonRepudiation', 'key encipherment': 'keyEncipherment',
  'key agreement': 'keyAgreement', 'data encipherment': 'dataEncipherment', 'cert sign': 'keyCertSign', 'crl sign': 'cRLSign',
  'encipher only': 'encipherOnly', 'decipher only': 'decipherOnly',
};
const EXT_KEY_USAGE: Record<string, string> = {
  any: 'any', 'server auth': 'serverAuth', 'client auth': 'clientAuth', 'code signing': 'codeSigning', 'email protection': 'emailProtection',
  's/mime': 'emailProtection', timestamping: 'timeStamping', 'ocsp signing': 'OCSPSigning',
};

/** The certificate the CA issues for a request at `now` (PermissiveSigningPolicy's times and usages). */
export function signRequest(req: CertificateRequest, csr: CertificateSigningRequest, now: number): string {
  const seconds = csr.spec.expirationSeconds;
  const ttl = seconds === undefined ? CLUSTER_SIGNING_DURATION_MS : Math.min(seconds * 1000, CLUSTER_SIGNING_DURATION_MS);
  const notAfter = Math.min(ttl < SHORT_MS ? now + ttl : now + ttl - BACKDATE_MS, CLUSTER_CA_NOT_AFTER);
  const usages = csr.spec.usages ?? [];
  const keyUsage = [...new Set(usages.map((u) => KEY_USAGE[u]).filter(Boolean))];
  const extKeyUsage = [...new Set(usages.map((u) => EXT_KEY_USAGE[u]).filter(Boolean))];
  // A 128-bit serial, as the signer draws one; SIMULATION: derived from the request's uid and the time.
  const serial = sha256(new TextEncoder().encode(`${csr.metadata?.uid}/${now}`)).slice(0, 16);
  serial[0] &= 0x7f;
  const der = issueCertificate({
    serial, issuer: CLUSTER_CA_NAME, subject: req.subject, notBefore: now - BACKDATE_MS, notAfter,
    publicKey: req.publicKey, keyUsage, extKeyUsage, authorityKeyId: keyIdentifier(CLUSTER_CA_KEY.n),
  }, CLUSTER_CA_KEY.n);
  return certificatePEM(der);
}

export class CSRSigningController extends Controller {
  private readonly informer: Informer<CSR>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('csrsigning-controller', clock);
    this.informer = informers.informerFor<CSR>('CertificateSigningRequest');
  }

  start(): void {
    const enqueue = (csr: CSR) => { if (csr.spec.signerName in SIGNERS && isApproved(csr)) this.queue.add(objectKey(csr)); };
    this.informer.addEventHandler({ add: enqueue, update: (_o, csr) => enqueue(csr) });
  }

  protected sync(key: string): void {
    const csr = this.informer.get(key);
    if (!csr || !isApproved(csr) || conditionOf(csr, 'Failed') || csr.status?.certificate) return;
    const check = SIGNERS[csr.spec.signerName];
    if (!check) return;
    const block = pemDecode(new TextDecoder().decode(bytesOf(csr.spec.request) ?? new Uint8Array()));
    // Validation let only good requests in; one that does not parse is left alone (the signer returns an error).
    if (!block) return;
    const req = readRequest(block.der);
    const failure = check(req, csr.spec.usages ?? []);
    const now = this.clock.now();
    const status = failure
      ? { ...csr.status, conditions: [...(csr.status?.conditions ?? []), { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: failure, lastUpdateTime: this.clock.nowRFC3339() }] }
      : { ...csr.status, certificate: base64EncodeBytes(new TextEncoder().encode(signRequest(req, csr, now))) };
    try {
      this.store.update<CSR>({ ...csr, status }, { subresource: 'status' });
    } catch (e) {
      if (!isStatusError(e, 'NotFound') && !isStatusError(e, 'Conflict')) throw e;
    }
  }
}
