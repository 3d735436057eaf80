// The hashes ControllerRevision names are made of (pkg/controller/history HashControllerRevision and
// apimachinery's rand.SafeEncodeString).

const encoder = new TextEncoder();

/** hash/fnv New32 (FNV-1, not FNV-1a) over the UTF-8 bytes of s. */
export function fnv32(s: string): number {
  let h = 0x811c9dc5;
  for (const b of encoder.encode(s)) h = (Math.imul(h, 0x01000193) ^ b) >>> 0;
  return h >>> 0;
}

const alphanums = 'bcdfghjklmnpqrstvwxz2456789';

/** rand.SafeEncodeString: each character mapped into an alphabet without vowels or look-alike digits. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const ch of s) out += alphanums[ch.codePointAt(0)! % alphanums.length];
  return out;
}

/** HashControllerRevision: FNV-32 of the revision's raw data, then of the collision count as decimal text. */
export function hashControllerRevision(raw: string, probe: number | undefined): string {
  return safeEncodeString(String(fnv32(probe === undefined ? raw : raw + String(probe))));
}
