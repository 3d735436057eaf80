// Subcharts (helm's chartutil dependencies): Chart.yaml's dependencies matched to the charts in charts/ (name and
// version range), renamed by alias, switched off by condition or tags, and the values each one sees: the parent's
// values under the subchart's name over the subchart's own defaults, with the parent's `global` copied down.
// import-values copies a child's values up into the parent.
import type { Chart, Dependency } from './chart.ts';
import { satisfies } from './semver.ts';
import { isMap } from './template/values.ts';
import { coalesce, mergeMaps } from './values.ts';

type Values = Record<string, unknown>;

/** CheckDependencies: every dependency Chart.yaml names has a chart in charts/. */
export function checkDependencies(chart: Chart): void {
  const have = new Set(chart.subcharts.map((c) => c.metadata.name));
  const missing = (chart.metadata.dependencies ?? []).filter((d) => !have.has(d.name)).map((d) => d.name);
  if (missing.length) throw new Error(`found in Chart.yaml, but missing in charts/ directory: ${missing.join(', ')}`);
}

/** Values.PathValue: a value at a dotted path, undefined when any step is missing. */
function pathValue(v: Values, path: string): unknown {
  let cur: unknown = v;
  for (const k of path.split('.')) {
    if (!isMap(cur) || !(k in cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

/** processDependencyTags then processDependencyConditions: whether a dependency stays. */
function enabled(d: Dependency, top: Values, path: string): boolean {
  let on = true;
  if (d.tags?.length) {
    const tags = isMap(top.tags) ? top.tags : {};
    const values = d.tags.map((t) => tags[t]).filter((x) => typeof x === 'boolean');
    const hasTrue = values.includes(true);
    if (!hasTrue && values.includes(false)) on = false;
  }
  for (const c of (d.condition ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    const v = pathValue(top, path + c);
    if (typeof v === 'boolean') { on = v; break; }
  }
  return on;
}

/**
 * processDependencyEnabled: the chart with its effective subcharts (listed ones matched by name and version
 * range and renamed by alias, unlisted ones kept, disabled ones dropped), recursively. `top` is the user's values.
 */
export function processDependencies(chart: Chart, top: Values, path = ''): Chart {
  const deps = chart.metadata.dependencies ?? [];
  const subcharts: Chart[] = chart.subcharts.filter((s) => !deps.some((d) => d.name === s.metadata.name && (!d.version || satisfies(d.version, s.metadata.version))));
  const listed: { dep: Dependency; chart: Chart }[] = [];
  for (const d of deps) {
    const found = chart.subcharts.find((s) => s.metadata.name === d.name && (!d.version || satisfies(d.version, s.metadata.version)));
    if (found) listed.push({ dep: d, chart: d.alias ? { ...found, metadata: { ...found.metadata, name: d.alias } } : found });
  }
  const cvals = coalesceTree({ ...chart, subcharts: [...subcharts, ...listed.map((l) => l.chart)] }, top);
  for (const l of listed) if (enabled(l.dep, cvals, path)) subcharts.push(l.chart);
  return { ...chart, subcharts: subcharts.map((s) => processDependencies(s, top, `${path}${s.metadata.name}.`)) };
}

/** coalesceGlobals: the parent's globals over the child's. */
function coalesceGlobals(dest: Values, src: Values): void {
  const dg = isMap(dest.global) ? { ...dest.global } : {};
  const sg = isMap(src.global) ? src.global : {};
  for (const [k, v] of Object.entries(sg)) dg[k] = isMap(v) && isMap(dg[k]) ? mergeMaps(dg[k] as Values, v) : structuredClone(v);
  dest.global = dg;
}

/** CoalesceValues over the chart tree: each subchart's values under its name, globals copied down. */
export function coalesceTree(chart: Chart, user: Values): Values {
  const out = coalesce(chart.values, user);
  for (const sub of chart.subcharts) {
    const name = sub.metadata.name;
    const dv = out[name];
    if (dv !== undefined && dv !== null && !isMap(dv)) continue;
    const d: Values = isMap(dv) ? { ...dv } : {};
    coalesceGlobals(d, out);
    out[name] = coalesceTree(sub, d);
  }
  return out;
}

/**
 * processDependencyImportValues: each dependency's import-values copies values from the child (as the tree's
 * coalesced values have them) into the parent; what the parent sets itself wins. Returns the parent's new values.
 */
export function importValues(chart: Chart, cvals: Values): Values {
  let out = cvals;
  const present = new Set(chart.subcharts.map((s) => s.metadata.name));
  for (const d of chart.metadata.dependencies ?? []) {
    const name = d.alias ?? d.name;
    // A disabled dependency is gone from the tree, and imports nothing.
    if (!present.has(name)) continue;
    const child = out[name];
    if (!isMap(child)) continue;
    for (const iv of d['import-values'] ?? []) {
      const [from, to] = typeof iv === 'string' ? [`exports.${iv}`, ''] : [iv.child, iv.parent];
      const v = pathValue(child, from);
      if (!isMap(v)) continue;
      const imported = (to ? to.split('.') : []).reduceRight<Values>((acc, k) => ({ [k]: acc }), structuredClone(v));
      out = mergeMaps(imported, out);
    }
  }
  return out;
}
