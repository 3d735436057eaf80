// The composition root: the only place that knows every component. It wires the API server, informers,
// controllers, the scheduler and the nodes, and offers the headless API of index.ts.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { Event } from 'kubernetes-types/core/v1';
import type { KubeObject } from './api/object.ts';
import { Store } from './apiserver/store.ts';
import { SYSTEM_PRIORITY_CLASSES } from './apiserver/admission/plugins/priority.ts';
import { ensureBootstrapPolicy } from './apiserver/rbac/bootstrap.ts';
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
import { ClusterRoleAggregationController } from './controllers/clusterroleaggregation/controller.ts';
import { ServiceAccountsController } from './controllers/serviceaccount/controller.ts';
import { RootCACertPublisher } from './controllers/rootcacertpublisher/controller.ts';
import { CSRSigningController } from './controllers/certificates/signer.ts';
import { CSRCleanerController } from './controllers/certificates/cleaner.ts';
import { ResourceQuotaController } from './controllers/resourcequota/controller.ts';
import { DisruptionController } from './controllers/disruption/controller.ts';
import { PersistentVolumeController } from './controllers/volume/persistentvolume/controller.ts';
import { AttachDetachController } from './controllers/volume/attachdetach/controller.ts';
import { ExpandController } from './controllers/volume/expand/controller.ts';
import { StorageProtectionController } from './controllers/volume/protection/controller.ts';
import { SimCSIDriver } from './node/csi/driver.ts';
import { ExternalProvisioner } from './node/csi/provisioner.ts';
import { ExternalAttacher } from './node/csi/attacher.ts';
import { ExternalResizer } from './node/csi/resizer.ts';
import type { PersistentVolume } from 'kubernetes-types/core/v1';
import type { VolumeAttachment } from 'kubernetes-types/storage/v1';
import { HorizontalController } from './controllers/podautoscaler/controller.ts';
import { servingMetrics } from './network/traffic/custommetrics.ts';
import { EndpointSliceController } from './controllers/endpointslice/controller.ts';
import { EndpointsController } from './controllers/endpoint/controller.ts';
import { EndpointSliceMirroringController } from './controllers/endpointslicemirroring/controller.ts';
import { Network, type NetworkState } from './network/network.ts';
import type { ServiceEndpointsView, TrafficSeries } from './network/types.ts';
import type { SourceStatus } from './network/traffic/simulator.ts';
import type { ApplyOptions, ApplyResult, ClusterSnapshot, CreateClusterOptions, EditResult, ExecOptions, ExecResult, KubesimCluster, ScheduledCommand, WatchEvent, WatchStreams } from './index.ts';
import type { EditorHooks } from './kubectl/commands/edit/index.ts';
import type { EditSession } from './kubectl/commands/edit/session.ts';
import { formatError, type KubectlContext } from './kubectl/context.ts';
import { runHelm } from './helm/helm.ts';
import { until } from './sim/until.ts';
import { runArgocd } from './argocd/argocd.ts';
import { runKubectl, type KubectlResult } from './kubectl/kubectl.ts';
import { findSubcommand } from './kubectl/globalflags.ts';
import { KUBERNETES_SUPER_ADMIN } from './kubectl/identity.ts';
import type { UserInfo } from './apiserver/rbac/authorizer.ts';
import { contextNamespace, defaultKubeconfig, fromFile, toFile, type Kubeconfig } from './kubectl/kubeconfig.ts';
import type { WatchRenderer } from './kubectl/commands/getwatch.ts';
import { shellSplit } from './kubectl/shellwords.ts';
import { NodeManager } from './node/manager.ts';
import { httpAnswer, podListens } from './node/runtime/nettools/server.ts';
import type { NodeDeviceState } from './node/deviceplugin/node.ts';
import type { NodeGpuView } from './node/deviceplugin/view.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import { ClusterAutoscaler, type AutoscalerState } from './autoscaler/autoscaler.ts';
import type { SchedulingTrace } from './scheduler/trace.ts';
import type { KubeSchedulerConfiguration } from './scheduler/config.ts';
import { DEFAULT_START_MS, SimClock } from './sim/clock.ts';
import { SeededRng } from './sim/rng.ts';
import type { NodeSpec, SimHost } from './simctl/host.ts';
import { CONNECTION_REFUSED, ControlPlane } from './simctl/controlplane.ts';
import { ControllerLoops, type LoopView } from './client/loops.ts';
import type { DropFault } from './client/looptrace.ts';
import { runSim } from './simctl/sim.ts';
import { crashTarget } from './simctl/faults.ts';
import { CommandTimeline } from './scenario/timeline.ts';
import { bootstrapAddons } from './bootstrap/addons.ts';
import { ensureKubernetesEndpoints } from './bootstrap/kubernetesservice.ts';
import { createKubeadmConfig } from './bootstrap/kubeadmconfig.ts';
import { ClusterCni } from './bootstrap/cni.ts';
import { OperatorManager } from './operators/manager.ts';
import { repoTools } from './argocd/repotools.ts';
import { IstioDataPlane } from './operators/istio/dataplane.ts';
import { GatewayApiDataPlane, withGatewayApi } from './operators/envoygateway/dataplane.ts';
import { withCoschedulingProfile } from './simctl/operator.ts';
import type { CustomResourceSchema } from './apiserver/apiextensions/registry.ts';
import { FeatureGates } from './api/featuregates.ts';
import { DRA_FEATURE, DRA_KINDS } from './api/resource.ts';
import { ResourceClaimController } from './controllers/resourceclaim/controller.ts';
import { Workstation } from './workstation/workstation.ts';
import type { Job, JobSink } from './workstation/jobs.ts';
import { COMMANDS_HINT, FORWARD_HEADLESS_NOTE } from './workstation/workstation.ts';
import type { PortForwardHost } from './kubectl/commands/portforward/index.ts';
import { WorkstationShell } from './workstation/shell.ts';

