// The composition root: the only place that knows every component. It wires the API server, informers,
// controllers, the scheduler and the nodes, and offers the headless API of index.ts.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { Event } from 'kubernetes-types/core/v1';
import type { KubeObject } from './api/object.ts';
import { Store } from './apiserver/store.ts';
import { SYSTEM_PRIORITY_CLASSES } from './apiserver/admission/plugins/priority.ts';
import { EventRecorder } from './client/events.ts';
import { SharedInformerFactory } from './client/informer.ts';
import type { Controller } from './client/controller.ts';
import { DeploymentController } from './controllers/deployment/controller.ts';
import { GarbageCollector } from './controllers/garbagecollector/controller.ts';
import { DEFAULT_NODE_IPAM, NodeIpamController, type NodeIpamConfig } from './controllers/nodeipam/controller.ts';
import { ReplicaSetController } from './controllers/replicaset/controller.ts';
import { StatefulSetController } from './controllers/statefulset/controller.ts';
import { DaemonSetsController } from './controllers/daemonset/controller.ts';
import { PodGroupController } from './controllers/podgroup/controller.ts';
import { PodGCController } from './controllers/podgc/controller.ts';
import { NodeLifecycleController } from './controllers/nodelifecycle/controller.ts';
import { TaintEvictionController } from './controllers/tainteviction/controller.ts';
import { NamespaceController } from './controllers/namespace/controller.ts';
import { JobController } from './controllers/job/controller.ts';
import { CronJobController } from './controllers/cronjob/controller.ts';
import { TTLAfterFinishedController } from './controllers/ttlafterfinished/controller.ts';
import { ServiceAccountsController } from './controllers/serviceaccount/controller.ts';
import { ResourceQuotaController } from './controllers/resourcequota/controller.ts';
import { DisruptionController } from './controllers/disruption/controller.ts';
import type { ApplyResult, ClusterSnapshot, CreateClusterOptions, ExecResult, KubesimCluster, WatchEvent } from './index.ts';
import { formatError, type KubectlContext } from './kubectl/context.ts';
import { runKubectl } from './kubectl/kubectl.ts';
import { shellSplit } from './kubectl/shellwords.ts';
import { NodeManager } from './node/manager.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import type { SchedulingTrace } from './scheduler/trace.ts';
import type { KubeSchedulerConfiguration } from './scheduler/config.ts';
import { DEFAULT_START_MS, SimClock } from './sim/clock.ts';
import { SeededRng } from './sim/rng.ts';
import type { NodeSpec, SimHost } from './simctl/host.ts';
import { CONNECTION_REFUSED, ControlPlane } from './simctl/controlplane.ts';
import { runSim } from './simctl/sim.ts';

/** --event-ttl: the API server forgets Events after an hour. */
export const EVENT_TTL_MS = 60 * 60_000;
const INITIAL_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

export class Cluster implements KubesimCluster, SimHost {
  readonly seed: number;
  readonly clock: SimClock;
  readonly store: Store;
  readonly informers: SharedInformerFactory;
  readonly recorder: EventRecorder;
  readonly scheduler: Scheduler;
  readonly nodes: NodeManager;
  readonly controlPlane: ControlPlane;
  readonly controllers: Controller[];
  /** Files that `kubectl apply -f NAME` can read (the page's editor documents). */
  readonly files = new Map<string, string>();
  private readonly apiRng: SeededRng;
  private readonly ipam: NodeIpamConfig;
  private readonly startMs: number;

