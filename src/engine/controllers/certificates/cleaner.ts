// kube-controller-manager's csrcleaner (pkg/controller/certificates/cleaner): deletes a request an hour after it was
// approved, denied or failed, a pending one a day after it was made, and one whose certificate has expired.
// Simplification: upstream lists every request once an hour, so a deletion comes up to an hour after these times;
// here each request is looked at again exactly when its time is up.
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1';
import { bytesOf, conditionOf } from '../../api/certificates.ts';
import { objectKey, type KubeObject } from '../../api/object.ts';
import { parseCertificatePEM } from '../../api/pki/x509.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type CSR = CertificateSigningRequest & KubeObject;

export const APPROVED_EXPIRATION_MS = 3600 * 1000;
export const DENIED_EXPIRATION_MS = 3600 * 1000;
export const FAILED_EXPIRATION_MS = 3600 * 1000;
export const PENDING_EXPIRATION_MS = 24 * 3600 * 1000;

/** When the request is to go: the earliest of the cleaner's deadlines that applies. */
export function cleanupTime(csr: CertificateSigningRequest): number {
  const at = (type: 'Approved' | 'Denied' | 'Failed', after: number) => {
    const c = conditionOf(csr, type);
    return c?.lastUpdateTime ? Date.parse(c.lastUpdateTime) + after : Infinity;
  };
  const decided = conditionOf(csr, 'Approved') || conditionOf(csr, 'Denied');
  const pending = decided ? Infinity : Date.parse(csr.metadata?.creationTimestamp ?? '') + PENDING_EXPIRATION_MS;
  const cert = csr.status?.certificate ? parseCertificatePEM(new TextDecoder().decode(bytesOf(csr.status.certificate))) : undefined;
  return Math.min(pending, at('Approved', APPROVED_EXPIRATION_MS), at('Denied', DENIED_EXPIRATION_MS), at('Failed', FAILED_EXPIRATION_MS), cert?.notAfter ?? Infinity);
}

export class CSRCleanerController extends Controller {
  private readonly informer: Informer<CSR>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('csrcleaner', clock);
    this.informer = informers.informerFor<CSR>('CertificateSigningRequest');
  }

  start(): void {
    const enqueue = (csr: CSR) => this.queue.add(objectKey(csr));
    this.informer.addEventHandler({ add: enqueue, update: (_o, csr) => enqueue(csr) });
  }

  protected sync(key: string): void {
    const csr = this.informer.get(key);
    if (!csr) return;
    const left = cleanupTime(csr) - this.clock.now();
    if (left > 0) {
      if (left !== Infinity) this.queue.addAfter(key, left);
      return;
    }
    try {
      this.store.delete('CertificateSigningRequest', undefined, csr.metadata.name ?? '');
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }
}