/** --event-ttl: the API server forgets Events after an hour. */
export const EVENT_TTL_MS = 60 * 60_000;
const INITIAL_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

/** The programs that talk to the simulated cluster (the rest of a line is the workstation shell's). */
const CLUSTER_PROGRAMS = new Set(['kubectl', 'k', 'helm', 'argocd', 'sim']);

/** What one program of a command line gets: its input, the kubeconfig it runs as, and how it may stream. */
interface ProgramIO {
  stdin?: string;
  watch?: KubectlContext['watch'];
  kubeconfig: Kubeconfig;
  user?: UserInfo;
  edit?: EditorHooks;
  host: PortForwardHost & { started?: Job };
  writeFile(name: string, text: string): void;
}

/** What one program printed and how it ended; kubectl's apply and edit report more. */
interface ProgramResult {
  code: number;
  stdout: string;
  stderr: string;
  documents?: KubectlResult['documents'];
  edit?: EditSession;
}

export class Cluster implements KubesimCluster, SimHost {
  readonly seed: number;
  readonly clock: SimClock;
  readonly store: Store;
  readonly informers: SharedInformerFactory;
  readonly recorder: EventRecorder;
  readonly scheduler: Scheduler;
  readonly nodes: NodeManager;
  readonly controlPlane: ControlPlane;
  /** sim controller and the Control loops view: every controller's informer → workqueue → sync, made visible. */
  readonly loops: ControllerLoops;
  readonly controllers: Controller[];
  /** The data plane: kube-proxy, CoreDNS, load balancers, ingress and traffic. */
  readonly network: Network;
  /** The simulated CSI backend (csi.kubesim.io); its state is rebuilt from PVs and VolumeAttachments on restore. */
  readonly csiDriver = new SimCSIDriver();
  /** Files that `kubectl apply -f NAME` can read (the page's editor documents). */
  readonly files = new Map<string, string>();
  /** Who wants word of a changed document (Argo CD's repository webhook). */
  private readonly fileListeners = new Set<() => void>();
  /** sim cni, and whether the pod network enforces NetworkPolicy (cni.supportsNetworkPolicy()). */
  readonly cni: ClusterCni;
  /** A scenario's timeline: commands waiting for their virtual moment. */
  readonly timeline: CommandTimeline;
  /** sim operator: the built-in operators (training …) and their controllers. */
  readonly operators: OperatorManager;
  /** sim nodegroup / sim autoscaler: the cloud's node groups and the cluster autoscaler resizing them. */
  readonly autoscaler: ClusterAutoscaler;
  /** sim featuregates: the cluster's feature gates, kept in the snapshot. */
  readonly featureGates: FeatureGates;
  /** The learner's machine: port-forwards, shell jobs, curl on localhost. Not saved (client processes). */
  readonly workstation: Workstation;
  private readonly apiRng: SeededRng;
  /** The terminal's kubectl configuration: part of the simulated environment, not of the API server. */
  private readonly kubeconfig: Kubeconfig;
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
    this.kubeconfig = snap?.config?.kubeconfig === undefined ? defaultKubeconfig() : fromFile(snap.config.kubeconfig);
    this.clock = new SimClock(snap?.nowMs ?? DEFAULT_START_MS);
    const root = new SeededRng(snap ? `${this.seed}@${snap.resourceVersion}` : this.seed);
    this.apiRng = root.fork('apiserver');
    if (snap) this.apiRng.setState(snap.rngState);
    this.store = new Store(this.clock, this.apiRng);
    this.featureGates = new FeatureGates(snap?.config?.featureGates ?? opts.featureGates);
    if (this.featureGates.enabled(DRA_FEATURE)) for (const k of DRA_KINDS) this.store.kinds.register(k);
    if (snap) this.store.load(snap.objects, snap.resourceVersion);
    else {
      for (const name of INITIAL_NAMESPACES) this.store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } } });
      // The API server's bootstrap-system-priority-classes post-start hook.
      for (const pc of SYSTEM_PRIORITY_CLASSES) this.store.create(structuredClone(pc));
    }
    // The rbac/bootstrap-roles post-start hook, also after loading a snapshot saved before RBAC existed. Its uids come
    // from a fork of their own: the API server's draws (every later uid and generated name) stay where they were.
    ensureBootstrapPolicy(this.store, root.fork('rbac-bootstrap'));
    // The endpoint reconciler's default/kubernetes Endpoints, the same way.
    ensureKubernetesEndpoints(this.store, root.fork('endpoint-reconciler'));
    // kubeadm init's uploaded configuration (kubeadm-config, kubelet-config, kube-proxy, cluster-info).
    if (!snap) createKubeadmConfig(this.store, root.fork('kubeadm-init'), this.ipam.clusterCIDR);

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
      new GarbageCollector(this.store, this.clock, this.informers, ['Pod', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'ControllerRevision', 'Job', 'CronJob', 'Node', 'Lease', 'ConfigMap', 'EndpointSlice', 'Endpoints', 'Service', 'CSINode', 'PersistentVolumeClaim']),
      new NodeIpamController(this.store, this.clock, this.informers, this.recorder, this.ipam),
      new PodGroupController(this.store, this.clock, this.informers, this.recorder),
      new ServiceAccountsController(this.store, this.clock, this.informers),
      new RootCACertPublisher(this.store, this.clock, this.informers),
      new CSRSigningController(this.store, this.clock, this.informers),
      new CSRCleanerController(this.store, this.clock, this.informers),
      new ClusterRoleAggregationController(this.store, this.clock, this.informers),
      new ResourceQuotaController(this.store, this.clock, this.informers),
      new DisruptionController(this.store, this.clock, this.informers, this.recorder),
      // metrics-server: the machines' pod usage (the node manager exists by the time the controller first syncs).
      new HorizontalController(this.store, this.clock, this.informers, this.recorder, { podMetrics: () => this.nodes.podMetrics(), podCustomMetrics: (m) => servingMetrics(m, this.nodes.podMetrics(), this.network.traffic) }),
      new EndpointsController(this.store, this.clock, this.informers, this.recorder),
      new EndpointSliceController(this.store, this.clock, this.informers),
      new EndpointSliceMirroringController(this.store, this.clock, this.informers, this.recorder),
      new PersistentVolumeController(this.store, this.clock, this.informers, this.recorder),
      new AttachDetachController(this.store, this.clock, this.informers, this.recorder),
      new ExpandController(this.store, this.clock, this.informers, this.recorder),
      new StorageProtectionController(this.store, this.clock, this.informers),
      // The CSI controller plugin's sidecars (see node/csi/provisioner.ts).
      new ExternalProvisioner(this.store, this.clock, this.informers, this.recorder, this.csiDriver),
      new ExternalAttacher(this.store, this.clock, this.informers, this.csiDriver),
      new ExternalResizer(this.store, this.clock, this.informers, this.recorder, this.csiDriver),
    ];
    this.scheduler = new Scheduler(this.store, this.clock, this.informers, this.recorder, root.fork('scheduler'), this.featureGates);
    if (snap?.config?.scheduler) this.scheduler.setConfiguration(snap.config.scheduler as KubeSchedulerConfiguration);
    this.nodes = new NodeManager(this.store, this.clock, root.fork('nodes'));
    this.nodes.csiDriver = this.csiDriver;
    this.nodes.draEnabled = () => this.featureGates.enabled(DRA_FEATURE);
    if (snap) this.csiDriver.restore(this.store.list<PersistentVolume>('PersistentVolume'), this.store.list<VolumeAttachment>('VolumeAttachment'));
    this.network = new Network({
      store: this.store, clock: this.clock, informers: this.informers, recorder: this.recorder, rng: root.fork('network'),
      apiServerUp: () => this.store.available, nodeStopped: (n) => this.nodes.isStopped(n), podAnswers: (p) => this.nodes.podAnswers(p), podListens,
      podResponse: (p, port, path) => {
        const a = httpAnswer(p, port, path, this.clock.now());
        return a && a !== 'no-reply' ? { status: a.status, delayMs: a.delayMs ?? 0 } : undefined;
      },
      enforcesNetworkPolicy: () => this.cni.supportsNetworkPolicy(), podNetworkBridged: (n) => this.cni.bridged(n),
      // The sidecars act only on pods Istio injected, so a cluster without it routes as before.
      // Envoy Gateway's proxies route as gateway pods beside Istio's (neither draws without its objects).
      mesh: withGatewayApi(new IstioDataPlane(this.store, root.fork('mesh')), new GatewayApiDataPlane(this.store)),
    }, snap?.config?.network as NetworkState | undefined);
    this.nodes.loadCpuMilli = (ns, name) => this.network.traffic.cpuMilli(`${ns}/${name}`);
    this.nodes.netProbe = (pod, sandboxIP) => this.network.podView(`${pod.metadata?.namespace ?? 'default'}/${pod.metadata?.name ?? ''}`, sandboxIP);
    this.workstation = new Workstation({ store: this.store, clock: this.clock, rng: root.fork('workstation'), node: (ip, port, path, headers) => this.network.externalConnect(ip, port, path, headers) });
    this.controlPlane = new ControlPlane({
      apiserver: this.store, controllers: this.controllers, scheduler: this.scheduler,
      // The data plane's controllers (load balancer, ingress) lose the API server with the kubelets.
      nodes: { apiServerChanged: (up) => { this.nodes.apiServerChanged(up); for (const c of this.network.controllers()) if (up) c.resume(); else c.pause(); } },
    });
    // Operators' loops too (the manager is built below; the list is read lazily).
    this.loops = new ControllerLoops(() => (this.operators ? [...this.controllers, ...this.operators.loopControllers()] : this.controllers), this.store, this.clock);
    for (const c of this.controllers) c.loop.registerHandlers(() => c.start());
    this.loops.restoreFaults(snap?.config?.loops as Record<string, DropFault> | undefined);
    this.network.start();
    this.scheduler.start();
    this.informers.start();
    // The garbage collector follows the kinds CRDs serve; operators run on the shared informers.
    const gc = this.controllers.find((c): c is GarbageCollector => c instanceof GarbageCollector)!;
    // PodGroups and autoscalers are the built-in operators' dependents.
    gc.monitor('PodGroup');
    gc.monitor('HorizontalPodAutoscaler');
    const monitorCustomKinds = () => { for (const k of this.store.customResources.servedKinds()) gc.monitor(k.kind); };
    monitorCustomKinds();
    this.store.customResources.onKindsChanged(monitorCustomKinds);
    const documents = { files: this.files, onChange: (l: () => void) => { this.fileListeners.add(l); return () => { this.fileListeners.delete(l); }; }, tools: repoTools(this.store, this.clock) };
    this.operators = new OperatorManager({ store: this.store, clock: this.clock, informers: this.informers, recorder: this.recorder, documents }, {
      ensureCoschedulingProfile: (name) => { const cfg = withCoschedulingProfile(this.scheduler.configuration(), name); if (cfg) this.scheduler.setConfiguration(cfg); },
    });
    for (const name of snap?.config?.operators ?? []) this.operators.install(name);
    if (this.featureGates.enabled(DRA_FEATURE)) this.startDynamicResourceAllocation(gc);
    this.featureGates.onChange((name, on) => { if (name === DRA_FEATURE) this.draChanged(on, gc); });
    if (snap) this.nodes.resume(this.store.list<Node>('Node'), snap.config?.nodeFiles, snap.config?.devices as Record<string, NodeDeviceState> | undefined, snap.config?.runtimeHandlers);
    this.autoscaler = new ClusterAutoscaler(this.store, this.clock, this.recorder, this.scheduler, {
      add: (spec) => this.addNode(spec),
      remove: (name) => { if (this.nodes.has(name)) this.nodes.remove(name); if (this.store.tryGet('Node', undefined, name)) this.store.delete('Node', undefined, name); },
      exists: (name) => this.nodes.has(name) || !!this.store.tryGet('Node', undefined, name),
    }, root.fork('cluster-autoscaler'));
    if (snap?.config?.autoscaler) this.autoscaler.restore(snap.config.autoscaler as AutoscalerState);
    this.cni = new ClusterCni({ kubectl: (line, stdin) => this.exec(line, stdin, { adminKubeconfig: true }), list: (kind) => this.store.list(kind), networks: () => this.nodes.networks(), ipam: this.ipam });
    if (!snap) for (const addon of bootstrapAddons({ cni: opts.cni ?? 'flannel' })) this.applyAddon(addon.name, addon.manifest);
    this.clock.every(60_000, () => this.expireEvents());
    // A scenario's timeline is the simulator's script, not the user's typing.
    this.timeline = new CommandTimeline(this.clock, (line, stdin) => this.exec(line, stdin, { adminKubeconfig: true }));
    for (const cmd of snap?.config?.timeline ?? []) this.timeline.schedule(cmd);
  }

  // ---- headless API ----

  exec(commandLine: string, stdin?: string, opts: ExecOptions = {}): ExecResult {
    const edit = opts.editor ? { editor: opts.editor, commandLine } : undefined;
    if (opts.adminKubeconfig) return this.run(commandLine, stdin, undefined, defaultKubeconfig(), KUBERNETES_SUPER_ADMIN, edit).result;
    // The user's command line: what background jobs print meanwhile shows with it.
    return this.workstation.session(() => this.run(commandLine, stdin, undefined, this.kubeconfig, undefined, edit).result);
  }

  editOpen(commandLine: string): EditResult {
    const { result, edit } = this.run(commandLine, undefined, undefined, this.kubeconfig, undefined, { deferred: true, commandLine });
    return edit ? { ...result, session: edit } : result;
  }

  editSave(session: EditSession, saved: string): EditResult {
    const { result, edit } = this.run(session.commandLine, undefined, undefined, this.kubeconfig, undefined, { deferred: true, commandLine: session.commandLine, resume: { session, saved } });
    return edit ? { ...result, session: edit } : result;
  }

  apply(yamlText: string, opts: ApplyOptions = {}): ApplyResult {
    // A dry run still draws uids and generated names from the API server's RNG; handing the draws back keeps the
    // cluster's future the same whether or not the editor dry-ran a document meanwhile.
    const rng = opts.dryRun ? this.apiRng.getState() : undefined;
    const { result, documents } = this.run(opts.dryRun ? 'kubectl apply --dry-run=server -f -' : 'kubectl apply -f -', yamlText);
    if (rng !== undefined) this.apiRng.setState(rng);
    return {
      ...result,
      documents: (documents ?? []).map((d, i) => ({ index: i, startLine: d.manifest.startLine, endLine: d.manifest.endLine, ok: d.ok, message: d.message, ...(d.warnings?.length ? { warnings: d.warnings } : {}) })),
    };
  }

  watch(commandLine: string, emit: (text: string) => void, streams: WatchStreams = {}): { result: ExecResult; stop(): void; streaming: boolean } {
    let render: WatchRenderer | undefined;
    let job: Job | undefined;
    // A port-forward streams its job's lines: stdout to emit, stderr and the end to `streams`.
    const sink: JobSink = { out: emit, err: (text) => (streams.stderr ?? emit)(text), end: () => streams.end?.() };
    const result = this.workstation.session(() => {
      const r = this.run(commandLine, undefined, (w) => (render = w), this.kubeconfig, undefined, undefined, sink);
      job = r.job;
      return r.result;
    });
    if (job) {
      const running = job;
      return { result, stop: () => this.workstation.interrupt(running), streaming: true };
    }
    if (!render || result.code !== 0) return { result, stop: () => undefined, streaming: false };
    const draw = render;
    const stop = this.store.watchAll((e) => {
      const text = draw(e);
      if (text !== undefined) emit(text);
    });
    return { result, stop, streaming: true };
  }

  setFile(name: string, text: string | undefined): void {
    if (this.files.get(name) === text) return;
    if (text === undefined) this.files.delete(name); else this.files.set(name, text);
    for (const l of this.fileListeners) l();
  }

  advance(seconds: number): void { this.clock.advance(seconds * 1000); }
  advanceUntil(seconds: number, shouldStop: () => boolean): number { return this.clock.advance(seconds * 1000, shouldStop) / 1000; }
  step(): boolean { return this.clock.step(); }
  runUntilIdle(): boolean { return this.clock.runUntilIdle(); }
  now(): number { return this.clock.now(); }
  list(kind: string): KubeObject[] { return this.store.list(kind); }

  onChange(listener: (e: WatchEvent) => void): () => void {
    return this.store.watchAll((e) => listener({ type: e.type, object: e.object }));
  }

  /** The objects are the store's own, deeply frozen: saving them (IndexedDB, JSON, load) copies them anyway. */
  snapshot(): ClusterSnapshot {
    return {
      version: 1, seed: this.seed, nowMs: this.clock.now(), resourceVersion: this.store.resourceVersion,
      rngState: this.apiRng.getState(), objects: this.store.dump(), config: { ...this.ipam, scheduler: this.scheduler.configuration(), timeline: this.timeline.pending(), nodeFiles: this.nodes.hostFiles(), devices: this.nodes.deviceStates(), network: this.network.state(), operators: this.operators.installed(), loops: this.loops.faults(), kubeconfig: toFile(this.kubeconfig), ...(Object.keys(this.featureGates.state()).length ? { featureGates: this.featureGates.state() } : {}), ...this.runtimeHandlersConfig(), ...(this.autoscaler.cloud.nodeGroups().length ? { autoscaler: this.autoscaler.state() } : {}) },
    };
  }

  schedule(cmd: ScheduledCommand): void { this.timeline.schedule(cmd); }
  scheduledCommands(): ScheduledCommand[] { return this.timeline.pending(); }
  onScheduledRun(listener: (cmd: ScheduledCommand, result: ExecResult) => void): () => void { return this.timeline.onRun(listener); }

  /** The JSON Schemas of the custom resources CRDs serve, per apiVersion and kind (the page's editor). */
  customResourceSchemas(): CustomResourceSchema[] { return this.store.customResources.schemas(); }

  // ---- the data plane's read models (the page) ----

  /** Traffic metrics over virtual time per pod, Service, node and source (network/traffic). */
  trafficMetrics(scope?: TrafficSeries['scope']): TrafficSeries[] { return this.network.trafficMetrics(scope); }
  /** Every Service as kube-proxy last compiled it, with its endpoints and their conditions. */
  serviceEndpoints(): ServiceEndpointsView[] { return this.network.serviceEndpoints(); }
  trafficSources(): SourceStatus[] { return this.network.trafficSources(); }

  /** The machines' extra runtimes, kept only when some machine has any (older snapshots stay the same). */
  private runtimeHandlersConfig(): { runtimeHandlers?: Record<string, string[]> } {
    const handlers = this.nodes.runtimeHandlers();
    return Object.keys(handlers).length ? { runtimeHandlers: handlers } : {};
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
  /** The Control loops view: one controller's loop since `sinceSeq` (tracing starts on the first look). */
  loopTrace(controller: string, sinceSeq = 0): LoopView { return this.loops.view(controller, sinceSeq); }
  schedulerConfiguration(): KubeSchedulerConfiguration { return this.scheduler.configuration(); }
  setSchedulerConfiguration(cfg: KubeSchedulerConfiguration): void { this.scheduler.setConfiguration(cfg); }
  schedulerProfiles(): string[] { return this.scheduler.profileNames(); }
  stopNode(name: string): void { this.nodes.stop(name); }
  startNode(name: string): void { this.nodes.start(name); }
  nodeStopped(name: string): boolean { return this.nodes.isStopped(name); }
  /** The GPUs of every GPU node: devices, health and holders (the page's GPU slots and `sim gpu list`). */
  gpuDevices(): NodeGpuView[] { return this.nodes.gpuViews(); }
  gpuFault(node: string, index: number, xid: number | 'heal'): void { this.nodes.gpuFault(node, index, xid); }

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

  crashContainer(namespace: string, name: string, container: string | undefined): string {
    if (!this.store.available) throw new Error(CONNECTION_REFUSED);
    const pod = this.store.tryGet<Pod>('Pod', namespace, name);
    if (!pod) throw new Error(`pods "${name}" not found`);
    const target = crashTarget(pod, container);
    if (!this.nodes.crashContainer(pod, target)) throw new Error(`container "${target}" of pod "${name}" is not running`);
    return target;
  }

  // ---- internals ----

  private run(typed: string, stdin?: string, watch?: KubectlContext['watch'], kubeconfig = this.kubeconfig, user?: UserInfo, edit?: EditorHooks, sink?: JobSink): { result: ExecResult; documents?: KubectlResult['documents']; edit?: EditSession; job?: Job } {
    // `CMD &`: the workstation's shell runs it as a job.
    const { line: commandLine, background } = Workstation.background(typed);
    const host = this.workstation.host(commandLine, background, sink);
    const written: { name: string; text: string }[] = [];
    const writeFile = (name: string, text: string) => {
      this.setFile(name, text);
      // A file written twice in one line (a redirection truncates, then writes) is reported once, as it ends up.
      const at = written.findIndex((w) => w.name === name);
      if (at >= 0) written.splice(at, 1);
      written.push({ name, text });
    };
    const io: ProgramIO = { stdin, watch, kubeconfig, user, edit, host, writeFile };
    let r: ProgramResult;
    try {
      const argv = WorkstationShell.needed(commandLine) ? undefined : shellSplit(commandLine.trim());
      if (argv && (argv.length === 0 || CLUSTER_PROGRAMS.has(argv[0]) || this.workstation.runs(argv[0]))) r = this.program(argv, io);
      else {
        // Only a line's sole command may stream or hold the prompt; the others run to their end, forwards as jobs.
        const quiet: Omit<ProgramIO, 'host'> = { kubeconfig, user, writeFile };
        let sole: ProgramResult | undefined;
        const shell = this.workstation.shell.run(commandLine, {
          now: this.clock.now(),
          // SIMULATION: as helm --wait, a line a scenario's timeline runs (inside a clock timer) cannot move time.
          sleep: (ms) => { until(this.clock, ms, () => undefined); return this.clock.now(); },
          files: this.files,
          write: writeFile,
          program: (argv, piped, alone, bg) => {
            if (alone) return (sole = this.program(argv, { ...io, stdin: piped ?? stdin }));
            // A forward another command starts goes on as a job of its own, with bash's `[N] PID` note as the
            // sole-command path prints it; any other `CMD &` ran to its end at once (its note, output and Done).
            const command = argv.join(' ');
            const own = this.workstation.host(command, true, undefined);
            const r = this.program(argv, { ...quiet, host: own, stdin: piped });
            if (own.started) return { ...r, stdout: `[${own.started.id}] ${own.started.pid}\n${r.stdout}` };
            return bg ? this.workstation.finished(command, r) : r;
          },
        });
        r = { ...sole, ...shell };
      }
    } catch (e) {
      r = { code: 1, stdout: '', stderr: `${formatError(e)}\n` };
    }
    const job = host.started;
    // A forward that cannot hold this caller's prompt runs on as a job, and says so (as `get -w` prints a note).
    if (job && !background && !sink) r.stderr += `${FORWARD_HEADLESS_NOTE(job.id)}\n`;
    let result: ExecResult = { code: r.code, stdout: r.stdout, stderr: r.stderr, ...(written.length ? { files: written } : {}) };
    if (background) result = job ? { ...result, stdout: `[${job.id}] ${job.pid}\n${result.stdout}` } : { ...result, ...this.workstation.finished(commandLine, result) };
    return { result, documents: r.documents, edit: r.edit, job };
  }

  /** One program of a command line: kubectl, helm, argocd, sim, or the workstation's curl, wget, jobs and kill. */
  private program(argv: string[], io: ProgramIO): ProgramResult {
    const { stdin, kubeconfig, user } = io;
    // Relative paths start at the shell's working directory.
    const files = this.workstation.shell.files(this.files);
    const out: string[] = [];
    const err: string[] = [];
    let code = 0;
    let documents;
    let session: EditSession | undefined;
    let unterminated = false;
    try {
      const [program, ...rest] = argv;
      // kubectl config reads and writes the kubeconfig only, so it works without an API server.
      if ((program === 'kubectl' || program === 'k') && !this.store.available && findSubcommand(rest).name !== 'config') {
        err.push(CONNECTION_REFUSED);
        code = 1;
      } else if (program === 'kubectl' || program === 'k') {
        const ctx: KubectlContext = { store: this.store, clock: this.clock, rng: this.apiRng, stdin, files, out, err, nodes: this.nodes, watch: io.watch, kubeconfig, user, edit: io.edit, portForward: io.host, writeFile: io.writeFile };
        const r = runKubectl(ctx, rest);
        unterminated = ctx.unterminated === true;
        code = r.code;
        documents = r.documents;
        session = r.edit;
      } else if (program === 'helm') {
        // helm is a client of the API server too: it reads the kubeconfig's namespace and writes through the store
        // (and reads test pods' logs, helm test --logs, through the kubelets as pods/log does).
        const ctx: KubectlContext = { store: this.store, clock: this.clock, rng: this.apiRng, stdin, files, out, err, nodes: this.nodes, kubeconfig, user, writeFile: io.writeFile };
        code = runHelm(ctx, rest);
      } else if (program === 'argocd') {
        // argocd --core: a client of the API server, like helm.
        code = runArgocd({ store: this.store, clock: this.clock, rng: this.apiRng, stdin, files, out, err, kubeconfig, user }, rest);
      } else if (program === 'sim') {
        runSim(this, rest, out, { stdin, files, namespace: contextNamespace(kubeconfig) });
      } else if (this.workstation.runs(program)) {
        const r = this.workstation.exec(argv);
        // curl prints exactly what it got: a body without a final newline leaves the line open.
        if (r.stdout) out.push(r.stdout.endsWith('\n') ? r.stdout.slice(0, -1) : r.stdout);
        unterminated = r.stdout !== '' && !r.stdout.endsWith('\n');
        if (r.stderr) err.push(r.stderr.replace(/\n$/, ''));
        code = r.code;
      } else if (program !== undefined) {
        err.push(`error: unknown command "${program}": ${COMMANDS_HINT}`);
        code = 1;
      }
    } catch (e) {
      err.push(formatError(e));
      code = 1;
    }
    const text = (lines: string[], open = false) => (lines.length ? lines.join('\n') + (open ? '' : '\n') : '');
    return { code, stdout: text(out, unterminated), stderr: text(err), documents, edit: session };
  }

  /**
   * DynamicResourceAllocation turned on (or off): resource.k8s.io is served (or not), the scheduler's default
   * profile gains (or loses) DynamicResources, and the kubelets publish their DRA drivers' slices.
   * Simplification: once started, the resourceclaim controller keeps running when the gate is turned off.
   */
  private draChanged(on: boolean, gc: GarbageCollector): void {
    for (const k of DRA_KINDS) if (on) this.store.kinds.register(k); else this.store.kinds.unregister(k.kind);
    this.scheduler.featureGatesChanged();
    if (!on) return;
    this.startDynamicResourceAllocation(gc);
    this.nodes.draEnabledChanged();
  }

  /** kube-controller-manager's resourceclaim controller, and the garbage collector's watch of claims and slices. */
  private startDynamicResourceAllocation(gc: GarbageCollector): void {
    if (this.controllers.some((c) => c instanceof ResourceClaimController)) return;
    const c = new ResourceClaimController(this.store, this.clock, this.informers, this.recorder);
    this.controllers.push(c);
    c.loop.registerHandlers(() => c.start());
    gc.monitor('ResourceClaim');
    gc.monitor('ResourceSlice');
  }

  private applyAddon(name: string, manifest: string): void {
    const r = this.exec('kubectl apply -f -', manifest, { adminKubeconfig: true });
    if (r.code !== 0) throw new Error(`bootstrap addon ${name}: ${r.stderr}`);
  }

  /** The API server's --event-ttl, applied once a minute. */
  private expireEvents(): void {
    const cutoff = this.clock.now() - EVENT_TTL_MS;
    let removed = false;
    // Events written in one second share their timestamp (and follow each other in the list): each run of them is
    // parsed once (Date.parse took ~0.3 µs an Event, 830,000 Events at 150,000 pods).
    let text: string | undefined;
    let last = NaN;
    for (const ev of this.store.list<Event>('Event')) {
      const t = ev.lastTimestamp ?? ev.metadata.creationTimestamp ?? '';
      if (t !== text) { text = t; last = Date.parse(t); }
      if (last < cutoff) { this.store.delete('Event', ev.metadata.namespace, ev.metadata.name!); removed = true; }
    }
    if (removed) {
      this.recorder.prune();
      this.nodes.pruneEvents();
    }
  }
}
