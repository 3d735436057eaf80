// KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): the default profile as upstream v1.32, and the
// expansion of a user's configuration into per-profile extension points (multiPoint, enabled, disabled, "*").
import { DRA_FEATURE } from '../api/resource.ts';
import type { ExtensionPoints } from './framework/runtime.ts';

export const CONFIG_API_VERSION = 'kubescheduler.config.k8s.io/v1';
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';

export interface PluginRef { name: string; weight?: number }
export interface PluginSet { enabled?: PluginRef[]; disabled?: PluginRef[] }
export type PointName = keyof ExtensionPoints;
export const POINT_NAMES: PointName[] = ['preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind'];

export interface ProfileConfig {
  schedulerName?: string;
  percentageOfNodesToScore?: number;
  plugins?: Partial<Record<PointName | 'multiPoint', PluginSet>>;
  pluginConfig?: { name: string; args?: unknown }[];
}

export interface KubeSchedulerConfiguration {
  apiVersion: string;
  kind: 'KubeSchedulerConfiguration';
  percentageOfNodesToScore?: number;
  podInitialBackoffSeconds?: number;
  podMaxBackoffSeconds?: number;
  profiles?: ProfileConfig[];
}

/** getDefaultPlugins (pkg/scheduler/apis/config/v1/default_plugins.go): the multiPoint set and score weights. */
export const DEFAULT_MULTIPOINT: PluginRef[] = [
  { name: 'SchedulingGates' },
  { name: 'PrioritySort' },
  { name: 'NodeUnschedulable' },
  { name: 'NodeName' },
  { name: 'TaintToleration', weight: 3 },
  { name: 'NodeAffinity', weight: 2 },
  { name: 'NodePorts' },
  { name: 'NodeResourcesFit', weight: 1 },
  { name: 'VolumeRestrictions' },
  { name: 'NodeVolumeLimits' },
  { name: 'VolumeBinding' },
  { name: 'VolumeZone' },
  { name: 'PodTopologySpread', weight: 2 },
  { name: 'InterPodAffinity', weight: 2 },
  { name: 'DefaultPreemption' },
  { name: 'NodeResourcesBalancedAllocation', weight: 1 },
  { name: 'ImageLocality', weight: 1 },
  { name: 'DefaultBinder' },
];

/**
 * applyFeatureGates: with DynamicResourceAllocation on, DynamicResources joins the defaults just before
 * DefaultPreemption (deallocating an idle claim is tried before evicting pods).
 */
export function defaultMultiPoint(enabled: (gate: string) => boolean = () => false): PluginRef[] {
  if (!enabled(DRA_FEATURE)) return DEFAULT_MULTIPOINT;
  const i = DEFAULT_MULTIPOINT.findIndex((r) => r.name === 'DefaultPreemption');
  return [...DEFAULT_MULTIPOINT.slice(0, i), { name: 'DynamicResources' }, ...DEFAULT_MULTIPOINT.slice(i)];
}

export function defaultConfiguration(): KubeSchedulerConfiguration {
  return { apiVersion: CONFIG_API_VERSION, kind: 'KubeSchedulerConfiguration', percentageOfNodesToScore: 0, podInitialBackoffSeconds: 1, podMaxBackoffSeconds: 10, profiles: [{ schedulerName: DEFAULT_SCHEDULER_NAME }] };
}

export class ConfigError extends Error {}

/** Which extension points a plugin implements, from its methods. */
export type Implements = (plugin: string, point: PointName) => boolean;

export interface ExpandedProfile {
  schedulerName: string;
  percentageOfNodesToScore: number;
  /** Plugin names per extension point, in order, with score weights. */
  points: Record<PointName, PluginRef[]>;
  args: Map<string, unknown>;
}

/**
 * The effective plugins of a profile: the defaults' multiPoint, then the profile's multiPoint (which replaces a
 * default of the same name), each registered at every point it implements; then per-point enabled lists add
 * or override, and disabled lists ("*" for all) remove — as upstream's mergePlugins and multiPoint expansion.
 */
