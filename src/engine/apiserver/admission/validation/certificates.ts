// certificates.k8s.io CertificateSigningRequests (pkg/apis/certificates/validation): the request must be a PEM
// CERTIFICATE REQUEST whose signature checks, usages known and not repeated, a qualified signerName other than
// the legacy one, expirationSeconds at least 600, and conditions that keep Approved and Denied apart. Updates may
// not remove an Approved, Denied or Failed condition; only the approval subresource adds Approved or Denied, only
// the status subresource sets the certificate, once.
import type { CertificateSigningRequest, CertificateSigningRequestCondition } from 'kubernetes-types/certificates/v1';
import { bytesOf, KEY_USAGES, LEGACY_UNKNOWN_SIGNER, type ConditionType } from '../../../api/certificates.ts';
import { parseCertificatePEM, readRequest } from '../../../api/pki/x509.ts';
import { pemDecode } from '../../../api/pki/pem.ts';
import { DerError } from '../../../api/pki/der.ts';
import { isDNS1123Subdomain } from '../../../api/validation.ts';
import { sameJson } from '../../../api/samejson.ts';
import type { FieldError } from '../../errors.ts';
import { duplicate, forbidden, index, invalid, notSupported, required, tooLong, withGoValue } from './field.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

/** Go's %#v of a []byte: what field.Invalid prints for spec.request. */
const goBytes = (b: Uint8Array) => `[]byte{${[...b].map((x) => `0x${x.toString(16)}`).join(', ')}}`;

/** certificates.ParseCSR then CheckSignature: the first error, or undefined when the request is good. */
export function requestError(request: Uint8Array): string | undefined {
  const block = pemDecode(new TextDecoder().decode(request));
  if (!block || block.label !== 'CERTIFICATE REQUEST') return 'PEM block type must be CERTIFICATE REQUEST';
  try {
    // Go's RSA verification error (the simulated signature is checked in its place).
    return readRequest(block.der).signatureValid ? undefined : 'crypto/rsa: verification error';
  } catch (e) {
    if (e instanceof DerError) return `asn1: structure error: ${e.message}`;
    throw e;
  }
}

