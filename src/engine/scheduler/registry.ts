// The in-tree plugin registry: plugin name → factory, as pkg/scheduler/framework/plugins/registry.go.
import type { Store } from '../apiserver/store.ts';
import type { AnyPlugin, Handle } from './framework/interface.ts';
import type { PointName } from './config.ts';
import { DefaultBinder } from './plugins/DefaultBinder.ts';
import { ImageLocality } from './plugins/ImageLocality.ts';
import { NodeAffinity } from './plugins/NodeAffinity.ts';
import { NodeName } from './plugins/NodeName.ts';
import { NodePorts } from './plugins/NodePorts.ts';
import { NodeResourcesBalancedAllocation } from './plugins/NodeResourcesBalancedAllocation.ts';
import { NodeResourcesFit, type NodeResourcesFitArgs } from './plugins/NodeResourcesFit.ts';
import { NodeUnschedulable } from './plugins/NodeUnschedulable.ts';
import { PrioritySort } from './plugins/PrioritySort.ts';
import { SchedulingGates } from './plugins/SchedulingGates.ts';
import { TaintToleration } from './plugins/TaintToleration.ts';
import { VolumePlugin } from './plugins/VolumeHooks.ts';

/** What factories may use besides their args: the cycle handle and the API server (binding, preemption). */
export interface FactoryContext { handle: Handle; store: Store }

export type PluginFactory = (args: unknown, ctx: FactoryContext) => AnyPlugin;

const claimExists = (ctx: FactoryContext) => (ns: string, name: string) => !!ctx.store.kinds.byKindName('PersistentVolumeClaim') && !!ctx.store.tryGet('PersistentVolumeClaim', ns, name);

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
  ['VolumeRestrictions', (_a, ctx) => new VolumePlugin('VolumeRestrictions', claimExists(ctx))],
  ['NodeVolumeLimits', (_a, ctx) => new VolumePlugin('NodeVolumeLimits', claimExists(ctx))],
  ['VolumeBinding', (_a, ctx) => new VolumePlugin('VolumeBinding', claimExists(ctx))],
  ['VolumeZone', (_a, ctx) => new VolumePlugin('VolumeZone', claimExists(ctx))],
  ['DefaultBinder', (_a, ctx) => new DefaultBinder(ctx.store)],
]);

const methodOf: Record<PointName, string> = {
  preEnqueue: 'preEnqueue', queueSort: 'less', preFilter: 'preFilter', filter: 'filter', postFilter: 'postFilter',
  preScore: 'preScore', score: 'score', reserve: 'reserve', permit: 'permit', preBind: 'preBind', bind: 'bind', postBind: 'postBind',
};

/** Whether a plugin instance implements an extension point (its interface method exists). */
export function pluginImplements(plugin: AnyPlugin, point: PointName): boolean {
  return typeof (plugin as unknown as Record<string, unknown>)[methodOf[point]] === 'function';
}
