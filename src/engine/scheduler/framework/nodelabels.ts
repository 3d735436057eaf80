// A node's labels as the per-node loops of PodTopologySpread and InterPodAffinity read them: one topology key
// (or two) asked of thousands of nodes per cycle. The last two keys asked are remembered on the map, and keys
// and values are shared strings, so that a read touches no other memory than the map itself.

/** Distinct label strings kept for sharing; past this the table starts over (strings then merely stop being shared). */
const MAX_SHARED_STRINGS = 1 << 16;
const shared = new Map<string, string>();

function share(s: string): string {
  const known = shared.get(s);
  if (known !== undefined) return known;
  if (shared.size >= MAX_SHARED_STRINGS) shared.clear();
  shared.set(s, s);
  return s;
}

/** A read-only label map (it is replaced, never changed, when the node's labels change). */
export class NodeLabelMap extends Map<string, string> {
  private key1: string | undefined;
  private value1: string | undefined;
  private key2: string | undefined;
  private value2: string | undefined;

  constructor(labels: Readonly<Record<string, string>>) {
    super();
    for (const k in labels) super.set(share(k), share(labels[k]));
  }

  override get(key: string): string | undefined {
    if (key === this.key1) return this.value1;
    if (key === this.key2) return this.value2;
    const value = super.get(key);
    this.key2 = this.key1;
    this.value2 = this.value1;
    this.key1 = key;
    this.value1 = value;
    return value;
  }
}
