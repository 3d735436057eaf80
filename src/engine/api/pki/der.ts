// ASN.1 DER (X.690): the encoding of the simulated keys, certificate requests and certificates, so that what
// `openssl genrsa`, `openssl req` and the CSR signer write has the structure real tools parse.

export const TAG = {
  INTEGER: 0x02, BIT_STRING: 0x03, OCTET_STRING: 0x04, NULL: 0x05, OID: 0x06, UTF8: 0x0c, PRINTABLE: 0x13,
  UTC_TIME: 0x17, GENERALIZED_TIME: 0x18, SEQUENCE: 0x30, SET: 0x31, BOOLEAN: 0x01,
} as const;

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function lengthBytes(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

export function tlv(tag: number, ...content: Uint8Array[]): Uint8Array {
  const body = concat(content);
  return concat([Uint8Array.from([tag, ...lengthBytes(body.length)]), body]);
}

export const seq = (...items: Uint8Array[]) => tlv(TAG.SEQUENCE, ...items);
export const set = (...items: Uint8Array[]) => tlv(TAG.SET, ...items);
export const nul = () => tlv(TAG.NULL);
/** [n] EXPLICIT (constructed, context-specific). */
export const explicit = (n: number, inner: Uint8Array) => tlv(0xa0 | n, inner);
export const octets = (b: Uint8Array) => tlv(TAG.OCTET_STRING, b);
export const bitString = (b: Uint8Array) => tlv(TAG.BIT_STRING, Uint8Array.of(0), b);
export const utf8 = (s: string) => tlv(TAG.UTF8, new TextEncoder().encode(s));
export const bool = (b: boolean) => tlv(TAG.BOOLEAN, Uint8Array.of(b ? 0xff : 0));

/** An unsigned big-endian integer: leading zeros dropped, a zero byte added when the high bit is set. */
export function uint(bytes: Uint8Array): Uint8Array {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  const b = bytes.slice(i);
  return tlv(TAG.INTEGER, b[0] & 0x80 ? concat([Uint8Array.of(0), b]) : b);
}

export const small = (n: number) => uint(bigBytes(BigInt(n)));

export function bigBytes(n: bigint): Uint8Array {
  const hex = n.toString(16);
  const padded = hex.length % 2 ? `0${hex}` : hex;
  return Uint8Array.from(padded.match(/../g)!.map((h) => parseInt(h, 16)));
}

export const bytesBig = (b: Uint8Array): bigint => (b.length ? BigInt(`0x${hex(b)}`) : 0n);
export const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

export function oid(dotted: string): Uint8Array {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a * 40 + b];
  for (const v of rest) {
    const groups = [v & 0x7f];
    for (let x = Math.floor(v / 128); x > 0; x = Math.floor(x / 128)) groups.unshift((x & 0x7f) | 0x80);
    out.push(...groups);
  }
  return tlv(TAG.OID, Uint8Array.from(out));
}

/** X.509 times: UTCTime through 2049, GeneralizedTime after (RFC 5280 4.1.2.5). */
export function time(ms: number): Uint8Array {
  const iso = new Date(ms).toISOString(); // 2026-12-07T17:00:00.000Z
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '');
  const year = Number(iso.slice(0, 4));
  return year < 2050 ? tlv(TAG.UTC_TIME, ascii(`${digits.slice(2)}Z`)) : tlv(TAG.GENERALIZED_TIME, ascii(`${digits}Z`));
}

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** One decoded element: its tag, its content and the whole encoding (what a signature covers). */
export interface Node { tag: number; content: Uint8Array; raw: Uint8Array }

export class DerError extends Error {}

/** The element at `at` (throws DerError on a truncated or malformed encoding). */
export function read(bytes: Uint8Array, at = 0): Node & { end: number } {
  if (at + 2 > bytes.length) throw new DerError('too short');
  const tag = bytes[at];
  let len = bytes[at + 1];
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || start + n > bytes.length) throw new DerError('bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + bytes[start + i];
    start += n;
  }
  const end = start + len;
  if (end > bytes.length) throw new DerError('too long');
  return { tag, content: bytes.subarray(start, end), raw: bytes.subarray(at, end), end };
}

/** A whole encoding that must be exactly one element. */
export function parse(bytes: Uint8Array): Node {
  const n = read(bytes);
  if (n.end !== bytes.length) throw new DerError('trailing data');
  return n;
}

/** The elements inside a constructed one, each checked to be of `tags` when given. */
export function children(node: Node, expected?: number): Node[] {
  if (expected !== undefined && node.tag !== expected) throw new DerError(`expected tag ${expected}, got ${node.tag}`);
  const out: Node[] = [];
  for (let at = 0; at < node.content.length;) {
    const c = read(node.content, at);
    out.push(c);
    at = c.end;
  }
  return out;
}

export function readOid(node: Node): string {
  if (node.tag !== TAG.OID) throw new DerError('expected an OID');
  const b = node.content;
  const out = [Math.floor(b[0] / 40), b[0] % 40];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    v = v * 128 + (b[i] & 0x7f);
    if (!(b[i] & 0x80)) { out.push(v); v = 0; }
  }
  return out.join('.');
}

/** An INTEGER's unsigned value bytes (without the sign byte). */
export function readUint(node: Node): Uint8Array {
  if (node.tag !== TAG.INTEGER) throw new DerError('expected an INTEGER');
  return node.content[0] === 0 && node.content.length > 1 ? node.content.subarray(1) : node.content;
}

export function readString(node: Node): string {
  return new TextDecoder().decode(node.content);
}

export function readTime(node: Node): number {
  const s = readString(node);
  const m = node.tag === TAG.UTC_TIME ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(s) : /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(s);
  if (!m) throw new DerError('bad time');
  const year = node.tag === TAG.UTC_TIME ? (Number(m[1]) < 50 ? 2000 : 1900) + Number(m[1]) : Number(m[1]);
  return Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

/** A BIT STRING's bytes (no unused bits in what the simulator writes). */
export function readBits(node: Node): Uint8Array {
  if (node.tag !== TAG.BIT_STRING || node.content[0] !== 0) throw new DerError('expected a BIT STRING');
  return node.content.subarray(1);
}
