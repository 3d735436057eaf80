// What every helm action works with (helm's action.Configuration): the API server, the release storage, the
// namespace, the virtual clock's "now", and the API versions templates' .Capabilities sees.
import type { Store } from '../../apiserver/store.ts';
import type { SimClock } from '../../sim/clock.ts';
import { base64Decode, base64Encode } from '../../api/base64.ts';
import type { Chart } from '../chart.ts';
import { SecretsDriver, type Release } from '../storage.ts';

export interface HelmEnv {
  store: Store;
  /** The virtual clock a waiting helm runs the simulation on (hooks, --wait). */
  clock: SimClock;
  releases: SecretsDriver;
  namespace: string;
  /** The virtual clock, as helm's time.Now() for LAST DEPLOYED and --generate-name. */
  now(): string;
  nowSeconds(): number;
  apiVersions: ReadonlySet<string>;
}

export function helmEnv(store: Store, clock: SimClock, namespace: string): HelmEnv {
  const apiVersions = new Set<string>();
  for (const k of store.kinds.all()) {
    const gv = k.group ? `${k.group}/${k.version}` : k.version;
    apiVersions.add(gv);
    apiVersions.add(`${gv}/${k.kind}`);
  }
  return {
    store, clock, releases: new SecretsDriver(store), namespace, apiVersions,
    now: () => new Date(clock.now()).toISOString(),
    nowSeconds: () => Math.floor(clock.now() / 1000),
  };
}

/** The chart as a release keeps it: metadata, templates and files (base64, as helm's JSON has them) and values. */
export function storedChart(chart: Chart): Release['chart'] {
  return {
    metadata: chart.metadata,
    templates: chart.templates.map((t) => ({ name: t.name, data: base64Encode(t.text) })),
    values: chart.values,
    ...(chart.files.length ? { files: chart.files.map((f) => ({ name: f.name, data: base64Encode(f.text) })) } : {}),
  };
}

/** A stored chart back as a Chart (rollback and --reuse-values render or read it). */
export function chartOf(stored: Release['chart']): Chart {
  return {
    metadata: stored.metadata,
    values: stored.values,
    valuesText: '',
    templates: stored.templates.map((t) => ({ name: t.name, text: base64Decode(t.data) })),
    files: (stored.files ?? []).map((f) => ({ name: f.name, text: base64Decode(f.data) })),
    // Simplification (as helm's release JSON): subcharts are not kept with a release.
    subcharts: [],
  };
}
