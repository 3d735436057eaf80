// The expanders (cluster-autoscaler/expander): which of the node groups that would help grows. random picks one;
// least-waste the one whose new machines would leave the least cpu and memory unused; most-pods the one that
// helps the most pods; priority the groups whose names match the highest priority of the
// kube-system/cluster-autoscaler-priority-expander ConfigMap (then random among them).
import { parse } from 'yaml';
import { podRequests, resourceAmount } from '../api/pod.ts';
import type { SeededRng } from '../sim/rng.ts';
import type { Expander } from './options.ts';
import type { ScaleUpOption } from './scaleup.ts';

export const PRIORITY_CONFIGMAP = 'cluster-autoscaler-priority-expander';

/** Priority → the regular expressions of group names it covers, highest priority first. */
export type Priorities = [number, RegExp[]][];

/** A warning the priority expander records on its ConfigMap (reason, message). */
export type ConfigWarning = (reason: string, message: string) => void;

/**
 * parsePrioritiesYAMLString: a YAML map of integer priorities to lists of regular expressions.
 * Simplification: the expressions are JavaScript's (RE2's syntax for the usual cases), so a compile error's wording differs.
 */
export function parsePriorities(text: string | undefined): Priorities {
  if (!text) throw new Error(`priority configuration in ${PRIORITY_CONFIGMAP} configmap is empty; please provide valid configuration`);
  let config: unknown;
  try {
    config = parse(text);
  } catch (e) {
    throw new Error(`Can't parse YAML with priorities in the configmap: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error("Can't parse YAML with priorities in the configmap: not a map of priorities to lists of expressions");
  const out: Priorities = [];
  for (const [key, list] of Object.entries(config as Record<string, unknown>)) {
    if (!/^-?\d+$/.test(key) || !Array.isArray(list) || list.some((r) => typeof r !== 'string')) {
      throw new Error(`Can't parse YAML with priorities in the configmap: cannot unmarshal ${JSON.stringify(key)} into map[int][]string`);
    }
    const prio = Number(key);
    out.push([prio, (list as string[]).map((re) => {
      try {
        return new RegExp(re);
      } catch (e) {
        throw new Error(`Can't compile regexp rule for priority ${prio} and rule ${re}: ${(e as Error).message}`);
      }
    })]);
  }
  return out.sort(([a], [b]) => b - a);
}

/**
 * The expander's choice. priorities: the ConfigMap's, undefined when it is missing or invalid, in which case the
 * priority expander chooses nothing (no scale-up), as upstream's.
 */
export function chooseOption(options: ScaleUpOption[], expander: Expander, rng: SeededRng, priorities?: Priorities, warn?: ConfigWarning): ScaleUpOption | undefined {
  let best = options;
  if (expander === 'most-pods') {
    const most = Math.max(...options.map((o) => o.pods.length));
    best = options.filter((o) => o.pods.length === most);
  } else if (expander === 'least-waste') {
    const scores = options.map((o) => waste(o));
    const least = Math.min(...scores);
    best = options.filter((_, i) => scores[i] === least);
  } else if (expander === 'priority') {
    if (!priorities) return undefined;
    best = byPriority(options, priorities, warn);
  }
  return best.length === 1 ? best[0] : best[rng.nextUint32() % best.length];
}

function byPriority(options: ScaleUpOption[], priorities: Priorities, warn?: ConfigWarning): ScaleUpOption[] {
  let top = -Infinity;
  let best: ScaleUpOption[] = [];
  for (const o of options) {
    const match = priorities.find(([, res]) => res.some((re) => re.test(o.group.name)));
    if (!match) {
      warn?.('PriorityConfigMapNotMatchedGroup', `Priority expander: node group ${o.group.name} not found in priority expander configuration. The group won't be used.`);
      continue;
    }
    if (match[0] > top) { top = match[0]; best = []; }
    if (match[0] === top) best.push(o);
  }
  if (best.length) return best;
  warn?.('PriorityConfigMapNoGroupMatched', 'Priority expander: no priorities info found for any of the expansion options. Falling back to random choice.');
  return options;
}

/** leastwaste: the new machines' unused cpu plus unused memory, each as a share of what they offer. */
function waste(o: ScaleUpOption): number {
  const alloc = (o.group.template.status?.allocatable ?? {}) as Record<string, string>;
  const cpu = resourceAmount('cpu', alloc.cpu ?? '0') * o.nodeCount;
  const mem = resourceAmount('memory', alloc.memory ?? '0') * o.nodeCount;
  let usedCpu = 0, usedMem = 0;
  for (const p of o.pods) { const r = podRequests(p); usedCpu += r.cpu ?? 0; usedMem += r.memory ?? 0; }
  return (cpu ? (cpu - usedCpu) / cpu : 0) + (mem ? (mem - usedMem) / mem : 0);
}
