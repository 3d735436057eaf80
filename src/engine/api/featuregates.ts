// The cluster's feature gates (--feature-gates on every component, one setting here): the gates the simulator
// knows, their upstream stage and default in v1.32, and what a cluster has set. Components read `enabled(name)`
// and hear about changes; a change is kept in the snapshot.
// Simplification: one cluster-wide setting (upstream each component has its own flag and they should agree), and
// a gate may be switched on a running cluster (upstream a restart of the components).

export interface FeatureSpec { default: boolean; preRelease: 'ALPHA' | 'BETA' | 'GA' }

/** The gates kubesim models (pkg/features/kube_features.go, v1.32). */
export const KNOWN_FEATURES: Record<string, FeatureSpec> = {
  DynamicResourceAllocation: { default: false, preRelease: 'BETA' },
};

export class FeatureGateError extends Error {}

export class FeatureGates {
  private readonly overrides = new Map<string, boolean>();
  private readonly listeners: ((name: string, enabled: boolean) => void)[] = [];

  /** From a snapshot's or a scenario's settings; a bad entry throws a FeatureGateError. */
  constructor(initial: Record<string, unknown> = {}) {
    this.set(Object.entries(initial).map(([k, v]) => `${k}=${String(v)}`).join(','));
  }

  enabled(name: string): boolean {
    return this.overrides.get(name) ?? KNOWN_FEATURES[name]?.default ?? false;
  }

  /** Apply "A=true,B=false" as the --feature-gates flag does; throws a FeatureGateError, leaving nothing set. */
  set(text: string): void {
    const parsed = parseFeatureGates(text);
    for (const [k, v] of parsed) {
      const was = this.enabled(k);
      this.overrides.set(k, v);
      if (was !== v) for (const l of this.listeners) l(k, v);
    }
  }

  onChange(listener: (name: string, enabled: boolean) => void): void { this.listeners.push(listener); }

  /** What was set (the snapshot keeps only these). */
  state(): Record<string, boolean> { return Object.fromEntries(this.overrides); }
}

/** componentbase's featuregate.Set: comma-separated key=value pairs with Go's ParseBool values. */
export function parseFeatureGates(text: string): [string, boolean][] {
  const out: [string, boolean][] = [];
  for (const part of text.split(',')) {
    const s = part.trim();
    if (!s) continue;
    const eq = s.indexOf('=');
    if (eq < 0) throw new FeatureGateError(`missing bool value for ${s}`);
    const k = s.slice(0, eq).trim(), v = s.slice(eq + 1).trim();
    if (!KNOWN_FEATURES[k]) throw new FeatureGateError(`unrecognized feature gate: ${k}`);
    const b = parseGoBool(v);
    if (b === undefined) throw new FeatureGateError(`invalid value of ${k}=${v}, err: strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
    out.push([k, b]);
  }
  return out;
}

function parseGoBool(v: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}
