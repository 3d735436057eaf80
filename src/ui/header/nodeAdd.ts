// The command lines the page's "Add nodes" form stands for: one `sim node add` per node, or one `sim nodegroup add`
// for an autoscaled node group, with only the flags that differ from sim's defaults, so the terminal shows what a
// user would type.
export interface NodeAddForm {
  name: string;
  count: number;
  cpu: string;
  memory: string;
  pods: string;
  gpus: string;
  labels: string;
  taints: string;
  runtimeHandlers: string;
  /** A node group the cluster autoscaler resizes between min and max, instead of `count` nodes. */
  group?: { min: string; max: string };
}

/** sim node add's defaults (engine/simctl/sim.ts DEFAULT_NODE): a flag left at one is not written. */
export const NODE_ADD_DEFAULTS = { cpu: '4', memory: '16Gi', pods: '110', gpus: '0' } as const;
/** More at once is a scenario's job (spec.cluster.nodes[].count). */
export const MAX_NODES_AT_ONCE = 50;

/** The next name in the w1, w2, … series that no node has. */
export function nextNodeName(existing: Iterable<string>, prefix = 'w'): string {
  let max = 0;
  for (const name of existing) {
    if (!name.startsWith(prefix)) continue;
    const n = name.slice(prefix.length);
    if (/^\d+$/.test(n)) max = Math.max(max, Number(n));
  }
  return `${prefix}${max + 1}`;
}

/** The names for `count` nodes starting at `first`: w4 → w4, w5, w6; a name without a number gets -1, -2, …. */
export function nodeNames(first: string, count: number): string[] {
  if (count <= 1) return [first];
  const m = /^(.*?)(\d+)$/.exec(first);
  return Array.from({ length: count }, (_, i) => (m ? `${m[1]}${Number(m[2]) + i}` : `${first}-${i + 1}`));
}

export function nodeAddCommands(form: NodeAddForm): string[] {
  const flags: string[] = [];
  const flag = (name: string, value: string, def?: string) => {
    const v = value.trim();
    if (v && v !== def) flags.push(`--${name} ${v}`);
  };
  flag('cpu', form.cpu, NODE_ADD_DEFAULTS.cpu);
  flag('memory', form.memory, NODE_ADD_DEFAULTS.memory);
  flag('pods', form.pods, NODE_ADD_DEFAULTS.pods);
  flag('gpus', form.gpus, NODE_ADD_DEFAULTS.gpus);
  flag('labels', form.labels);
  flag('taints', form.taints);
  flag('runtime-handlers', form.runtimeHandlers);
  if (form.group) return [['sim nodegroup add', form.name.trim(), `--min ${form.group.min.trim() || '0'}`, `--max ${form.group.max.trim()}`, ...flags].join(' ')];
  return nodeNames(form.name.trim(), form.count).map((n) => ['sim node add', n, ...flags].join(' '));
}

/** A group's bounds as the form takes them: whole numbers, 0 ≤ min ≤ max, max ≥ 1. */
export function groupBoundsOk(group: { min: string; max: string }): boolean {
  const whole = /^\d+$/;
  const min = group.min.trim() || '0', max = group.max.trim();
  return whole.test(min) && whole.test(max) && Number(max) >= 1 && Number(min) <= Number(max);
}
