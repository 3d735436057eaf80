// The temp file's name: os.CreateTemp("", "kubectl-edit-*.yaml") draws a random number for the "*".
// Simplification: the number is a hash of the moment and the text (the engine has no unseeded randomness, and
// drawing from the seeded RNG would change the cluster's future), so it is the same in every run.

export function tempFileName(nowMs: number, text: string, ext: 'yaml' | 'json'): string {
  let h = 0x811c9dc5; // FNV-1a, 32 bits: the decimal width of Go's rand.Uint32()
  for (const ch of `${nowMs}\n${text}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `/tmp/kubectl-edit-${h}.${ext}`;
}