export function expandProfile(cfg: KubeSchedulerConfiguration, p: ProfileConfig, implementsPoint: Implements, known: Set<string>, defaults: PluginRef[] = DEFAULT_MULTIPOINT): ExpandedProfile {
  const schedulerName = p.schedulerName ?? DEFAULT_SCHEDULER_NAME;
  const plugins = p.plugins ?? {};
  const where = `profiles[${schedulerName}]`;
  const check = (refs: PluginRef[] | undefined, field: string) => {
    for (const r of refs ?? []) {
      if (!r || typeof r.name !== 'string') throw new ConfigError(`${where}.plugins.${field}: each plugin needs a name`);
      if (r.name !== '*' && !known.has(r.name)) throw new ConfigError(`${where}.plugins.${field}: plugin "${r.name}" does not exist`);
      if (r.weight !== undefined && (!Number.isInteger(r.weight) || r.weight < 0 || r.weight > 100)) throw new ConfigError(`${where}.plugins.${field}[${r.name}].weight: Invalid value: ${r.weight}: must be in the range [0, 100]`);
    }
  };
  for (const key of Object.keys(plugins)) {
    if (key !== 'multiPoint' && !POINT_NAMES.includes(key as PointName)) throw new ConfigError(`${where}.plugins: unknown extension point "${key}"`);
    const set = plugins[key as PointName];
    check(set?.enabled, `${key}.enabled`);
    check(set?.disabled, `${key}.disabled`);
  }
  const mpDisabled = new Set((plugins.multiPoint?.disabled ?? []).map((r) => r.name));
  const multi: PluginRef[] = mpDisabled.has('*') ? [] : defaults.filter((r) => !mpDisabled.has(r.name));
  for (const r of plugins.multiPoint?.enabled ?? []) {
    const i = multi.findIndex((m) => m.name === r.name);
    if (i >= 0) multi[i] = { ...multi[i], ...r }; else multi.push(r);
  }
  const points = {} as Record<PointName, PluginRef[]>;
  for (const point of POINT_NAMES) {
    const set = plugins[point] ?? {};
    const disabled = new Set((set.disabled ?? []).map((r) => r.name));
    let list: PluginRef[] = disabled.has('*') ? [] : multi.filter((r) => implementsPoint(r.name, point) && !disabled.has(r.name));
    for (const r of set.enabled ?? []) {
      if (!implementsPoint(r.name, point)) throw new ConfigError(`${where}.plugins.${point}.enabled: plugin "${r.name}" does not extend ${point} plugin`);
      const i = list.findIndex((m) => m.name === r.name);
      // An explicitly enabled plugin moves after the multiPoint ones, keeping a weight given there.
      const merged = i >= 0 ? { ...list[i], ...r } : r;
      if (i >= 0) list = list.filter((_, j) => j !== i);
      list.push(merged);
    }
    points[point] = list;
  }
  if (points.queueSort.length !== 1) throw new ConfigError(`${where}: one queueSort plugin required (found ${points.queueSort.length})`);
  if (!points.bind.length) throw new ConfigError(`${where}: at least one bind plugin is needed`);
  const args = new Map<string, unknown>();
  for (const pc of p.pluginConfig ?? []) {
    if (!known.has(pc.name)) throw new ConfigError(`${where}.pluginConfig: plugin "${pc.name}" does not exist`);
    if (args.has(pc.name)) throw new ConfigError(`${where}.pluginConfig: Duplicate value: "${pc.name}"`);
    args.set(pc.name, pc.args ?? {});
  }
  const pct = p.percentageOfNodesToScore ?? cfg.percentageOfNodesToScore ?? 0;
  if (!Number.isInteger(pct) || pct < 0 || pct > 100) throw new ConfigError(`percentageOfNodesToScore: Invalid value: ${pct}: not in valid range [0-100]`);
  return { schedulerName, percentageOfNodesToScore: pct, points, args };
}

/** Validate the top level and the profile list (names unique, the same queueSort everywhere, as upstream). */
export function validateConfiguration(cfg: KubeSchedulerConfiguration): void {
  if (cfg?.apiVersion !== CONFIG_API_VERSION) throw new ConfigError(`apiVersion: Unsupported value: "${cfg?.apiVersion}": supported values: "${CONFIG_API_VERSION}"`);
  if (cfg.kind !== 'KubeSchedulerConfiguration') throw new ConfigError(`kind: Unsupported value: "${cfg.kind}": supported values: "KubeSchedulerConfiguration"`);
  const names = new Set<string>();
  for (const p of cfg.profiles ?? []) {
    const n = p.schedulerName ?? DEFAULT_SCHEDULER_NAME;
    if (names.has(n)) throw new ConfigError(`profiles[].schedulerName: Duplicate value: "${n}"`);
    names.add(n);
  }
  for (const [k, v] of [['podInitialBackoffSeconds', cfg.podInitialBackoffSeconds], ['podMaxBackoffSeconds', cfg.podMaxBackoffSeconds]] as const) {
    if (v !== undefined && (!Number.isInteger(v) || v <= 0)) throw new ConfigError(`${k}: Invalid value: ${v}: must be greater than 0`);
  }
}
