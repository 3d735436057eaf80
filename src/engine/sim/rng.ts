// The seeded random number generator: the engine's only source of randomness.
// sfc32 seeded through splitmix32; components take forks so that one component's draws never shift another's.

export class SeededRng {
  /**
   * a, b, c, d as uint32 lanes: the stores stay integers (number fields holding values past 2³¹ are boxed
   * doubles). a is a signed int32 in sfc32 (b ^ b >>> 9), so it is read back with | 0 for forks and snapshots.
   */
  private readonly s = new Uint32Array(4);

  constructor(seed: number | string) {
    let s = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    for (let i = 0; i < 4; i++) this.s[i] = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    // The lanes wrap modulo 2³² on store, as the >>> 0 of sfc32's reference code.
    const s = this.s;
    const a = s[0], b = s[1], c = s[2], d = s[3];
    const t = (a + b + d) >>> 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t;
  }

  /**
   * The index i in [0, n) of the highest values[from + i], ties broken by reservoir sampling with one int(k) draw
   * at the k-th node of the best total (the scheduler's selectHost). The lanes stay in locals through the loop:
   * a cycle draws for hundreds of tied nodes, and the lane loads and stores of nextUint32 per draw cost more than
   * the rest of the loop.
   */
  indexOfMax(values: Float64Array, from: number, n: number): number {
    const s = this.s;
    // As int32: the same bits as the uint32 lanes, and every step below is modulo 2³² as in nextUint32.
    let a = s[0] | 0, b = s[1] | 0, c = s[2] | 0, d = s[3] | 0;
    let best = 0;
    let bestValue = values[from];
    let ties = 1;
    for (let i = 1; i < n; i++) {
      const v = values[from + i];
      if (v > bestValue) { best = i; bestValue = v; ties = 1; }
      else if (v === bestValue) {
        ties++;
        const t = (a + b + d) >>> 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        // int(ties) === 0, that is ⌊t / 2³² × ties⌋ = 0: t × ties < 2³² (both exact: near 2³² the product is an integer far below 2⁵³).
        if (t * ties < 4294967296) best = i;
      }
    }
    s[0] = a; s[1] = b; s[2] = c; s[3] = d;
    return best;
  }

  /** A float in [0, 1). */
  next(): number { return this.nextUint32() / 4294967296; }

  /** An integer in [0, n). */
  int(n: number): number { return Math.floor(this.next() * n); }

  /** An independent stream derived from this generator's seed and a label. */
  fork(label: string): SeededRng {
    return new SeededRng(`${this.s[0] | 0}:${this.s[1]}:${this.s[2]}:${this.s[3]}:${label}`);
  }

  /** n random lowercase alphanumerics from the alphabet apimachinery's rand.String uses (no vowels, no 0/1/3). */
  string(n: number): string {
    const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(alphabet.length)];
    return s;
  }

  /** A random (version 4) UUID, as the API server assigns to metadata.uid. */
  uuid(): string {
    // Built as character codes: one flat string, without the hex pieces, slices and join of the 32 digits.
    let o = 0;
    for (let word = 0; word < 4; word++) {
      const w = this.nextUint32();
      for (let k = 0; k < 8; k++) {
        const i = word * 8 + k;
        if (i === 8 || i === 12 || i === 16 || i === 20) UUID_CODES[o++] = DASH;
        const digit = (w >>> (28 - 4 * k)) & 15;
        // The version nibble is 4; the variant nibble is 10xx.
        UUID_CODES[o++] = HEX_CODES[i === 12 ? 4 : i === 16 ? (digit & 3) | 8 : digit];
      }
    }
    return String.fromCharCode.apply(null, UUID_CODES);
  }

  /** n hex digits (a multiple of 8), eight from each 32-bit draw, most significant first: a container runtime's id. */
  hex(n: number): string {
    const codes = (HEX_SCRATCH[n] ??= new Array<number>(n).fill(0));
    for (let o = 0; o < n; o += 8) {
      const w = this.nextUint32();
      for (let k = 0; k < 8; k++) codes[o + k] = HEX_CODES[(w >>> (28 - 4 * k)) & 15];
    }
    // One flat string, not a concatenation of eight pieces.
    return String.fromCharCode.apply(null, codes);
  }

  getState(): [number, number, number, number] { return [this.s[0] | 0, this.s[1], this.s[2], this.s[3]]; }
  setState(s: [number, number, number, number]): void { this.s.set(s); }
}

const HEX_CODES = [...'0123456789abcdef'].map((c) => c.charCodeAt(0));
const DASH = '-'.charCodeAt(0);
/** The n characters of the hex(n) being built, by n (scratch: hex() never nests; a fresh array per id was most of its allocation). */
const HEX_SCRATCH: number[][] = [];
/** The 36 characters of the uuid being built (scratch: uuid() never nests). */
const UUID_CODES: number[] = new Array<number>(36).fill(0);

/** FNV-1a 32-bit: deterministic string hashing (also used for pod-template-hash). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
