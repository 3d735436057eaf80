// The service account token issuer's JWTs (pkg/serviceaccount/jwt.go): header.claims.signature, each part base64url
// without padding. SIMULATION: no key signs anything: the "signature" is bytes derived from the signed text (so a
// changed header or claim no longer verifies) and the key id is derived bytes too. Both the API server's TokenRequest
// and its token authenticator use this one module, as the kubelet's projected tokens come from TokenRequest.
import { hashString } from '../../sim/rng.ts';
import { base64EncodeBytes } from '../../api/base64.ts';

/** Deterministic bytes standing for key material or a signature. */
export function derivedBytes(seed: string, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 4) {
    const h = hashString(`${seed}/${i}`);
    for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (h >>> (8 * j)) & 0xff;
  }
  return out;
}

const base64url = (bytes: Uint8Array) => base64EncodeBytes(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jsonPart = (v: unknown) => base64url(new TextEncoder().encode(JSON.stringify(v)));
/** RS256 signatures of a 2048-bit key are 256 bytes. */
const SIGNATURE_BYTES = 256;
const signature = (signed: string) => base64url(derivedBytes(signed, SIGNATURE_BYTES));
const HEADER = { alg: 'RS256', kid: base64url(derivedBytes('kubesim-sa-key', 32)) };

/** A signed JWT carrying `claims`. */
export function signJWT(claims: object): string {
  const signed = `${jsonPart(HEADER)}.${jsonPart(claims)}`;
  return `${signed}.${signature(signed)}`;
}

function decodePart(part: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0)));
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether text has a JWT's shape: three base64url parts, the first two JSON objects (what an authenticator tries). */
export function looksLikeJWT(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 3 && isObject(decodePart(parts[0])) && isObject(decodePart(parts[1])) && /^[A-Za-z0-9_-]+$/.test(parts[2]);
}

/** The claims of a JWT this issuer signed; undefined for anything else (another signer, a changed part, garbage). */
export function verifyJWT(token: string): Record<string, unknown> | undefined {
  if (!looksLikeJWT(token)) return undefined;
  const [header, claims, sig] = token.split('.');
  if (sig !== signature(`${header}.${claims}`)) return undefined;
  return decodePart(claims) as Record<string, unknown>;
}
