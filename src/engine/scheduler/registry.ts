// The in-tree plugin registry: plugin name → factory, as pkg/scheduler/framework/plugins/registry.go.
import { DRA_FEATURE } from '../api/resource.ts';
import type { Store } from '../apiserver/store.ts';
import type { SeededRng } from '../sim/rng.ts';
import type { AnyPlugin, Handle } from './framework/interface.ts';
import type { PointName } from './config.ts';
import { Coscheduling, type CoschedulingArgs } from './plugins/Coscheduling.ts';
import { DefaultBinder } from './plugins/DefaultBinder.ts';
import { DefaultPreemption, type DefaultPreemptionArgs } from './plugins/DefaultPreemption.ts';
import { DynamicResources } from './plugins/DynamicResources.ts';
import { ImageLocality } from './plugins/ImageLocality.ts';
import { InterPodAffinity, type InterPodAffinityArgs } from './plugins/InterPodAffinity.ts';
import { NodeAffinity } from './plugins/NodeAffinity.ts';
import { NodeName } from './plugins/NodeName.ts';
import { NodePorts } from './plugins/NodePorts.ts';
import { NodeResourcesBalancedAllocation } from './plugins/NodeResourcesBalancedAllocation.ts';
import { NodeResourcesFit, type NodeResourcesFitArgs } from './plugins/NodeResourcesFit.ts';
import { NodeUnschedulable } from './plugins/NodeUnschedulable.ts';
import { PodTopologySpread, type PodTopologySpreadArgs } from './plugins/PodTopologySpread.ts';
import { PrioritySort } from './plugins/PrioritySort.ts';
import { SchedulingGates } from './plugins/SchedulingGates.ts';
import { TaintToleration } from './plugins/TaintToleration.ts';
import { NodeVolumeLimits } from './plugins/NodeVolumeLimits.ts';
import { VolumeBinding } from './plugins/VolumeBinding.ts';
import { VolumeRestrictions } from './plugins/VolumeRestrictions.ts';
import { VolumeZone } from './plugins/VolumeZone.ts';

/**
 * What factories may use besides their args: the cycle handle, the API server (binding, preemption), randomness,
 * and the cluster's feature gates (absent: every gate at its default).
 */
export interface FactoryContext { handle: Handle; store: Store; rng: SeededRng; featureGates?: { enabled(name: string): boolean } }

export type PluginFactory = (args: unknown, ctx: FactoryContext) => AnyPlugin;

export const inTreeRegistry = new Map<string, PluginFactory>([
  ['SchedulingGates', () => new SchedulingGates()],
  ['PrioritySort', () => new PrioritySort()],
  ['NodeUnschedulable', () => new NodeUnschedulable()],
  ['NodeName', () => new NodeName()],
  ['TaintToleration', () => new TaintToleration()],
  ['NodeAffinity', () => new NodeAffinity()],
  ['NodePorts', () => new NodePorts()],
  ['NodeResourcesFit', (args) => new NodeResourcesFit(args as NodeResourcesFitArgs)],
  ['NodeResourcesBalancedAllocation', (args) => new NodeResourcesBalancedAllocation(args as { resources?: { name: string; weight: number }[] })],
  ['ImageLocality', (_a, ctx) => new ImageLocality(ctx.handle)],
  ['PodTopologySpread', (args, ctx) => new PodTopologySpread(args as PodTopologySpreadArgs, ctx.handle, ctx.store)],
  ['InterPodAffinity', (args, ctx) => new InterPodAffinity(args as InterPodAffinityArgs, ctx.handle, ctx.store)],
  ['VolumeRestrictions', (_a, ctx) => new VolumeRestrictions(ctx.store)],
  ['NodeVolumeLimits', (_a, ctx) => new NodeVolumeLimits(ctx.store)],
  ['VolumeBinding', (_a, ctx) => new VolumeBinding(ctx.store)],
  ['VolumeZone', (_a, ctx) => new VolumeZone(ctx.store)],
  ['DynamicResources', (_a, ctx) => new DynamicResources(ctx.store, () => ctx.featureGates?.enabled(DRA_FEATURE) ?? false)],
  ['DefaultPreemption', (args, ctx) => new DefaultPreemption(args as DefaultPreemptionArgs, ctx.handle, ctx.store, ctx.rng)],
  ['DefaultBinder', (_a, ctx) => new DefaultBinder(ctx.store)],
  ['Coscheduling', (args, ctx) => new Coscheduling(args as CoschedulingArgs, ctx.handle, ctx.store)],
]);

const methodOf: Record<PointName, string> = {
  preEnqueue: 'preEnqueue', queueSort: 'less', preFilter: 'preFilter', filter: 'filter', postFilter: 'postFilter',
  preScore: 'preScore', score: 'score', reserve: 'reserve', permit: 'permit', preBind: 'preBind', bind: 'bind', postBind: 'postBind',
};

/** Whether a plugin instance implements an extension point (its interface method exists). */
export function pluginImplements(plugin: AnyPlugin, point: PointName): boolean {
  return typeof (plugin as unknown as Record<string, unknown>)[methodOf[point]] === 'function';
}
