// From scenario text to a running cluster: parse, migrate and validate the file, pick the student's variant,
// then build the cluster with the same commands a user would type (sim node add, kubectl apply) and put the
// timeline on the cluster's clock.
import YAML from 'yaml';
import { createCluster, type CreateClusterOptions, type KubesimCluster } from '../index.ts';
import { parseDuration } from '../sim/clock.ts';
import type { Scenario, ScenarioMachine, ScenarioNode, ScenarioNodeGroup } from './format.ts';
import { migrateScenario } from './migrate.ts';
import { ScenarioError } from './errors.ts';
import { validateScenario } from './validate.ts';
import { applyVariant, chooseVariant } from './variants.ts';

/** Parse a scenario file (YAML or JSON) written for this or an older apiVersion; throws ScenarioError. */
export function parseScenario(source: string): Scenario {
  let doc: unknown;
  try {
    doc = YAML.parse(source, { maxAliasCount: 100 });
  } catch (e) {
    throw new ScenarioError([`the file is not valid YAML: ${(e as Error).message.split('\n')[0]}`]);
  }
  return validateScenario(migrateScenario(doc));
}

export interface LoadedScenario {
  /** The scenario with the student's variant filled in. */
  scenario: Scenario;
  variant: Record<string, string>;
  cluster: KubesimCluster;
  /** Set-up commands that failed, as "command: error" (empty for a sound scenario). */
  problems: string[];
}

/** The variant of a scenario for a student (the default variant without a name). */
export function resolveScenario(scenario: Scenario, student?: string): { scenario: Scenario; variant: Record<string, string> } {
  const variant = chooseVariant(scenario, student);
  return { scenario: applyVariant(scenario, variant), variant };
}

/** createCluster's options for a (resolved) scenario. */
export function clusterOptions(scenario: Scenario): CreateClusterOptions {
  const opts: CreateClusterOptions = { seed: scenario.spec.seed };
  if (scenario.spec.cluster.cni) opts.cni = scenario.spec.cluster.cni;
  if (scenario.spec.cluster.clusterCIDR) opts.clusterCIDR = scenario.spec.cluster.clusterCIDR;
  if (scenario.spec.cluster.nodeCIDRMaskSize) opts.nodeCIDRMaskSize = scenario.spec.cluster.nodeCIDRMaskSize;
  if (scenario.spec.cluster.featureGates) opts.featureGates = scenario.spec.cluster.featureGates;
  return opts;
}

/** The `sim node add` lines for the scenario's nodes (a node with count N becomes NAME1 … NAMEN). */
export function nodeCommands(nodes: readonly ScenarioNode[]): string[] {
  const lines: string[] = [];
  for (const n of nodes) {
    const flags = machineFlags(n);
    const names = n.count ? Array.from({ length: n.count }, (_, i) => `${n.name}${i + 1}`) : [n.name];
    for (const name of names) lines.push(`sim node add ${name}${flags ? ` ${flags}` : ''}`);
  }
  return lines;
}

/** The `sim nodegroup add` lines for the scenario's node groups. */
export function nodeGroupCommands(groups: readonly ScenarioNodeGroup[]): string[] {
  return groups.map((g) => [
    `sim nodegroup add ${g.name}`, `--min ${g.min ?? 0}`, `--max ${g.max}`, g.size !== undefined && `--size ${g.size}`,
    g.provisionTime && `--provision-time ${g.provisionTime}`, machineFlags(g),
  ].filter(Boolean).join(' '));
}

/** `sim node add`'s flags for a machine's shape. */
function machineFlags(n: ScenarioMachine): string {
  return [
    n.cpu && `--cpu ${n.cpu}`, n.memory && `--memory ${n.memory}`, n.pods && `--pods ${n.pods}`, n.gpus && `--gpus ${n.gpus}`, n.gpuModel && `--gpu-model ${n.gpuModel}`, n.gpuDriver && `--gpu-driver ${n.gpuDriver}`,
    n.labels && Object.keys(n.labels).length && `--labels ${Object.entries(n.labels).map(([k, v]) => `${k}=${v}`).join(',')}`,
    n.taints?.length && `--taints ${n.taints.join(',')}`,
  ].filter(Boolean).join(' ');
}

/** Build the scenario's world in a fresh cluster: scheduler configuration, nodes, manifests, timeline, traffic. */
export function setUpCluster(cluster: KubesimCluster, scenario: Scenario): string[] {
  const problems: string[] = [];
  const run = (line: string, stdin?: string) => {
    const r = cluster.exec(line, stdin);
    if (r.code !== 0) problems.push(`${line}: ${r.stderr.trim()}`);
  };
  const spec = scenario.spec;
  if (spec.cluster.scheduler) run('sim scheduler config -f -', YAML.stringify(spec.cluster.scheduler));
  for (const line of nodeCommands(spec.cluster.nodes)) run(line);
  for (const line of nodeGroupCommands(spec.cluster.nodeGroups ?? [])) run(line);
  for (const d of spec.documents ?? []) cluster.setFile(d.name, d.text);
  for (const name of spec.cluster.operators ?? []) run(`sim operator install ${name}`);
  if (spec.manifests?.length) run('kubectl apply -f -', spec.manifests.map((m) => YAML.stringify(m)).join('---\n'));
  for (const t of spec.traffic ?? []) {
    run(['sim traffic add', t.name, t.url, t.rps && `--rps ${t.rps}`, t.from && `--from ${t.from}`, t.namespace && `-n ${t.namespace}`].filter(Boolean).join(' '));
  }
  const start = cluster.now();
  for (const t of spec.timeline ?? []) cluster.schedule({ at: start + parseDuration(t.at), run: t.run, ...(t.stdin !== undefined ? { stdin: t.stdin } : {}) });
  return problems;
}

/** A new cluster running the scenario (for a student: their variant). */
export function loadScenario(scenario: Scenario, opts: { student?: string } = {}): LoadedScenario {
  const resolved = resolveScenario(scenario, opts.student);
  const cluster = createCluster(clusterOptions(resolved.scenario));
  const problems = setUpCluster(cluster, resolved.scenario);
  return { ...resolved, cluster, problems };
}
