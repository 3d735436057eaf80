// Scenarios and exercises in the worker: the bundled gallery, scenario text from a link or a file (validated by
// the engine's own parser: a link carries data only, never code), loading a scenario into the host's cluster
// for a student's variant, and running a step's checks. The page keeps progress; this module keeps nothing but
// a cache of parsed scenario texts.
import type { ClusterSnapshot, CreateClusterOptions, KubesimCluster } from '../engine/index.ts';
import {
  clusterOptions, evaluateStep, gallery, galleryScenario, hintLadder, parseScenario, resolveScenario, setUpCluster,
  type Scenario,
} from '../engine/scenario/index.ts';
import type { ExerciseView, GalleryItem, ScenarioSource, ScenarioSummary, StepResultView } from './protocol.ts';

/** What the module needs from the host: a cluster to read in turn, and a way to replace it. */
export interface ScenarioHost {
  withCluster<T>(fn: (c: KubesimCluster) => T | Promise<T>): Promise<T>;
  replace(build: () => KubesimCluster | Promise<KubesimCluster>): Promise<unknown>;
}

export interface ScenarioDeps {
  createCluster(opts: CreateClusterOptions): KubesimCluster | Promise<KubesimCluster>;
}

function summary(s: Scenario): ScenarioSummary {
  const nodes = s.spec.cluster.nodes.reduce((n, x) => n + (x.count ?? 1), 0);
  return {
    id: s.metadata.name, title: s.spec.title, description: s.spec.description, nodes,
    manifests: s.spec.manifests?.length ?? 0, steps: s.spec.exercise?.steps.length ?? 0,
  };
}

export class ScenarioService {
  private readonly cache = new Map<string, Scenario>();

  constructor(private readonly host: ScenarioHost, private readonly deps: ScenarioDeps) {}

  gallery(): GalleryItem[] {
    return gallery().map((e) => {
      const s = galleryScenario(e.id);
      return { ...(s ? summary(s) : { id: e.id, title: e.title, description: e.description, nodes: 0, manifests: 0, steps: e.steps }), concept: e.concept, source: e.source };
    });
  }

  /** Parse and validate; throws the validator's message (every problem with its field path). */
  inspect(yaml: string): ScenarioSummary {
    return summary(this.parse({ yaml }));
  }

  /** Replace the cluster with the scenario's world (or the shared snapshot of it) for a student's variant. */
  async load(source: ScenarioSource, student?: string, snapshot?: ClusterSnapshot): Promise<ExerciseView> {
    const { scenario, variant } = resolveScenario(this.parse(source), student);
    let problems: string[] = [];
    await this.host.replace(async () => {
      if (snapshot) return this.deps.createCluster({ snapshot });
      const cluster = await this.deps.createCluster(clusterOptions(scenario));
      problems = setUpCluster(cluster, scenario);
      return cluster;
    });
    return { ...this.view(scenario, variant), problems };
  }

  /** The student's variant of the scenario's exercise, without touching the cluster (after a reload). */
  exercise(source: ScenarioSource, student?: string): ExerciseView {
    const { scenario, variant } = resolveScenario(this.parse(source), student);
    return { ...this.view(scenario, variant), problems: [] };
  }

  /** Run the checks of a step against the current cluster. */
  async check(source: ScenarioSource, student: string | undefined, stepIndex: number): Promise<StepResultView> {
    const { scenario } = resolveScenario(this.parse(source), student);
    const step = scenario.spec.exercise?.steps[stepIndex];
    if (!step) throw new Error(`the scenario "${scenario.metadata.name}" has no step ${stepIndex + 1}`);
    return this.host.withCluster((c) => {
      const r = evaluateStep(c, step);
      return { pass: r.pass, checks: r.checks.map((x) => ({ pass: x.pass, reason: x.reason })) };
    });
  }

  private view(scenario: Scenario, variant: Record<string, string>): Omit<ExerciseView, 'problems'> {
    const steps = (scenario.spec.exercise?.steps ?? []).map((s) => ({ id: s.id, goal: s.goal, ladder: hintLadder(s), checks: s.checks.length }));
    return { summary: summary(scenario), variant, steps, ...(scenario.spec.documents?.length ? { documents: scenario.spec.documents } : {}) };
  }

  private parse(source: ScenarioSource): Scenario {
    if ('id' in source) {
      const s = galleryScenario(source.id);
      if (!s) throw new Error(`the gallery has no scenario "${source.id}"`);
      return s;
    }
    let s = this.cache.get(source.yaml);
    if (!s) {
      s = parseScenario(source.yaml);
      if (this.cache.size > 20) this.cache.clear();
      this.cache.set(source.yaml, s);
    }
    return s;
  }
}
