// kubectl get csr: NAME AGE SIGNERNAME REQUESTOR REQUESTEDDURATION CONDITION (printCertificateSigningRequest).
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1';
import { conditionOf } from '../../../api/certificates.ts';
import { humanDuration } from '../duration.ts';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

/** extractCSRStatus: Denied over Approved over Pending, then ",Failed" and ",Issued". */
export function csrCondition(csr: CertificateSigningRequest): string {
  let status = conditionOf(csr, 'Denied') ? 'Denied' : conditionOf(csr, 'Approved') ? 'Approved' : 'Pending';
  if (conditionOf(csr, 'Failed')) status += ',Failed';
  if (csr.status?.certificate) status += ',Issued';
  return status;
}

export const certificateSigningRequestTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Age' }, { name: 'SignerName' }, { name: 'Requestor' }, { name: 'RequestedDuration' }, { name: 'Condition' }],
  row(obj, { now }) {
    const csr = typed<CertificateSigningRequest>(obj);
    const seconds = csr.spec?.expirationSeconds;
    return [
      csr.metadata?.name ?? '', translateTimestampSince(csr.metadata?.creationTimestamp, now), csr.spec?.signerName || '<none>',
      csr.spec?.username ?? '', seconds === undefined ? '<none>' : humanDuration(seconds * 1000), csrCondition(csr),
    ];
  },
};
