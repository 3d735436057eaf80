// Profiles: a KubeSchedulerConfiguration turned into one framework per schedulerName.
import type { AnyPlugin, BindPlugin, FilterPlugin, PermitPlugin, PostBindPlugin, PostFilterPlugin, PreBindPlugin, PreEnqueuePlugin, PreFilterPlugin, PreScorePlugin, QueueSortPlugin, ReservePlugin, ScorePlugin } from './framework/interface.ts';
import { Framework, type ExtensionPoints } from './framework/runtime.ts';
import { ConfigError, DEFAULT_MULTIPOINT, defaultMultiPoint, expandProfile, validateConfiguration, type KubeSchedulerConfiguration } from './config.ts';
import { inTreeRegistry, pluginImplements, type FactoryContext, type PluginFactory } from './registry.ts';

/** Build every profile's framework, or throw a ConfigError saying what is wrong (the running one stays). */
export function buildFrameworks(cfg: KubeSchedulerConfiguration, ctx: FactoryContext, registry: Map<string, PluginFactory> = inTreeRegistry): Map<string, Framework> {
  validateConfiguration(cfg);
  const known = new Set(registry.keys());
  const out = new Map<string, Framework>();
  for (const p of cfg.profiles?.length ? cfg.profiles : [{}]) {
    const args = new Map((p.pluginConfig ?? []).map((pc) => [pc.name, pc.args]));
    const instances = new Map<string, AnyPlugin>();
    const get = (name: string): AnyPlugin => {
      let inst = instances.get(name);
      if (!inst) {
        const factory = registry.get(name);
        if (!factory) throw new ConfigError(`plugin "${name}" does not exist`);
        try {
          inst = factory(args.get(name) ?? {}, ctx);
        } catch (e) {
          throw new ConfigError(`profiles[${p.schedulerName ?? 'default-scheduler'}].pluginConfig[${name}].args.${(e as Error).message}`);
        }
        instances.set(name, inst);
      }
      return inst;
    };
    // Default plugins not (yet) in the registry are left out rather than failing the whole profile.
    const implementsPoint = (name: string, point: Parameters<typeof pluginImplements>[1]) => known.has(name) && pluginImplements(get(name), point);
    const expanded = expandProfile(cfg, p, implementsPoint, known, defaultMultiPoint((g) => ctx.featureGates?.enabled(g) ?? false));
    const pick = <T>(point: keyof ExtensionPoints) => expanded.points[point].map((r) => get(r.name) as unknown as T);
    const defaultWeight = (name: string) => DEFAULT_MULTIPOINT.find((d) => d.name === name)?.weight ?? 1;
    const points: ExtensionPoints = {
      preEnqueue: pick<PreEnqueuePlugin>('preEnqueue'),
      queueSort: pick<QueueSortPlugin>('queueSort')[0],
      preFilter: pick<PreFilterPlugin>('preFilter'),
      filter: pick<FilterPlugin>('filter'),
      postFilter: pick<PostFilterPlugin>('postFilter'),
      preScore: pick<PreScorePlugin>('preScore'),
      score: expanded.points.score.map((r) => ({ plugin: get(r.name) as ScorePlugin, weight: r.weight ?? defaultWeight(r.name) })),
      reserve: pick<ReservePlugin>('reserve'),
      permit: pick<PermitPlugin>('permit'),
      preBind: pick<PreBindPlugin>('preBind'),
      bind: pick<BindPlugin>('bind'),
      postBind: pick<PostBindPlugin>('postBind'),
    };
    out.set(expanded.schedulerName, new Framework(expanded.schedulerName, points, expanded.percentageOfNodesToScore, instances, ctx.handle));
  }
  const sorts = new Set([...out.values()].map((f) => f.queueSort.name));
  if (sorts.size > 1) throw new ConfigError('profiles: all profiles must use the same queueSort plugin');
  return out;
}

/** numFeasibleNodesToFind: all nodes below 100; else 50 − nodes/125 percent (at least 5 %), at least 100. */
export function numFeasibleNodesToFind(percentage: number, numAllNodes: number): number {
  const minFeasible = 100;
  if (numAllNodes < minFeasible) return numAllNodes;
  let pct = percentage;
  if (pct === 0) pct = Math.max(5, 50 - Math.floor(numAllNodes / 125));
  if (pct >= 100) return numAllNodes;
  const n = Math.floor((numAllNodes * pct) / 100);
  return Math.max(n, minFeasible);
}