/** apivalidation.ValidateSignerName: "example.com/signer-name". */
export function validateSignerName(path: string, signerName: string): FieldError[] {
  if (!signerName) return [required(path)];
  const segments = signerName.split('/');
  if (segments.length !== 2) return [invalid(path, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const errs: FieldError[] = [];
  const [domain, name] = segments;
  if (domain.length > 253) errs.push(tooLong(path, 253));
  for (const e of isDNS1123Subdomain(domain)) errs.push(invalid(path, domain, e));
  if (domain.split('.').length < 2) errs.push(invalid(path, domain, 'should be a domain with at least two segments separated by dots'));
  for (const label of name.split('.')) {
    const labelErrs = isDNS1123Subdomain(label);
    for (const e of labelErrs) errs.push(invalid(path, name, `validating label "${label}": ${e}`));
    if (labelErrs.length) break;
  }
  if (signerName.length > 253 + 253 + 63 + 1 + 1) errs.push(tooLong(path, 571));
  return errs;
}

const TRUE_ONLY = new Set(['Approved', 'Denied', 'Failed']);

function validateConditions(conditions: readonly CertificateSigningRequestCondition[], old?: CertificateSigningRequest): FieldError[] {
  const errs: FieldError[] = [];
  const had = (t: string) => (old?.status?.conditions ?? []).some((c) => c.type === t);
  const legacyBoth = had('Approved') && had('Denied');
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditions.forEach((c, i) => {
    const path = `status.conditions[${i}]`;
    if (!c.type) errs.push(required(`${path}.type`));
    const allowed = TRUE_ONLY.has(c.type) ? ['True'] : ['False', 'True', 'Unknown'];
    if (!c.status) errs.push(required(`${path}.status`));
    else if (!allowed.includes(c.status)) errs.push(notSupported(`${path}.status`, c.status, allowed));
    if (!legacyBoth && (c.type === 'Approved' || c.type === 'Denied')) {
      if (c.type === 'Approved') approved = true;
      else denied = true;
      if (approved && denied) errs.push(invalid(`${path}.type`, c.type, 'Approved and Denied conditions are mutually exclusive'));
    }
    if (seen.has(c.type)) errs.push(duplicate(`${path}.type`, c.type));
    seen.add(c.type);
  });
  return errs;
}

/** validateCertificate: status.certificate must be CERTIFICATE PEM blocks that parse. */
function certificateError(b64: string | undefined): string | undefined {
  const text = new TextDecoder().decode(bytesOf(b64) ?? new Uint8Array());
  if (!text) return undefined;
  const blocks = text.match(/-----BEGIN [A-Z0-9 ]+-----[\s\S]*?-----END [A-Z0-9 ]+-----/g) ?? [];
  if (!blocks.length) return 'must contain at least one CERTIFICATE PEM block';
  for (const block of blocks) {
    const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(block)![1];
    if (label !== 'CERTIFICATE') return `only CERTIFICATE PEM blocks are allowed, found "${label}"`;
    if (!parseCertificatePEM(block)) return 'x509: malformed certificate';
  }
  return undefined;
}

export function validateCertificateSigningRequest(csr: CertificateSigningRequest, old?: CertificateSigningRequest): FieldError[] {
  // ValidateCertificateRequestName: any name is fine ("we don't care what you call your certificate requests").
  const errs = validateObjectMeta(csr.metadata, () => []);
  const spec = csr.spec ?? ({} as CertificateSigningRequest['spec']);
  const request = bytesOf(spec.request) ?? new TextEncoder().encode(spec.request);
  const bad = requestError(request);
  if (bad) errs.push(withGoValue('Invalid', 'spec.request', goBytes(request), bad));
  const usages = spec.usages ?? [];
  if (!usages.length) errs.push(required('spec.usages'));
  const oldUsages = old?.spec.usages ?? [];
  if (!oldUsages.some((u) => !(KEY_USAGES as readonly string[]).includes(u))) {
    usages.forEach((u, i) => { if (!(KEY_USAGES as readonly string[]).includes(u)) errs.push(notSupported(index('spec.usages', i), u, KEY_USAGES)); });
  }
  if (new Set(oldUsages).size === oldUsages.length) {
    usages.forEach((u, i) => { if (usages.indexOf(u) < i) errs.push(duplicate(index('spec.usages', i), u)); });
  }
  if (spec.signerName === LEGACY_UNKNOWN_SIGNER && old?.spec.signerName !== LEGACY_UNKNOWN_SIGNER) {
    errs.push(invalid('spec.signerName', spec.signerName, 'the legacy signerName is not allowed via this API version'));
  } else errs.push(...validateSignerName('spec.signerName', spec.signerName ?? ''));
  if (spec.expirationSeconds !== undefined && spec.expirationSeconds < 600) {
    errs.push(invalid('spec.expirationSeconds', spec.expirationSeconds, 'may not specify a duration less than 600 seconds (10 minutes)'));
  }
  errs.push(...validateConditions(csr.status?.conditions ?? [], old));
  const unchangedCertificate = old && (old.status?.certificate ?? '') === (csr.status?.certificate ?? '');
  const certErr = unchangedCertificate ? undefined : certificateError(csr.status?.certificate);
  if (certErr) errs.push(invalid('status.certificate', '<certificate data>', certErr));
  return errs;
}

/** Which write an update comes through: the resource, /status (the signer) or /approval (kubectl certificate). */
export type CSRWrite = 'resource' | 'status' | 'approval';

const ofType = (csr: CertificateSigningRequest, t: ConditionType) => (csr.status?.conditions ?? []).filter((c) => c.type === t);

export function validateCertificateSigningRequestUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest, via: CSRWrite = 'resource'): FieldError[] {
  const errs = validateCertificateSigningRequest(csr, old);
  for (const t of ['Approved', 'Denied', 'Failed'] as const) {
    if (ofType(csr, t).length < ofType(old, t).length) errs.push(forbidden('status.conditions', `updates may not remove a condition of type "${t}"`));
  }
  if (via !== 'approval') {
    for (const t of ['Approved', 'Denied'] as const) {
      const [now, was] = [ofType(csr, t), ofType(old, t)];
      if (now.length > was.length) errs.push(forbidden('status.conditions', `updates may not add a condition of type "${t}"`));
      // Simplification: upstream appends cmp.Diff's rendering of the change to this text.
      else if (now.length === was.length && !sameJson(now, was)) errs.push(forbidden('status.conditions', `updates may not modify a condition of type "${t}"`));
    }
  }
  if ((csr.status?.certificate ?? '') !== (old.status?.certificate ?? '')) {
    if (via !== 'status') errs.push(forbidden('status.certificate', 'updates may not set certificate content'));
    else if (old.status?.certificate) errs.push(forbidden('status.certificate', 'updates may not modify existing certificate content'));
  }
  return [...errs, ...validateObjectMetaUpdate(csr.metadata, old.metadata)];
}
