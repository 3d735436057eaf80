// PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread): topologySpreadConstraints. Hard ones
// (DoNotSchedule) at PreFilter/Filter, soft ones (ScheduleAnyway) at PreScore/Score. Pods without constraints
// get the configured defaults: with defaultingType System, soft spreading by hostname and zone for pods of a
// Service, ReplicationController, ReplicaSet or StatefulSet.
import type { Pod, TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import { LabelSelectorError } from '../../api/labels.ts';
import { aggregateErrors, invalidFieldError, isQualifiedName, notSupportedFieldError } from '../../api/validation.ts';
import type { CycleState, FilterPlugin, Handle, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../framework/interface.ts';
import type { NodeRows } from '../framework/nodecolumns.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';
import type { Node } from 'kubernetes-types/core/v1';
import type { ClusterEventWithHint, QueueingHint } from '../framework/events.ts';
import { ArgsError } from './NodeResourcesFit.ts';
import { ConstraintSource, SYSTEM_DEFAULT_CONSTRAINTS, type ObjectReader } from './PodTopologySpreadCommon.ts';
import { CrossCycleCache } from './PodTopologySpreadCounts.ts';
import { computeFilterState, filterBySpread, type SpreadFilterState } from './PodTopologySpreadFiltering.ts';
import { computeScoreState, normalizeSpreadScores, spreadScore, spreadScores, type SpreadScoreState } from './PodTopologySpreadScoring.ts';

export interface PodTopologySpreadArgs {
  defaultConstraints?: TopologySpreadConstraint[];
  /** System (the default): the built-in constraints; List: args.defaultConstraints. */
  defaultingType?: 'System' | 'List';
}

const PRE_FILTER_KEY = 'PreFilterPodTopologySpread';
const PRE_SCORE_KEY = 'PreScorePodTopologySpread';

export class PodTopologySpread implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = 'PodTopologySpread';
  private readonly source: ConstraintSource;
  private readonly cache = new CrossCycleCache();

  constructor(args: PodTopologySpreadArgs, private readonly handle: Handle, objects: ObjectReader) {
    validateArgs(args);
    const system = (args.defaultingType ?? 'System') === 'System';
    this.source = new ConstraintSource(system ? SYSTEM_DEFAULT_CONSTRAINTS : (args.defaultConstraints ?? []), system, objects);
  }

  preFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]): { status: Status } {
    let constraints;
    try {
      constraints = this.source.constraints(pod, 'DoNotSchedule');
    } catch (e) {
      if (e instanceof LabelSelectorError) return { status: Status.error(`get constraints from pod: ${e.message}`) };
      throw e;
    }
    if (!constraints.length) return { status: Status.skip() };
    this.cache.retain(nodes);
    state.write(PRE_FILTER_KEY, computeFilterState(pod, constraints, nodes, this.cache));
    return { status: Status.success() };
  }

  /** Assigned pods the constraints select, and nodes that carry (or change) their topology keys or taints. */
  eventsToRegister(): ClusterEventWithHint[] {
    return [
      { resource: 'Pod', actions: ['Add', 'UpdatePodLabel', 'Delete'], hint: (pod, old, now) => this.afterPodChange(pod, old as Pod | undefined, now as Pod | undefined) },
      { resource: 'Node', actions: ['Add', 'Delete', 'UpdateNodeLabel', 'UpdateNodeTaint'], hint: (pod, old, now) => this.afterNodeChange(pod, old as Node | undefined, now as Node | undefined) },
    ];
  }

  private hardConstraints(pod: Pod) {
    try {
      return this.source.constraints(pod, 'DoNotSchedule');
    } catch (e) {
      if (e instanceof LabelSelectorError) return undefined;
      throw e;
    }
  }

  private afterPodChange(pod: Pod, old: Pod | undefined, now: Pod | undefined): QueueingHint {
    const constraints = this.hardConstraints(pod);
    if (!constraints) return 'Queue';
    const changed = [old, now].filter((p): p is Pod => !!p && p.metadata?.namespace === pod.metadata?.namespace);
    return constraints.some((c) => changed.some((p) => c.selector.matches(p.metadata?.labels))) ? 'Queue' : 'QueueSkip';
  }

  private afterNodeChange(pod: Pod, old: Node | undefined, now: Node | undefined): QueueingHint {
    const constraints = this.hardConstraints(pod);
    if (!constraints?.length) return 'Queue';
    const node = now ?? old!;
    const keyed = constraints.some((c) => node.metadata?.labels?.[c.topologyKey] !== undefined);
    if (!old || !now) return keyed ? 'Queue' : 'QueueSkip';
    if (JSON.stringify(old.spec?.taints ?? []) !== JSON.stringify(now.spec?.taints ?? [])) return 'Queue';
    return constraints.some((c) => old.metadata?.labels?.[c.topologyKey] !== now.metadata?.labels?.[c.topologyKey]) ? 'Queue' : 'QueueSkip';
  }

  addPod(state: CycleState, pod: Pod, added: Pod, node: NodeInfo): void {
    state.read<SpreadFilterState>(PRE_FILTER_KEY)?.updateWithPod(pod, added, node, 1);
  }

  removePod(state: CycleState, pod: Pod, removed: Pod, node: NodeInfo): void {
    state.read<SpreadFilterState>(PRE_FILTER_KEY)?.updateWithPod(pod, removed, node, -1);
  }

  filter(state: CycleState, pod: Pod, node: NodeInfo): Status {
    const s = state.read<SpreadFilterState>(PRE_FILTER_KEY);
    if (!s) return Status.error(`reading "${PRE_FILTER_KEY}" from cycleState: not found`);
    return filterBySpread(s, pod, node);
  }

  preScore(state: CycleState, pod: Pod, nodes: NodeInfo[], rows?: NodeRows): Status {
    const allNodes = this.handle.nodeInfos();
    if (!allNodes.length) return Status.skip();
    let constraints;
    try {
      constraints = this.source.constraints(pod, 'ScheduleAnyway');
    } catch (e) {
      if (e instanceof LabelSelectorError) return Status.error(`calculating preScoreState: ${e.message}`);
      throw e;
    }
    if (!constraints.length) return Status.skip();
    // Only user-given constraints need every topology key: nodes without a zone still spread by hostname.
    const requireAllTopologies = !!pod.spec?.topologySpreadConstraints?.length || !this.source.systemDefaulted;
    this.cache.retain(allNodes);
    state.write(PRE_SCORE_KEY, computeScoreState(pod, constraints, nodes, allNodes, requireAllTopologies, this.cache, rows));
    return Status.success();
  }

  score(state: CycleState, _pod: Pod, node: NodeInfo): number {
    const s = state.read<SpreadScoreState>(PRE_SCORE_KEY);
    return s ? spreadScore(s, node) : 0;
  }

  scoreNodes(state: CycleState, _pod: Pod, nodes: NodeInfo[], out: Float64Array, rows?: NodeRows): void {
    const s = state.read<SpreadScoreState>(PRE_SCORE_KEY);
    if (s) spreadScores(s, nodes, out, rows);
    else out.fill(0);
  }

  normalizeScore(state: CycleState, _pod: Pod, nodes: readonly NodeInfo[], scores: Float64Array): void {
    const s = state.read<SpreadScoreState>(PRE_SCORE_KEY);
    if (s) normalizeSpreadScores(s, nodes, scores);
  }
}

