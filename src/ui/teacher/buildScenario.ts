// A teacher's exercise as a scenario file: the current nodes, the picked objects' manifests (cleaned of what
// the cluster wrote into them), and the authored steps. The worker validates the result like any other file.
import YAML from 'yaml';
import type { CHECK_KINDS } from '../../engine/scenario/format.ts';
import type { NodeView } from '../../worker/protocol.ts';

export type CheckKind = (typeof CHECK_KINDS)[number];

/** What the form starts a new check with; the teacher edits the YAML. */
export const CHECK_TEMPLATES: Record<CheckKind, string> = {
  podsReady: '{ owner: deployment/web, count: 3 }',
  podsOnNodes: '{ owner: deployment/web, nodeSelector: "disk=ssd" }',
  jsonpath: '{ get: deployment/web, path: "{.spec.replicas}", equals: "3" }',
  event: '{ reason: Killing, object: web- }',
  noEvent: '{ reason: FailedScheduling, within: 1m }',
  traffic: '{ name: shoppers, maxErrorPercent: 1 }',
  canI: '{ user: jane, groups: [dev], verb: list, resource: pods, namespace: dev }',
  not: '{ podsReady: { owner: deployment/old } }',
};

export interface DraftText { en: string; zh: string }
export interface DraftCheck { kind: CheckKind; body: string }
export interface DraftStep { id: string; goal: DraftText; nudge: DraftText; stronger: DraftText; checks: DraftCheck[]; solution: string }
export interface Draft { name: string; title: DraftText; description: DraftText; steps: DraftStep[] }

/** Chinese falls back to the English text when the teacher leaves it empty. */
const text = (t: DraftText) => ({ en: t.en.trim(), zh: t.zh.trim() || t.en.trim() });

const quantity = (milli: number) => (milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`);
function memory(bytes: number): string {
  const gi = 1024 ** 3;
  const mi = 1024 ** 2;
  return bytes % gi === 0 ? `${bytes / gi}Gi` : `${Math.round(bytes / mi)}Mi`;
}

/** Labels that `sim node add` writes itself. */
const SYSTEM_LABEL = /^(kubernetes\.io\/|beta\.kubernetes\.io\/|node-role\.kubernetes\.io\/|node\.kubernetes\.io\/)/;

/** The worker nodes as the scenario's cluster (control-plane nodes come with every cluster). */
export function scenarioNodes(nodes: readonly NodeView[]): Record<string, unknown>[] {
  return nodes.filter((n) => !n.roles.includes('control-plane')).sort((a, b) => a.name.localeCompare(b.name)).map((n) => {
    const labels = Object.fromEntries(Object.entries(n.labels).filter(([k]) => !SYSTEM_LABEL.test(k)));
    const taints = n.taints.filter((t) => !t.key.startsWith('node.kubernetes.io/')).map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`);
    return {
      name: n.name, cpu: quantity(n.capacity.cpuMilli), memory: memory(n.capacity.memoryBytes), pods: n.capacity.pods,
      ...(Object.keys(labels).length ? { labels } : {}), ...(taints.length ? { taints } : {}),
    };
  });
}

const SERVER_ANNOTATIONS = ['deployment.kubernetes.io/revision', 'kubectl.kubernetes.io/last-applied-configuration'];

/**
 * An object as a manifest to apply again: without status and the fields the API server and controllers set.
 * Simplification: allocated fields that would clash on a new cluster are dropped by a short list (Service
 * clusterIP(s), PVC volumeName), not by each kind's full strategy.
 */
export function cleanManifest(obj: Record<string, unknown>): Record<string, unknown> {
  const o = structuredClone(obj);
  delete o.status;
  const meta = (o.metadata ?? {}) as Record<string, unknown>;
  for (const k of ['uid', 'resourceVersion', 'creationTimestamp', 'generation', 'managedFields', 'ownerReferences', 'selfLink', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'finalizers']) delete meta[k];
  const ann = meta.annotations as Record<string, string> | undefined;
  if (ann) {
    for (const k of SERVER_ANNOTATIONS) delete ann[k];
    if (Object.keys(ann).length === 0) delete meta.annotations;
  }
  const spec = o.spec as Record<string, unknown> | undefined;
  if (spec && o.kind === 'Service') {
    delete spec.clusterIP;
    delete spec.clusterIPs;
  }
  if (spec && o.kind === 'PersistentVolumeClaim') delete spec.volumeName;
  return o;
}

/** The scenario file's text; throws when a check's YAML does not parse (the message names the step). */
export function buildScenarioYaml(draft: Draft, nodes: readonly NodeView[], manifests: readonly Record<string, unknown>[], seed = 1): string {
  const steps = draft.steps.map((s, i) => ({
    id: s.id.trim() || `step-${i + 1}`,
    goal: text(s.goal),
    hints: [s.nudge, s.stronger].filter((h) => h.en.trim()).map(text),
    checks: s.checks.map((c, j) => {
      let body: unknown;
      try {
        body = YAML.parse(c.body);
      } catch (e) {
        throw new Error(`step ${i + 1}, check ${j + 1}: ${(e as Error).message.split('\n')[0]}`);
      }
      return { [c.kind]: body };
    }),
    solution: s.solution.split('\n').map((l) => l.trim()).filter(Boolean).map((run) => ({ run })),
  }));
  const scenario = {
    apiVersion: 'kubesim.io/v1alpha1',
    kind: 'Scenario',
    metadata: { name: draft.name.trim() },
    spec: {
      title: text(draft.title),
      description: text(draft.description),
      seed,
      cluster: { nodes: scenarioNodes(nodes) },
      ...(manifests.length ? { manifests: manifests.map(cleanManifest) } : {}),
      ...(steps.length ? { exercise: { steps } } : {}),
    },
  };
  return YAML.stringify(scenario);
}
