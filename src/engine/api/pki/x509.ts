// PKCS#10 certificate requests and X.509 v3 certificates (RFC 2986, RFC 5280) with the simulated RSA of rsa.ts:
// built as DER, read back, and their signatures checked.
import { sha256 } from '../sha256.ts';
import {
  bool, children, DerError, explicit, octets, oid, parse, readBits, readOid, readString, readTime, readUint, seq, set, small, TAG, time, tlv, uint, utf8, bitString, type Node,
} from './der.ts';
import { pemDecode, pemEncode } from './pem.ts';
import { algorithm, readPublicKey, sign, SHA256_WITH_RSA, subjectPublicKeyInfo, verify } from './rsa.ts';

/** A distinguished name as its RDNs in order, each one attribute (what `-subj /CN=jane/O=dev` gives). */
export type Name = { type: string; value: string }[];

const ATTRIBUTES: Record<string, string> = { C: '2.5.4.6', ST: '2.5.4.8', L: '2.5.4.7', O: '2.5.4.10', OU: '2.5.4.11', CN: '2.5.4.3' };
const ATTRIBUTE_NAMES = Object.fromEntries(Object.entries(ATTRIBUTES).map(([k, v]) => [v, k]));

export const isKnownAttribute = (type: string) => type in ATTRIBUTES;

function encodeName(name: Name): Uint8Array {
  // countryName is a PrintableString; the rest UTF8String, as OpenSSL's default string_mask (utf8only) writes them.
  return seq(...name.map((a) => set(seq(oid(ATTRIBUTES[a.type]), a.type === 'C' ? tlv(TAG.PRINTABLE, new TextEncoder().encode(a.value)) : utf8(a.value)))));
}

function readName(node: Node): Name {
  return children(node, TAG.SEQUENCE).flatMap((rdn) => children(rdn, TAG.SET).map((atv) => {
    const [type, value] = children(atv, TAG.SEQUENCE);
    const dotted = readOid(type);
    return { type: ATTRIBUTE_NAMES[dotted] ?? dotted, value: readString(value) };
  }));
}

/** The name's common name and organizations: what the API server's x509 authenticator makes a user of. */
export const commonName = (name: Name) => name.find((a) => a.type === 'CN')?.value ?? '';
export const organizations = (name: Name) => name.filter((a) => a.type === 'O').map((a) => a.value);

export interface PublicKey { n: Uint8Array; e: number }

export interface CertificateRequest {
  subject: Name;
  publicKey: PublicKey;
  /** The request's signature checks against its own public key. */
  signatureValid: boolean;
  signature: Uint8Array;
  /** The whole request as encoded. */
  der: Uint8Array;
}

const SIGNATURE_ALGORITHM = algorithm(SHA256_WITH_RSA);

/** The only signature algorithm simulated: sha256WithRSAEncryption, encoded exactly (Go refuses others as unimplemented). */
function checkAlgorithm(node: Node | undefined): void {
  const raw = node?.raw;
  if (!raw || raw.length !== SIGNATURE_ALGORITHM.length || raw.some((b, i) => b !== SIGNATURE_ALGORITHM[i])) throw new DerError('unsupported signature algorithm');
}

export function buildRequest(subject: Name, key: PublicKey): Uint8Array {
  const info = seq(small(0), encodeName(subject), subjectPublicKeyInfo(key.n, key.e), tlv(0xa0));
  return seq(info, algorithm(SHA256_WITH_RSA), bitString(sign(key.n, info)));
}

export const requestPEM = (subject: Name, key: PublicKey) => pemEncode('CERTIFICATE REQUEST', buildRequest(subject, key));

/** A PKCS#10 request from its DER; throws DerError when it does not parse. */
export function readRequest(der: Uint8Array): CertificateRequest {
  const [info, alg, sig] = children(parse(der), TAG.SEQUENCE);
  checkAlgorithm(alg);
  const [version, subject, spki] = children(info, TAG.SEQUENCE);
  readUint(version);
  const publicKey = readPublicKey(spki);
  const signature = readBits(sig);
  return { subject: readName(subject), publicKey, signatureValid: verify(publicKey.n, info.raw, signature), signature, der };
}

/** Request PEM text (a CSR's spec.request) as a request, or an error naming what is wrong. */
export function parseRequestPEM(text: string): CertificateRequest | { error: string } {
  const block = pemDecode(text);
  if (!block || block.label !== 'CERTIFICATE REQUEST') return { error: 'PEM block type must be CERTIFICATE REQUEST' };
  try {
    return readRequest(block.der);
  } catch (e) {
    if (e instanceof DerError) return { error: `asn1: structure error: ${e.message}` };
    throw e;
  }
}

/** The key usages of RFC 5280 4.2.1.3, in bit order. */
export const KEY_USAGE_BITS = ['digitalSignature', 'nonRepudiation', 'keyEncipherment', 'dataEncipherment', 'keyAgreement', 'keyCertSign', 'cRLSign', 'encipherOnly', 'decipherOnly'] as const;
export type KeyUsage = (typeof KEY_USAGE_BITS)[number];
export const EXT_KEY_USAGES: Record<string, string> = {
  serverAuth: '1.3.6.1.5.5.7.3.1', clientAuth: '1.3.6.1.5.5.7.3.2', codeSigning: '1.3.6.1.5.5.7.3.3', emailProtection: '1.3.6.1.5.5.7.3.4',
  timeStamping: '1.3.6.1.5.5.7.3.8', OCSPSigning: '1.3.6.1.5.5.7.3.9', any: '2.5.29.37.0',
};
const EXT_KEY_USAGE_NAMES = Object.fromEntries(Object.entries(EXT_KEY_USAGES).map(([k, v]) => [v, k]));
const EXT = { keyUsage: '2.5.29.15', extKeyUsage: '2.5.29.37', basicConstraints: '2.5.29.19', authorityKeyIdentifier: '2.5.29.35' };

