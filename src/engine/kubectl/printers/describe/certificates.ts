// kubectl describe csr (describeCertificateSigningRequest): who asked, for which signer and how long, the
// condition, and the subject of the request itself.
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1';
import type { KubeObject } from '../../../api/object.ts';
import { bytesOf } from '../../../api/certificates.ts';
import { parseRequestPEM } from '../../../api/pki/x509.ts';
import { typed } from '../columns/column.ts';
import { csrCondition } from '../columns/certificates.ts';
import { humanDuration } from '../duration.ts';
import { formatLabels } from '../labelmap.ts';
import { formatRFC1123Z } from '../time.ts';
import type { DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { LEVEL_0, PrefixWriter } from './writer.ts';

const SUBJECT_LISTS: [string, string][] = [['O', 'Organization'], ['OU', 'Organizational Unit'], ['C', 'Country'], ['L', 'Locality'], ['ST', 'Province']];

export function describeCertificateSigningRequest(obj: KubeObject, ctx: DescribeContext): string {
  const csr = typed<CertificateSigningRequest & KubeObject>(obj);
  const request = parseRequestPEM(new TextDecoder().decode(bytesOf(csr.spec.request) ?? new Uint8Array()));
  // A request that does not parse cannot be described (validation lets none in).
  if ('error' in request) throw new Error(`failed to parse csr: ${request.error}`);
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${csr.metadata.name}\n`);
  w.write(LEVEL_0, `Labels:\t${formatLabels(csr.metadata.labels)}\n`);
  w.write(LEVEL_0, `Annotations:\t${formatLabels(csr.metadata.annotations)}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(csr.metadata.creationTimestamp)}\n`);
  w.write(LEVEL_0, `Requesting User:\t${csr.spec.username ?? ''}\n`);
  if (csr.spec.signerName) w.write(LEVEL_0, `Signer:\t${csr.spec.signerName}\n`);
  if (csr.spec.expirationSeconds !== undefined) w.write(LEVEL_0, `Requested Duration:\t${humanDuration(csr.spec.expirationSeconds * 1000)}\n`);
  w.write(LEVEL_0, `Status:\t${csrCondition(csr)}\n`);
  w.write(LEVEL_0, 'Subject:\n');
  const values = (type: string) => request.subject.filter((a) => a.type === type).map((a) => a.value);
  w.write(LEVEL_0, `\tCommon Name:\t${values('CN')[0] ?? ''}\n`);
  w.write(LEVEL_0, '\tSerial Number:\t\n');
  for (const [type, title] of SUBJECT_LISTS) {
    const list = values(type);
    if (list.length) w.write(LEVEL_0, `\t${title}:\t${list.join('\n\t\t')}\n`);
  }
  describeEvents(searchEvents(obj, ctx, { kind: 'CertificateSigningRequest', uids: [csr.metadata.uid!] }), w, ctx.now);
  return w.toString();
}