  constructor(opts: CreateClusterOptions = {}) {
    const snap = opts.snapshot;
    this.seed = snap?.seed ?? opts.seed ?? 1;
    this.startMs = DEFAULT_START_MS;
    this.ipam = {
      clusterCIDR: snap?.config?.clusterCIDR ?? opts.clusterCIDR ?? DEFAULT_NODE_IPAM.clusterCIDR,
      nodeCIDRMaskSize: snap?.config?.nodeCIDRMaskSize ?? opts.nodeCIDRMaskSize ?? DEFAULT_NODE_IPAM.nodeCIDRMaskSize,
    };
    this.clock = new SimClock(snap?.nowMs ?? DEFAULT_START_MS);
    const root = new SeededRng(snap ? `${this.seed}@${snap.resourceVersion}` : this.seed);
    this.apiRng = root.fork('apiserver');
    if (snap) this.apiRng.setState(snap.rngState);
    this.store = new Store(this.clock, this.apiRng);
    if (snap) this.store.load(snap.objects, snap.resourceVersion);
    else {
      for (const name of INITIAL_NAMESPACES) this.store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } } });
      // The API server's bootstrap-system-priority-classes post-start hook.
      for (const pc of SYSTEM_PRIORITY_CLASSES) this.store.create(structuredClone(pc));
    }

    this.informers = new SharedInformerFactory(this.store, this.clock);
    this.recorder = new EventRecorder(this.store, this.clock);
    this.controllers = [
      new DeploymentController(this.store, this.clock, this.informers, this.recorder),
      new ReplicaSetController(this.store, this.clock, this.informers, this.recorder),
      new StatefulSetController(this.store, this.clock, this.informers, this.recorder),
      new DaemonSetsController(this.store, this.clock, this.informers, this.recorder),
      new PodGCController(this.store, this.clock, this.informers),
      new NodeLifecycleController(this.store, this.clock, this.informers, this.recorder),
      new TaintEvictionController(this.store, this.clock, this.informers, this.recorder),
      new NamespaceController(this.store, this.clock, this.informers),
      new JobController(this.store, this.clock, this.informers, this.recorder),
      new CronJobController(this.store, this.clock, this.informers, this.recorder),
      new TTLAfterFinishedController(this.store, this.clock, this.informers),
      new GarbageCollector(this.store, this.clock, this.informers, ['Pod', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'ControllerRevision', 'Job', 'CronJob', 'Node', 'Lease', 'ConfigMap']),
      new NodeIpamController(this.store, this.clock, this.informers, this.recorder, this.ipam),
      new PodGroupController(this.store, this.clock, this.informers, this.recorder),
      new ServiceAccountsController(this.store, this.clock, this.informers),
      new ResourceQuotaController(this.store, this.clock, this.informers),
      new DisruptionController(this.store, this.clock, this.informers, this.recorder),
    ];
    this.scheduler = new Scheduler(this.store, this.clock, this.informers, this.recorder, root.fork('scheduler'));
    if (snap?.config?.scheduler) this.scheduler.setConfiguration(snap.config.scheduler as KubeSchedulerConfiguration);
    this.nodes = new NodeManager(this.store, this.clock, root.fork('nodes'));
    this.controlPlane = new ControlPlane({ apiserver: this.store, controllers: this.controllers, scheduler: this.scheduler, nodes: this.nodes });
    for (const c of this.controllers) c.start();
    this.scheduler.start();
    this.informers.start();
    if (snap) this.nodes.resume(this.store.list<Node>('Node'));
    this.clock.every(60_000, () => this.expireEvents());
  }

  // ---- headless API ----

  exec(commandLine: string, stdin?: string): ExecResult {
    return this.run(commandLine, stdin).result;
  }

  apply(yamlText: string): ApplyResult {
    const { result, documents } = this.run('kubectl apply -f -', yamlText);
    return {
      ...result,
      documents: (documents ?? []).map((d, i) => ({ index: i, startLine: d.manifest.startLine, endLine: d.manifest.endLine, ok: d.ok, message: d.message })),
    };
  }

  setFile(name: string, text: string | undefined): void {
    if (text === undefined) this.files.delete(name); else this.files.set(name, text);
  }

  advance(seconds: number): void { this.clock.advance(seconds * 1000); }
  step(): boolean { return this.clock.step(); }
  runUntilIdle(): boolean { return this.clock.runUntilIdle(); }
  now(): number { return this.clock.now(); }
  list(kind: string): KubeObject[] { return this.store.list(kind); }

  onChange(listener: (e: WatchEvent) => void): () => void {
    return this.store.watchAll((e) => listener({ type: e.type, object: e.object }));
  }

  snapshot(): ClusterSnapshot {
    return {
      version: 1, seed: this.seed, nowMs: this.clock.now(), resourceVersion: this.store.resourceVersion,
      rngState: this.apiRng.getState(), objects: structuredClone(this.store.dump()), config: { ...this.ipam, scheduler: this.scheduler.configuration() },
    };
  }

  // ---- SimHost ----

  addNode(spec: NodeSpec): void {
    if (this.nodes.has(spec.name) || this.store.tryGet('Node', undefined, spec.name)) throw new Error(`node "${spec.name}" already exists`);
    this.nodes.add(spec);
  }
  nodeSpecs(): NodeSpec[] { return this.nodes.configs(); }
  advanceMs(ms: number): void { this.clock.advance(ms); }
  startedAt(): number { return this.startMs; }
  schedulingTrace(podKey: string): SchedulingTrace | undefined { return this.scheduler.traces.forPod(podKey); }
  schedulerConfiguration(): KubeSchedulerConfiguration { return this.scheduler.configuration(); }
  setSchedulerConfiguration(cfg: KubeSchedulerConfiguration): void { this.scheduler.setConfiguration(cfg); }
  schedulerProfiles(): string[] { return this.scheduler.profileNames(); }
  stopNode(name: string): void { this.nodes.stop(name); }
  startNode(name: string): void { this.nodes.start(name); }
  nodeStopped(name: string): boolean { return this.nodes.isStopped(name); }

  /** The machine disappears and its Node object is deleted (as a cloud provider's node controller would). */
  deleteNode(name: string): void {
    if (!this.store.available) throw new Error(CONNECTION_REFUSED);
    this.nodes.remove(name);
    if (this.store.tryGet('Node', undefined, name)) this.store.delete('Node', undefined, name);
  }

  killPod(namespace: string, name: string): number {
    if (!this.store.available) throw new Error(CONNECTION_REFUSED);
    const pod = this.store.tryGet<Pod>('Pod', namespace, name);
    if (!pod) throw new Error(`pods "${name}" not found`);
    if (!pod.spec?.nodeName) throw new Error(`pod "${name}" is not bound to a node`);
    return this.nodes.killPod(pod);
  }

  // ---- internals ----

  private run(commandLine: string, stdin?: string): { result: ExecResult; documents?: ReturnType<typeof runKubectl>['documents'] } {
    const out: string[] = [];
    const err: string[] = [];
    let code = 0;
    let documents;
    try {
      const argv = shellSplit(commandLine.trim());
      const [program, ...rest] = argv;
      if ((program === 'kubectl' || program === 'k') && !this.store.available) {
        err.push(CONNECTION_REFUSED);
        code = 1;
      } else if (program === 'kubectl' || program === 'k') {
        const ctx: KubectlContext = { store: this.store, clock: this.clock, stdin, files: this.files, out, err, nodes: this.nodes };
        const r = runKubectl(ctx, rest);
        code = r.code;
        documents = r.documents;
      } else if (program === 'sim') {
        runSim(this, rest, out, { stdin, files: this.files });
      } else if (program === undefined) {
        code = 0;
      } else {
        err.push(`error: unknown command "${program}": commands start with "kubectl" or "sim"`);
        code = 1;
      }
    } catch (e) {
      err.push(formatError(e));
      code = 1;
    }
    const text = (lines: string[]) => (lines.length ? lines.join('\n') + '\n' : '');
    return { result: { code, stdout: text(out), stderr: text(err) }, documents };
  }

  /** The API server's --event-ttl, applied once a minute. */
  private expireEvents(): void {
    const cutoff = this.clock.now() - EVENT_TTL_MS;
    let removed = false;
    for (const ev of this.store.list<Event>('Event')) {
      const last = Date.parse(ev.lastTimestamp ?? ev.metadata.creationTimestamp ?? '');
      if (last < cutoff) { this.store.delete('Event', ev.metadata.namespace, ev.metadata.name!); removed = true; }
    }
    if (removed) {
      this.recorder.prune();
      this.nodes.pruneEvents();
    }
  }
}