export interface CertificateTemplate {
  serial: Uint8Array;
  issuer: Name;
  subject: Name;
  notBefore: number;
  notAfter: number;
  publicKey: PublicKey;
  keyUsage: KeyUsage[];
  extKeyUsage: string[];
  /** The issuer's key identifier (authorityKeyIdentifier). */
  authorityKeyId: Uint8Array;
}

export interface Certificate extends CertificateTemplate {
  isCA: boolean;
  signature: Uint8Array;
  /** The to-be-signed part as encoded: what the issuer's signature covers. */
  tbs: Uint8Array;
  /** The whole certificate as encoded. */
  der: Uint8Array;
}

function keyUsageBits(usages: readonly KeyUsage[]): Uint8Array {
  let v = 0;
  for (const u of usages) v |= 1 << (15 - KEY_USAGE_BITS.indexOf(u));
  const bytes = v & 0xff ? [v >> 8, v & 0xff] : [v >> 8];
  const last = bytes[bytes.length - 1];
  let unused = 0;
  while (unused < 7 && !(last & (1 << unused))) unused++;
  return tlv(TAG.BIT_STRING, Uint8Array.of(unused, ...bytes));
}

const extension = (id: string, critical: boolean, value: Uint8Array) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));

/** The certificate a CA with modulus `caN` issues from the template: X.509 v3, sha256WithRSAEncryption. */
export function issueCertificate(t: CertificateTemplate, caN: Uint8Array): Uint8Array {
  const extensions = [
    // Go's x509 writes no keyUsage extension for an empty set.
    ...(t.keyUsage.length ? [extension(EXT.keyUsage, true, keyUsageBits(t.keyUsage))] : []),
    ...(t.extKeyUsage.length ? [extension(EXT.extKeyUsage, false, seq(...t.extKeyUsage.map((u) => oid(EXT_KEY_USAGES[u]))))] : []),
    extension(EXT.basicConstraints, true, seq()),
    extension(EXT.authorityKeyIdentifier, false, seq(tlv(0x80, t.authorityKeyId))),
  ];
  const tbs = seq(
    explicit(0, small(2)), uint(t.serial), algorithm(SHA256_WITH_RSA), encodeName(t.issuer),
    seq(time(t.notBefore), time(t.notAfter)), encodeName(t.subject), subjectPublicKeyInfo(t.publicKey.n, t.publicKey.e),
    explicit(3, seq(...extensions)),
  );
  return seq(tbs, algorithm(SHA256_WITH_RSA), bitString(sign(caN, tbs)));
}

function readExtensions(node: Node | undefined): Pick<Certificate, 'keyUsage' | 'extKeyUsage' | 'isCA' | 'authorityKeyId'> {
  const out: Pick<Certificate, 'keyUsage' | 'extKeyUsage' | 'isCA' | 'authorityKeyId'> = { keyUsage: [], extKeyUsage: [], isCA: false, authorityKeyId: new Uint8Array() };
  if (!node) return out;
  for (const ext of children(children(node)[0], TAG.SEQUENCE)) {
    const parts = children(ext, TAG.SEQUENCE);
    const id = readOid(parts[0]);
    const value = parse(parts[parts.length - 1].content);
    if (id === EXT.keyUsage) {
      const [, ...bytes] = value.content;
      out.keyUsage = KEY_USAGE_BITS.filter((_, i) => (bytes[i >> 3] ?? 0) & (0x80 >> (i & 7)));
    } else if (id === EXT.extKeyUsage) out.extKeyUsage = children(value).map((o) => EXT_KEY_USAGE_NAMES[readOid(o)] ?? readOid(o));
    else if (id === EXT.basicConstraints) out.isCA = children(value).some((c) => c.tag === TAG.BOOLEAN && c.content[0] !== 0);
    else if (id === EXT.authorityKeyIdentifier) out.authorityKeyId = children(value).find((c) => c.tag === 0x80)?.content ?? new Uint8Array();
  }
  return out;
}

/** An X.509 certificate from its DER; throws DerError when it does not parse. */
export function readCertificate(der: Uint8Array): Certificate {
  const [tbs, alg, sig] = children(parse(der), TAG.SEQUENCE);
  checkAlgorithm(alg);
  const f = children(tbs, TAG.SEQUENCE);
  const hasVersion = f[0].tag === 0xa0;
  const [serial, innerAlg, issuer, validity, subject, spki, ...rest] = hasVersion ? f.slice(1) : f;
  checkAlgorithm(innerAlg);
  const [notBefore, notAfter] = children(validity, TAG.SEQUENCE);
  return {
    serial: readUint(serial), issuer: readName(issuer), subject: readName(subject),
    notBefore: readTime(notBefore), notAfter: readTime(notAfter), publicKey: readPublicKey(spki),
    ...readExtensions(rest.find((n) => n.tag === 0xa3)),
    signature: readBits(sig), tbs: tbs.raw, der,
  };
}

/** Certificate PEM text as a certificate, or undefined when it is none. */
export function parseCertificatePEM(text: string): Certificate | undefined {
  const block = pemDecode(text);
  if (!block || block.label !== 'CERTIFICATE') return undefined;
  try {
    return readCertificate(block.der);
  } catch (e) {
    if (e instanceof DerError) return undefined;
    throw e;
  }
}

/** A key identifier: SIMULATION, the first 20 bytes of SHA-256 of the modulus (RFC 5280 suggests SHA-1 of the key). */
export const keyIdentifier = (n: Uint8Array) => sha256(n).slice(0, 20);

export const certificatePEM = (der: Uint8Array) => pemEncode('CERTIFICATE', der);
