// PEM (RFC 7468): base64 of DER between BEGIN and END lines, 64 characters a line.
import { base64EncodeBytes } from '../base64.ts';

export type PemLabel = 'PRIVATE KEY' | 'RSA PRIVATE KEY' | 'CERTIFICATE REQUEST' | 'CERTIFICATE';

export function pemEncode(label: PemLabel, der: Uint8Array): string {
  const body = base64EncodeBytes(der).match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

/** The first PEM block of `text` (its label and DER), or undefined when there is none or its base64 is bad. */
export function pemDecode(text: string): { label: string; der: Uint8Array } | undefined {
  const m = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([A-Za-z0-9+/=\r\n]*?)-----END \1-----/.exec(text);
  if (!m) return undefined;
  try {
    return { label: m[1], der: Uint8Array.from(atob(m[2].replace(/\s+/g, '')), (c) => c.charCodeAt(0)) };
  } catch {
    return undefined;
  }
}