/** ValidatePodTopologySpreadArgs, with upstream's field paths and messages. */
function validateArgs(args: PodTopologySpreadArgs): void {
  const errs: string[] = [];
  const type = args.defaultingType ?? 'System';
  const defaults = args.defaultConstraints ?? [];
  if (type !== 'System' && type !== 'List') errs.push(notSupportedFieldError('defaultingType', type, ['System', 'List']));
  else if (type === 'System' && defaults.length) errs.push(invalidFieldError('defaultingType', type, 'when .defaultConstraints are not empty'));
  defaults.forEach((c, i) => {
    const p = `defaultConstraints[${i}]`;
    if (!(c.maxSkew > 0)) errs.push(invalidFieldError(`${p}.maxSkew`, c.maxSkew, 'not in valid range (0, inf)'));
    if (!c.topologyKey) errs.push(`${p}.topologyKey: Required value: can not be empty`);
    else for (const msg of isQualifiedName(c.topologyKey)) errs.push(invalidFieldError(`${p}.topologyKey`, c.topologyKey, msg));
    if (!c.whenUnsatisfiable) errs.push(`${p}.whenUnsatisfiable: Required value: can not be empty`);
    else if (c.whenUnsatisfiable !== 'DoNotSchedule' && c.whenUnsatisfiable !== 'ScheduleAnyway') errs.push(notSupportedFieldError(`${p}.whenUnsatisfiable`, c.whenUnsatisfiable, ['DoNotSchedule', 'ScheduleAnyway']));
    if (c.labelSelector) errs.push(`${p}.labelSelector: Forbidden: constraint must not define a selector, as they deduced for each pod`);
    if (defaults.slice(0, i).some((o) => o.topologyKey === c.topologyKey && o.whenUnsatisfiable === c.whenUnsatisfiable)) {
      errs.push(`defaultConstraints[${i}]: Duplicate value: "{${c.topologyKey}, ${c.whenUnsatisfiable}}"`);
    }
  });
  if (errs.length) throw new ArgsError(aggregateErrors(errs));
}
