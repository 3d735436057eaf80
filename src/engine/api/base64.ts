// A []byte field in JSON (Secret data, docker config auth): UTF-8 bytes in standard base64.

export function base64Encode(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary);
}
