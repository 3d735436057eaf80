// A []byte field in JSON (Secret data, docker config auth, token parts): standard base64, text as UTF-8.

export function base64EncodeBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function base64Encode(text: string): string {
  return base64EncodeBytes(new TextEncoder().encode(text));
}

/** Base64 to text (a Secret's data as a container sees it). */
export function base64Decode(b64: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0)));
}
