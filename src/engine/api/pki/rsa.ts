// SIMULATION: RSA keys and signatures with the real encodings (PKCS#1 RSAPrivateKey inside a PKCS#8
// PrivateKeyInfo, RSAPublicKey inside a SubjectPublicKeyInfo, sha256WithRSAEncryption signatures) but no RSA:
// p and q are bytes derived from a seed (not primes), n is their product, and a "signature" is bytes derived
// from SHA-256 of the signer's modulus and the signed data. So the structure parses anywhere, a key "matches" a
// certificate when the moduli are equal, and a signature "checks" exactly when neither the signed bytes nor the
// signer's key changed; but anyone could forge one, and none would verify with real RSA.
import { sha256 } from '../sha256.ts';
import { bigBytes, bytesBig, children, concat, DerError, nul, octets, oid, parse, readBits, readOid, readUint, seq, small, TAG, uint, bitString, type Node } from './der.ts';

export const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
export const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
export const PUBLIC_EXPONENT = 65537;

export interface RsaKey {
  n: Uint8Array;
  e: number;
  d: Uint8Array;
  p: Uint8Array;
  q: Uint8Array;
}

/** `count` bytes expanded from `seed` by SHA-256 in counter mode. */
export function expand(seed: Uint8Array, count: number): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (let i = 0; blocks.length * 32 < count; i++) blocks.push(sha256(concat([seed, Uint8Array.of(i >>> 24, (i >>> 16) & 0xff, (i >>> 8) & 0xff, i & 0xff)])));
  return concat(blocks).slice(0, count);
}

const label = (seed: Uint8Array, what: string) => concat([seed, new TextEncoder().encode(what)]);

/** A key of `bits` bits from a seed: the same seed always gives the same key. */
export function generateKey(seed: Uint8Array, bits = 2048): RsaKey {
  const half = Math.ceil(bits / 16);
  const factor = (what: string) => {
    const b = expand(label(seed, what), half);
    b[0] |= 0xc0; // the top two bits set, so that n has exactly `bits` bits
    b[half - 1] |= 1;
    return b;
  };
  const p = factor('p');
  const q = factor('q');
  return { n: bigBytes(bytesBig(p) * bytesBig(q)), e: PUBLIC_EXPONENT, d: expand(label(seed, 'd'), half * 2), p, q };
}

export const modulusBits = (n: Uint8Array) => bytesBig(n).toString(2).length;

/** A key is whole when its modulus is the product of its factors (a changed byte in either breaks it). */
export const keyConsistent = (k: RsaKey) => bytesBig(k.n) === bytesBig(k.p) * bytesBig(k.q);

export const algorithm = (dotted: string) => seq(oid(dotted), nul());

/** PKCS#1 RSAPrivateKey: version, n, e, d, p, q, d mod (p-1), d mod (q-1), q⁻¹ mod p (the last three derived bytes). */
export function rsaPrivateKey(k: RsaKey): Uint8Array {
  const crt = (what: string) => uint(expand(label(k.d, what), k.p.length));
  return seq(small(0), uint(k.n), small(k.e), uint(k.d), uint(k.p), uint(k.q), crt('dp'), crt('dq'), crt('qinv'));
}

/** PKCS#8 PrivateKeyInfo (what OpenSSL 3 writes as "PRIVATE KEY"). */
export const pkcs8 = (k: RsaKey) => seq(small(0), algorithm(RSA_ENCRYPTION), octets(rsaPrivateKey(k)));

export const subjectPublicKeyInfo = (n: Uint8Array, e: number) => seq(algorithm(RSA_ENCRYPTION), bitString(seq(uint(n), small(e))));

function readRsaPrivateKey(der: Uint8Array): RsaKey {
  const f = children(parse(der), TAG.SEQUENCE);
  if (f.length < 9) throw new DerError('RSAPrivateKey: too few fields');
  return { n: readUint(f[1]), e: Number(bytesBig(readUint(f[2]))), d: readUint(f[3]), p: readUint(f[4]), q: readUint(f[5]) };
}

/** A private key from "PRIVATE KEY" (PKCS#8) or "RSA PRIVATE KEY" (PKCS#1) DER. */
export function readPrivateKey(pemLabel: string, der: Uint8Array): RsaKey {
  if (pemLabel === 'RSA PRIVATE KEY') return readRsaPrivateKey(der);
  if (pemLabel !== 'PRIVATE KEY') throw new DerError(`not a private key: ${pemLabel}`);
  const f = children(parse(der), TAG.SEQUENCE);
  if (f.length < 3 || readOid(children(f[1], TAG.SEQUENCE)[0]) !== RSA_ENCRYPTION || f[2].tag !== TAG.OCTET_STRING) throw new DerError('PrivateKeyInfo: not an RSA key');
  return readRsaPrivateKey(f[2].content);
}

/** The modulus and exponent of a SubjectPublicKeyInfo. */
export function readPublicKey(spki: Node): { n: Uint8Array; e: number } {
  const [alg, bits] = children(spki, TAG.SEQUENCE);
  if (readOid(children(alg, TAG.SEQUENCE)[0]) !== RSA_ENCRYPTION) throw new DerError('not an RSA public key');
  const [n, e] = children(parse(readBits(bits)), TAG.SEQUENCE);
  return { n: readUint(n), e: Number(bytesBig(readUint(e))) };
}

/** The simulated signature of `signed` by the key with modulus `n`: as long as the modulus, as RSA's are. */
export const sign = (n: Uint8Array, signed: Uint8Array) => expand(sha256(concat([n, signed])), n.length);

export function verify(n: Uint8Array, signed: Uint8Array, signature: Uint8Array): boolean {
  const want = sign(n, signed);
  return want.length === signature.length && want.every((b, i) => b === signature[i]);
}
