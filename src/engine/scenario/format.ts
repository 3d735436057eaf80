// The scenario file format, apiVersion kubesim.io/v1alpha1, kind Scenario: a cluster, manifests, a timeline of
// commands, and optionally an exercise (ordered steps with goals, hints, checks and a reference solution).
// Every text a student reads comes in English and Chinese. Durations are Go-style strings ("30s", "5m").
//
//   apiVersion: kubesim.io/v1alpha1
//   kind: Scenario
//   metadata: { name: desired-state, concept: desired-state, order: 1 }
//   spec:
//     title: { en: Desired state, zh: 期望状态 }
//     description: { en: …, zh: … }
//     seed: 1
//     variables: { app: [web, shop, api] }          # per-student variants: "{{app}}" anywhere in spec
//     cluster: { nodes: [{ name: w, count: 3, cpu: "4", memory: 16Gi }], scheduler: {…} }
//     manifests: [ {apiVersion: apps/v1, kind: Deployment, …} ]
//     timeline: [ { at: 30s, run: sim node stop w2 } ]
//     exercise:
//       steps:
//       - id: create
//         goal: { en: …, zh: … }
//         hints: [ { en: …, zh: … }, { en: …, zh: … } ]    # nudge, stronger hint; the solution is the third rung
//         checks: [ { podsReady: { owner: deployment/web, count: 3 } } ]
//         solution: [ { run: kubectl apply -f -, stdin: … }, { run: sim advance 30s } ]
import type { KubeObject } from '../api/object.ts';

export const SCENARIO_API_VERSION = 'kubesim.io/v1alpha1';
export const SCENARIO_KIND = 'Scenario';

/** A text in both languages of the product. */
export interface Text { en: string; zh: string }
export type Locale = keyof Text;

/** A machine's shape, as `sim node add` takes it. */
export interface ScenarioMachine {
  cpu?: string;
  memory?: string;
  pods?: number;
  /** Whole GPUs (`sim node add --gpus`). */
  gpus?: number;
  /** The GPUs' model (`sim node add --gpu-model`, e.g. H100-80GB, L4). */
  gpuModel?: string;
  /** Who offers the GPUs: device-plugin (default) or dra (`sim node add --gpu-driver`). */
  gpuDriver?: 'device-plugin' | 'dra';
  labels?: Record<string, string>;
  /** "key=value:Effect" or "key:Effect", as `kubectl taint` writes them. */
  taints?: string[];
}

export interface ScenarioNode extends ScenarioMachine {
  /** The node's name, or the prefix of `count` nodes named NAME1 … NAMEn. */
  name: string;
  count?: number;
}

/** A cloud node group the cluster autoscaler resizes (`sim nodegroup add NAME --min --max [--size] …`). */
export interface ScenarioNodeGroup extends ScenarioMachine {
  name: string;
  min?: number;
  max: number;
  /** Machines at the start (default: min). */
  size?: number;
  /** The machines' boot time, e.g. 30s (the default). */
  provisionTime?: string;
}

export interface ScenarioCluster {
  nodes: ScenarioNode[];
  /** Node groups; the cluster autoscaler runs when there is one. */
  nodeGroups?: ScenarioNodeGroup[];
  /** The CNI plugin installed at creation (default flannel); "none" leaves the cluster without one. */
  cni?: (typeof CNI_PLUGINS)[number];
  /** kube-controller-manager's --cluster-cidr: the range node IPAM carves podCIDRs from (default 10.244.0.0/16). */
  clusterCIDR?: string;
  /** kube-controller-manager's --node-cidr-mask-size: each node's podCIDR prefix (default 24). */
  nodeCIDRMaskSize?: number;
  /** A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1). */
  scheduler?: Record<string, unknown>;
  /** Built-in operators installed before the manifests apply (`sim operator install NAME`). */
  operators?: string[];
  /** The cluster's --feature-gates, e.g. { DynamicResourceAllocation: true } (`sim featuregates set`). */
  featureGates?: Record<string, boolean>;
}

/** A command line, as typed in the terminal; stdin feeds `-f -`. */
export interface Command { run: string; stdin?: string }

/** A solution step that saves an editor document (NAME, folders with "/") with this text, as the learner would in the editor. */
export interface DocumentSave { save: string; text: string }

