// The simulated PKI: encodings that parse back, signatures that fail for any changed byte, and a certificate whose
// identity is exactly its request's subject.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { children, parse, readOid, TAG, time, readTime, DerError } from './der.ts';
import { pemDecode, pemEncode } from './pem.ts';
import { generateKey, keyConsistent, pkcs8, readPrivateKey, rsaPrivateKey, verify, sign } from './rsa.ts';
import { buildRequest, commonName, issueCertificate, keyIdentifier, organizations, readCertificate, readRequest, type Name } from './x509.ts';

const seed = (n: number) => Uint8Array.of(n, n >> 8, 7);
const KEY = generateKey(seed(1));
const CA = generateKey(seed(99));

describe('simulated RSA keys', () => {
  it('have the asked size, are whole, and parse back from PKCS#8 and PKCS#1', () => {
    expect(KEY.n.length).toBe(256);
    expect(keyConsistent(KEY)).toBe(true);
    expect(readPrivateKey('PRIVATE KEY', pkcs8(KEY)).n).toEqual(KEY.n);
    expect(readPrivateKey('RSA PRIVATE KEY', rsaPrivateKey(KEY)).n).toEqual(KEY.n);
    expect(generateKey(seed(1))).toEqual(KEY);
    expect(generateKey(seed(2)).n).not.toEqual(KEY.n);
    // PKCS#8's algorithm is rsaEncryption.
    expect(readOid(children(children(parse(pkcs8(KEY)))[1])[0])).toBe('1.2.840.113549.1.1.1');
  });

  it('a changed factor makes the key inconsistent; a signature checks only with its key and data', () => {
    const broken = { ...KEY, p: Uint8Array.from(KEY.p, (b, i) => (i === 5 ? b ^ 1 : b)) };
    expect(keyConsistent(broken)).toBe(false);
    const data = new TextEncoder().encode('tbs');
    expect(verify(KEY.n, data, sign(KEY.n, data))).toBe(true);
    expect(verify(CA.n, data, sign(KEY.n, data))).toBe(false);
    expect(verify(KEY.n, new TextEncoder().encode('tbS'), sign(KEY.n, data))).toBe(false);
  });
});

describe('DER and PEM', () => {
  it('round-trips UTCTime and GeneralizedTime (after 2049)', () => {
    for (const ms of [Date.UTC(2026, 0, 1, 0, 5), Date.UTC(2049, 11, 31, 23, 59, 59), Date.UTC(2050, 0, 1)]) {
      const node = parse(time(ms));
      expect(node.tag).toBe(ms < Date.UTC(2050, 0, 1) ? TAG.UTC_TIME : TAG.GENERALIZED_TIME);
      expect(readTime(node)).toBe(ms);
    }
  });

  it('refuses truncated encodings and decodes only whole PEM blocks', () => {
    const der = pkcs8(KEY);
    expect(() => parse(der.subarray(0, der.length - 1))).toThrow(DerError);
    expect(pemDecode(pemEncode('PRIVATE KEY', der))).toEqual({ label: 'PRIVATE KEY', der });
    expect(pemDecode('-----BEGIN PRIVATE KEY-----\nAAAA\n')).toBeUndefined();
  });
});

const NAME_PART = fc.stringMatching(/^[a-z][a-z0-9:.-]{0,20}$/);
const subjects = fc.record({ cn: NAME_PART, orgs: fc.array(NAME_PART, { maxLength: 3 }) })
  .map(({ cn, orgs }): Name => [{ type: 'CN', value: cn }, ...orgs.map((value) => ({ type: 'O', value }))]);

describe('certificate requests and certificates (property)', () => {
  it("a certificate's identity is exactly its request's CN and O", () => {
    fc.assert(fc.property(subjects, fc.integer({ min: 0, max: 1000 }), (subject, k) => {
      const key = generateKey(seed(k), 1024);
      const req = readRequest(buildRequest(subject, key));
      expect(req.signatureValid).toBe(true);
      const cert = readCertificate(issueCertificate({
        serial: Uint8Array.of(1, 2, 3), issuer: [{ type: 'CN', value: 'kubernetes' }], subject: req.subject, notBefore: 0, notAfter: 1000,
        publicKey: req.publicKey, keyUsage: ['digitalSignature'], extKeyUsage: ['clientAuth'], authorityKeyId: keyIdentifier(CA.n),
      }, CA.n));
      expect(commonName(cert.subject)).toBe(subject[0].value);
      expect(organizations(cert.subject)).toEqual(subject.slice(1).map((a) => a.value));
      expect(verify(CA.n, cert.tbs, cert.signature)).toBe(true);
      expect(cert.publicKey.n).toEqual(key.n);
    }), { numRuns: 40 });
  });

  it('changing any byte of a request makes it fail to parse or fail its signature check', () => {
    const der = buildRequest([{ type: 'CN', value: 'jane' }, { type: 'O', value: 'dev' }], KEY);
    fc.assert(fc.property(fc.integer({ min: 0, max: der.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
      const tampered = Uint8Array.from(der, (b, i) => (i === at ? b ^ flip : b));
      let valid = false;
      try {
        valid = readRequest(tampered).signatureValid;
      } catch (e) {
        if (!(e instanceof DerError)) throw e;
      }
      expect(valid).toBe(false);
    }), { numRuns: 300 });
  });
});