export interface TimelineEntry extends Command {
  /** Virtual time after the scenario starts. */
  at: string;
}

/** A traffic source: `sim traffic add NAME URL [--rps N] [--from POD|external] [-n NAMESPACE]`. */
export interface TrafficSource {
  name: string;
  /** e.g. http://web.default.svc.cluster.local/ */
  url: string;
  rps?: number;
  /** A client Pod's name, or "external" (the default). */
  from?: string;
  namespace?: string;
}

export type Comparison = { equals?: string; notEquals?: string; contains?: string; atLeast?: number; atMost?: number };

/** `kubectl get RESOURCE -o json`, then a JSONPath template, compared as kubectl would print it. */
export interface JsonPathCheck extends Comparison {
  /** What `kubectl get` takes: "deployment/web", "pods", "nodes w1". */
  get: string;
  namespace?: string;
  path: string;
}

/** Pods chosen by their owner ("deployment/web") or a label selector. */
export interface PodChoice {
  owner?: string;
  selector?: string;
  namespace?: string;
}

/** Every live pod of the choice is Ready, and at least `count` of them (the owner's replicas by default). */
export interface PodsReadyCheck extends PodChoice { count?: number }

/** The chosen pods ran on nodes whose labels match `nodeSelector`: all of them, or at least `atLeast`. */
export interface PodsOnNodesCheck extends PodChoice { nodeSelector: string; atLeast?: number }

/** Events of a reason (for objects whose name starts with `object`), recorded in the last `within`. */
export interface EventCheck {
  reason: string;
  object?: string;
  namespace?: string;
  within?: string;
  atLeast?: number;
}

/** A traffic source's requests, as `sim traffic list` shows their latest window: errors at most this share. */
export interface TrafficCheck { name: string; maxErrorPercent: number }

/**
 * `kubectl auth can-i VERB RESOURCE [-n NAMESPACE] --as USER [--as-group GROUP…]`: the user (with these groups, as
 * a client certificate's organizations give them) may do it, or with `allowed: false` may not.
 */
export interface CanICheck { user: string; groups?: string[]; verb: string; resource: string; namespace?: string; allowed?: boolean }

export type CheckBody =
  | { jsonpath: JsonPathCheck }
  | { podsReady: PodsReadyCheck }
  | { podsOnNodes: PodsOnNodesCheck }
  | { event: EventCheck }
  | { noEvent: EventCheck }
  | { traffic: TrafficCheck }
  | { canI: CanICheck }
  | { not: Check };

/** A check may carry its own explanation, shown instead of the generated one. */
export type Check = CheckBody & { description?: Text };

export interface ExerciseStep {
  id: string;
  goal: Text;
  /** The ladder's first rungs: a nudge, then a stronger hint. The solution is the last rung. */
  hints: Text[];
  checks: Check[];
  solution: (Command | DocumentSave)[];
}

export interface Exercise { steps: ExerciseStep[] }

/** An editor document: its name (folders with "/") and text. */
export interface ScenarioDocument { name: string; text: string }

export interface ScenarioSpec {
  title: Text;
  description: Text;
  seed: number;
  variables?: Record<string, string[]>;
  cluster: ScenarioCluster;
  manifests?: KubeObject[];
  /** Editor documents the scenario opens (a folder an Argo CD Application syncs, a chart, a kustomization). */
  documents?: ScenarioDocument[];
  timeline?: TimelineEntry[];
  traffic?: TrafficSource[];
  exercise?: Exercise;
}

export interface Scenario {
  apiVersion: typeof SCENARIO_API_VERSION;
  kind: typeof SCENARIO_KIND;
  metadata: {
    name: string;
    /** The concept of the source texts this scenario makes runnable (gallery grouping). */
    concept?: string;
    /** The gallery's order (the order of the concepts in the source texts). */
    order?: number;
  };
  spec: ScenarioSpec;
}

export const CNI_PLUGINS = ['flannel', 'calico', 'none'] as const;
export const CHECK_KINDS = ['jsonpath', 'podsReady', 'podsOnNodes', 'event', 'noEvent', 'traffic', 'canI', 'not'] as const;
