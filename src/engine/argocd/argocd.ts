// The argocd command line (Argo CD 2.13), as `argocd --core` runs it: it reads and writes Applications in the
// argocd namespace through the API server. app list|get|sync|diff|history|rollback|create|delete|set; output and
// errors in the CLI's words (FATA[0000] lines for the server's gRPC errors).
// SIMULATION: no argocd-server, login or projects' RBAC; a sync or rollback "waits" for its operation by running
// the application controller's pass at once (no virtual time passes), then prints what the wait would print.
import type { KubeObject } from '../api/object.ts';
import { parseSelector } from '../api/labels.ts';
import { applyStrategicMergePatch, threeWayStrategicPatch } from '../apiserver/patch/strategic.ts';
import type { KubectlContext } from '../kubectl/context.ts';
import { boolFlag, flag, parseFlags, type FlagSpec, type ParsedArgs } from '../kubectl/flags.ts';
import { toJson, toYaml } from '../kubectl/printers/format.ts';
import { differs, LAST_APPLIED, compare } from '../operators/argocd/compare.ts';
import { applicationController } from '../operators/argocd/controller.ts';
import { ManifestError, resolve } from '../operators/argocd/repository.ts';
import { ARGOCD_NAMESPACE, IN_CLUSTER, type Application, type ApplicationSpec, type Operation, type SyncOperationResource } from '../operators/argocd/types.ts';
import { normalDiff } from './normaldiff.ts';
import { repoTools } from './repotools.ts';
import { conditionsTable, historyTable, listTable, operationResult, qualifiedName, resourcesTable, resourceStates, summary, waitLines } from './print.ts';
import { resourcesList, resourceTree, treeView } from './tree.ts';
import { DEFAULT_WATCH, finalStatus, WaitError, waitOnApplicationStatus, type WatchOptions } from './wait.ts';

/** log.Fatal's line, and the exit code it leaves. */
class Fatal extends Error {}
const rpc = (code: string, desc: string) => new Fatal(`rpc error: code = ${code} desc = ${desc}`);

const HELP = `argocd controls a Argo CD server

Usage:
  argocd [flags]
  argocd [command]

Available Commands:
  app         Manage applications
  version     Print version information

Flags:
      --core    If set to true then CLI talks directly to Kubernetes instead of talking to Argo CD API server
  -h, --help    help for argocd

Use "argocd [command] --help" for more information about a command.`;

const APP_HELP = `Manage applications

Usage:
  argocd app [flags]
  argocd app [command]

Available Commands:
  create      Create an application
  delete      Delete an application
  diff        Perform a diff against the target and live state.
  get         Get application details
  history     Show application deployment history
  list        List applications
  manifests   Print manifests of an application
  resources   List resource of application
  rollback    Rollback application to a previous deployed version by History ID, omitted will Rollback to the previous version
  set         Set application parameters
  sync        Sync an application to its target state
  wait        Wait for an application to reach a synced and healthy state`;

const GLOBAL: FlagSpec[] = [{ name: 'core' }, { name: 'app-namespace', short: 'N', value: true }, { name: 'server', value: true }, { name: 'grpc-web' }, { name: 'insecure' }, { name: 'plaintext' }];
const OUTPUT: FlagSpec = { name: 'output', short: 'o', value: true };
/** -o of the commands that print an application: tree=detailed adds the nodes' AGE and REASON. */
const TREE_OUTPUTS = ['wide', 'yaml', 'json', 'tree', 'tree=detailed'];
/** cmdutil.AddAppFlags: the ones a documents repository has. */
const APP_FLAGS: FlagSpec[] = [
  { name: 'repo', value: true }, { name: 'path', value: true }, { name: 'revision', value: true }, { name: 'project', value: true },
  { name: 'dest-server', value: true }, { name: 'dest-namespace', value: true }, { name: 'dest-name', value: true },
  { name: 'sync-policy', value: true }, { name: 'auto-prune' }, { name: 'self-heal' }, { name: 'sync-option', value: true, repeated: true },
  { name: 'revision-history-limit', value: true }, { name: 'validate' },
  { name: 'values', value: true, repeated: true }, { name: 'release-name', value: true }, { name: 'helm-set', value: true, repeated: true },
  { name: 'helm-set-string', value: true, repeated: true }, { name: 'nameprefix', value: true }, { name: 'namesuffix', value: true },
  { name: 'kustomize-image', value: true, repeated: true },
];

interface Command { flags: FlagSpec[]; run(cli: Cli, a: ParsedArgs): number }

class Cli {
  constructor(readonly ctx: KubectlContext, readonly a: ParsedArgs) {}
  print(lines: string | string[]): void { for (const l of Array.isArray(lines) ? lines : [lines]) this.ctx.out.push(l); }
  get namespace(): string { return flag(this.a, 'app-namespace') || ARGOCD_NAMESPACE; }

  /** argo.ParseFromQualifiedName: "ns/name" or a name in the app namespace. */
  ref(arg: string): { namespace: string; name: string } {
    const i = arg.indexOf('/');
    return i < 0 ? { namespace: this.namespace, name: arg } : { namespace: arg.slice(0, i), name: arg.slice(i + 1) };
  }

  get(arg: string): Application {
    this.served();
    const { namespace, name } = this.ref(arg);
    const app = this.ctx.store.tryGet<Application>('Application', namespace, name);
    if (!app) throw rpc('NotFound', `applications.argoproj.io "${name}" not found`);
    return app;
  }

  served(): void {
    if (!this.ctx.store.kinds.byKindName('Application')) throw new Fatal('the server could not find the requested resource (get applications.argoproj.io)');
  }

  event(app: Application, reason: string, message: string): void {
    // argocd-server's audit log: "<user> <what>", recorded on the application.
    this.ctx.store.create<KubeObject>({
      apiVersion: 'v1', kind: 'Event',
      metadata: { generateName: `${app.metadata.name}.`, namespace: app.metadata.namespace },
      involvedObject: { apiVersion: app.apiVersion, kind: app.kind, name: app.metadata.name, namespace: app.metadata.namespace, uid: app.metadata.uid, resourceVersion: app.metadata.resourceVersion },
      reason, message: `admin ${message}`, source: { component: 'argocd-server' }, type: 'Normal', count: 1,
      firstTimestamp: this.ctx.clock.nowRFC3339(), lastTimestamp: this.ctx.clock.nowRFC3339(), reportingComponent: 'argocd-server', reportingInstance: '',
    } as KubeObject);
  }

  /** Write the operation, let the controller run it, and print what the wait ends with. */
  operate(app: Application, operation: Operation, reason: string, message: string, output: string | undefined): number {
    if (app.operation || app.status?.operationState?.phase === 'Running') throw rpc('FailedPrecondition', 'another operation is already in progress');
    const written = this.ctx.store.update<Application>({ ...app, operation });
    this.event(written, reason, message);
    const controller = applicationController(this.ctx.store);
    if (!controller || controller.paused) return 0; // nobody runs it yet: as --async
    controller.syncNow(written.metadata.namespace!, written.metadata.name!);
    const done = this.ctx.store.get<Application>('Application', written.metadata.namespace, written.metadata.name!);
    const op = done.status?.operationState;
    this.print([waitLines(resourceStates(done), this.ctx.clock.nowRFC3339(), true), ...finalStatus(this.ctx.store, this.ctx.clock, done, true, output ?? 'wide')]);
    if (op && op.phase !== 'Succeeded' && !operation.sync?.dryRun) throw new Fatal(`Operation has completed with phase: ${op.phase}`);
    return 0;
  }
}

function output(a: ParsedArgs, allowed: string[], dflt = 'wide'): string {
  const o = flag(a, 'output') ?? dflt;
  if (!allowed.includes(o)) throw new Fatal(`unknown output format: ${o}`);
  return o;
}

/** -- resource GROUP:KIND:NAME or GROUP:KIND:NAMESPACE/NAME. */
function parseResources(list: string[]): SyncOperationResource[] {
  return list.map((r) => {
    const f = r.split(':');
    if (f.length !== 3) throw new Fatal(`Resource should have GROUP:KIND:NAME, but instead got: ${r}`);
    const [ns, name] = f[2].includes('/') ? f[2].split('/') : [undefined, f[2]];
    return { ...(f[0] ? { group: f[0] } : {}), kind: f[1], name, ...(ns ? { namespace: ns } : {}) };
  });
}

/** SetAppSpecOptions: the flags given, applied to the spec; how many were visited. */
function setSpec(spec: ApplicationSpec, a: ParsedArgs): number {
  let visited = 0;
  const set = (name: string, fn: (v: string) => void) => { const v = flag(a, name); if (v !== undefined) { fn(v); visited++; } };
  set('repo', (v) => { spec.source = { ...spec.source, repoURL: v }; });
  set('path', (v) => { spec.source = { ...spec.source, path: v }; });
  set('revision', (v) => { spec.source = { ...spec.source, targetRevision: v }; });
  set('project', (v) => { spec.project = v; });
  set('dest-server', (v) => { spec.destination = { ...spec.destination, server: v }; });
  set('dest-name', (v) => { spec.destination = { ...spec.destination, name: v }; });
  set('dest-namespace', (v) => { spec.destination = { ...spec.destination, namespace: v }; });
  set('revision-history-limit', (v) => { spec.revisionHistoryLimit = Number(v); });
  set('sync-policy', (v) => {
    if (['automated', 'auto', 'automatic'].includes(v)) spec.syncPolicy = { ...spec.syncPolicy, automated: spec.syncPolicy?.automated ?? {} };
    else if (v === 'manual' || v === 'none') { const { automated: _a, ...rest } = spec.syncPolicy ?? {}; void _a; spec.syncPolicy = rest; }
    else throw new Fatal(`Invalid sync policy: ${v}`);
  });
  for (const [name, key] of [['auto-prune', 'prune'], ['self-heal', 'selfHeal']] as const) {
    if (!a.flags.has(name)) continue;
    if (!spec.syncPolicy?.automated) throw new Fatal(`Cannot set --${name}: application not configured with automatic sync`);
    spec.syncPolicy.automated = { ...spec.syncPolicy.automated, [key]: boolFlag(a, name) };
    visited++;
  }
  // The Helm and Kustomize options (setHelmOpt, setKustomizeOpt): each makes the source explicitly that type.
  const helm = (fn: (h: NonNullable<ApplicationSpec['source']['helm']>) => void) => { const h = { ...spec.source.helm }; fn(h); spec.source = { ...spec.source, helm: h }; visited++; };
  const kustomize = (fn: (k: NonNullable<ApplicationSpec['source']['kustomize']>) => void) => { const k = { ...spec.source.kustomize }; fn(k); spec.source = { ...spec.source, kustomize: k }; visited++; };
  const values = a.flags.get('values');
  if (values) helm((h) => { h.valueFiles = values; });
  const release = flag(a, 'release-name');
  if (release !== undefined) helm((h) => { h.releaseName = release; });
  for (const [name, forceString] of [['helm-set', false], ['helm-set-string', true]] as const) {
    const params = a.flags.get(name);
    if (!params) continue;
    helm((h) => {
      const list = [...(h.parameters ?? [])];
      for (const p of params) {
        const eq = p.indexOf('=');
        if (eq < 0) throw new Fatal(`Expected parameter of the form: param=value. Received: ${p}`);
        const param = { name: p.slice(0, eq), value: p.slice(eq + 1), ...(forceString ? { forceString: true } : {}) };
        const i = list.findIndex((x) => x.name === param.name);
        if (i >= 0) list[i] = param; else list.push(param);
      }
      h.parameters = list;
    });
  }
  const prefix = flag(a, 'nameprefix');
  if (prefix !== undefined) kustomize((k) => { k.namePrefix = prefix; });
  const suffix = flag(a, 'namesuffix');
  if (suffix !== undefined) kustomize((k) => { k.nameSuffix = suffix; });
  const images = a.flags.get('kustomize-image');
  if (images) kustomize((k) => { k.images = [...(k.images ?? []), ...images]; });
  const opts = a.flags.get('sync-option');
  if (opts) { spec.syncPolicy = { ...spec.syncPolicy, syncOptions: [...new Set([...(spec.syncPolicy?.syncOptions ?? []), ...opts])] }; visited++; }
  return visited;
}

const COMMANDS: Record<string, Command> = {
  list: {
    flags: [OUTPUT, { name: 'selector', short: 'l', value: true }, { name: 'project', short: 'p', value: true, repeated: true }, { name: 'repo', short: 'r', value: true }],
    run(cli, a) {
      cli.served();
      const o = output(a, ['wide', 'name', 'json', 'yaml']);
      const projects = a.flags.get('project');
      const repo = flag(a, 'repo');
      const apps = cli.ctx.store.list<Application>('Application', flag(a, 'app-namespace') ? { namespace: cli.namespace } : {})
        .filter((x) => (!projects || projects.includes(x.spec.project)) && (!repo || x.spec.source.repoURL === repo));
      if (o === 'name') cli.print(apps.map(qualifiedName));
      else if (o === 'json' || o === 'yaml') cli.print((o === 'json' ? toJson(apps) : toYaml(apps)).replace(/\n$/, ''));
      else cli.print(listTable(apps, true));
      return 0;
    },
  },
  get: {
    flags: [OUTPUT, { name: 'refresh' }, { name: 'hard-refresh' }, { name: 'show-operation' }, { name: 'show-params' }],
    run(cli, a) {
      const o = output(a, TREE_OUTPUTS);
      if (a.positional.length === 0) { cli.print('Get application details\n\nUsage:\n  argocd app get APPNAME [flags]'); return 1; }
      let app = cli.get(a.positional[0]);
      if (boolFlag(a, 'refresh') || boolFlag(a, 'hard-refresh')) {
        applicationController(cli.ctx.store)?.syncNow(app.metadata.namespace!, app.metadata.name!);
        app = cli.get(a.positional[0]);
      }
      if (o === 'json' || o === 'yaml') { cli.print((o === 'json' ? toJson(app) : toYaml(app)).replace(/\n$/, '')); return 0; }
      // printHeader, then the resources as a table or (-o tree) as the resource tree.
      cli.print(summary(app));
      if (app.status?.conditions?.length) cli.print(['', conditionsTable(app), '']);
      if (boolFlag(a, 'show-operation') && app.status?.operationState) cli.print(['', ...operationResult(app.status.operationState)]);
      if (o.startsWith('tree')) {
        const nodes = resourceTree(cli.ctx.store, app);
        if (nodes.length) cli.print(['', treeView(app, nodes, o === 'tree=detailed' ? cli.ctx.clock.now() : undefined)]);
      } else if (app.status?.resources?.length) cli.print(['', resourcesTable(app)]);
      return 0;
    },
  },
  sync: {
    flags: [OUTPUT, { name: 'prune' }, { name: 'dry-run' }, { name: 'revision', value: true }, { name: 'resource', value: true, repeated: true }, { name: 'async' }, { name: 'force' }, { name: 'timeout', value: true }, { name: 'apply-out-of-sync-only' }],
    run(cli, a) {
      if (a.positional.length === 0) { cli.print('Sync an application to its target state\n\nUsage:\n  argocd app sync [APPNAME... | -l selector | --project project-name] [flags]'); return 1; }
      const o = output(a, TREE_OUTPUTS);
      for (const arg of a.positional) {
        const app = cli.get(arg);
        const revision = flag(a, 'revision');
        const target = app.spec.source.targetRevision || 'HEAD';
        if (revision && app.spec.syncPolicy?.automated && !boolFlag(a, 'dry-run')) throw rpc('FailedPrecondition', `Cannot sync to ${revision}: auto-sync currently set to ${target}`);
        const resources = parseResources(a.flags.get('resource') ?? []);
        let resolved = '';
        try { resolved = resolve(cli.ctx.store, applicationDocs(cli.ctx), app.spec.source, revision).revision; } catch (e) { if (!(e instanceof ManifestError)) throw e; }
        const display = (revision || target) + (resolved && resolved !== (revision || target) ? ` (${resolved})` : '');
        const operation: Operation = {
          sync: { revision: revision || target, ...(boolFlag(a, 'prune') ? { prune: true } : {}), ...(boolFlag(a, 'dry-run') ? { dryRun: true } : {}), ...(resources.length ? { resources } : {}), ...(app.spec.syncPolicy?.syncOptions?.length ? { syncOptions: app.spec.syncPolicy.syncOptions } : {}) },
          initiatedBy: { username: 'admin' },
        };
        if (boolFlag(a, 'async')) { cli.ctx.store.update<Application>({ ...app, operation }); cli.event(app, 'OperationStarted', `initiated sync to ${display}`); continue; }
        cli.operate(app, operation, 'OperationStarted', `initiated sync to ${display}`, o);
      }
      return 0;
    },
  },
  wait: {
    flags: [OUTPUT, { name: 'sync' }, { name: 'health' }, { name: 'operation' }, { name: 'suspended' }, { name: 'degraded' }, { name: 'timeout', value: true }, { name: 'selector', short: 'l', value: true }, { name: 'resource', value: true, repeated: true }],
    run(cli, a) {
      const selector = flag(a, 'selector');
      if (a.positional.length === 0 && !selector) { cli.print('Wait for an application to reach a synced and healthy state\n\nUsage:\n  argocd app wait [APPNAME.. | -l selector] [flags]'); return 1; }
      const o = output(a, TREE_OUTPUTS);
      const timeout = uintFlag(a, 'timeout');
      const selected = parseResources(a.flags.get('resource') ?? []);
      const asked: WatchOptions = { sync: boolFlag(a, 'sync'), health: boolFlag(a, 'health'), operation: boolFlag(a, 'operation'), suspended: boolFlag(a, 'suspended'), degraded: boolFlag(a, 'degraded') };
      const w = Object.values(asked).some(Boolean) ? asked : DEFAULT_WATCH;
      cli.served();
      const names = a.positional.length ? a.positional : cli.ctx.store.list<Application>('Application', { namespace: cli.namespace, labelSelector: parseSelector(selector!) }).map((x) => x.metadata.name!);
      for (const arg of names) {
        const app = cli.get(arg);
        try {
          waitOnApplicationStatus(cli.ctx.store, cli.ctx.clock, app.metadata.namespace!, app.metadata.name!, timeout, w, o, (l) => cli.print(l), selected);
        } catch (e) {
          if (e instanceof WaitError) throw new Fatal(e.message);
          throw e;
        }
      }
      return 0;
    },
  },
  manifests: {
    flags: [{ name: 'source', value: true }, { name: 'revision', value: true }],
    run(cli, a) {
      if (a.positional.length !== 1) { cli.print('Print manifests of an application\n\nUsage:\n  argocd app manifests APPNAME [flags]'); return 1; }
      const app = cli.get(a.positional[0]);
      const source = flag(a, 'source') ?? 'git';
      if (source !== 'git' && source !== 'live') throw new Fatal(`Unknown source type '${source}'`);
      const cmp = compare(cli.ctx.store, applicationDocs(cli.ctx), app, cli.ctx.clock.nowRFC3339(), flag(a, 'revision'));
      if (cmp.error) throw rpc('Unknown', cmp.error.message);
      // The managed resources' target (git) or live state, each as "---" and its YAML.
      for (const r of cmp.resources) {
        const obj = source === 'git' ? r.target : r.live && withoutManagedFields(r.live);
        if (obj) cli.print(['---', toYaml(obj)]);
      }
      return 0;
    },
  },
  resources: {
    flags: [{ name: 'orphaned' }, OUTPUT],
    run(cli, a) {
      if (a.positional.length !== 1) { cli.print('List resource of application\n\nUsage:\n  argocd app resources APPNAME [flags]'); return 1; }
      const app = cli.get(a.positional[0]);
      cli.print(resourcesList(resourceTree(cli.ctx.store, app), boolFlag(a, 'orphaned')));
      return 0;
    },
  },
  diff: {
    flags: [{ name: 'refresh' }, { name: 'hard-refresh' }, { name: 'exit-code', value: true, bareValue: 'true' }, { name: 'revision', value: true }],
    run(cli, a) {
      if (a.positional.length !== 1) { cli.print('Perform a diff against the target and live state.\n\nUsage:\n  argocd app diff APPNAME [flags]'); return 2; }
      const app = cli.get(a.positional[0]);
      const cmp = compare(cli.ctx.store, applicationDocs(cli.ctx), app, cli.ctx.clock.nowRFC3339(), flag(a, 'revision'));
      if (cmp.error) throw new Fatal(cmp.error.message);
      let found = false;
      for (const r of cmp.resources) {
        if (r.kind === 'Secret' && !r.group) continue; // argocd does not compare Secrets
        if (r.target && r.live && !differs(r.target, r.live)) continue;
        // The live object against the live object as the apply would leave it.
        const predicted = r.target && r.live ? applyStrategicMergePatch(r.live, threeWayStrategicPatch(lastApplied(r.live), r.target, r.live)) : r.target;
        const text = normalDiff(r.live ? toYaml(strip(r.live)) : '', predicted ? toYaml(strip(predicted as KubeObject)) : '');
        if (!text) continue;
        found = true;
        cli.print([``, `===== ${r.group}/${r.kind} ${r.namespace ?? ''}/${r.name} ======`, text.replace(/\n$/, '')]);
      }
      return found && flag(a, 'exit-code') !== 'false' ? 1 : 0;
    },
  },
  history: {
    flags: [OUTPUT],
    run(cli, a) {
      if (a.positional.length !== 1) { cli.print('Show application deployment history\n\nUsage:\n  argocd app history APPNAME [flags]'); return 1; }
      const app = cli.get(a.positional[0]);
      if (flag(a, 'output') === 'id') cli.print((app.status?.history ?? []).map((h) => String(h.id)));
      else { const t = historyTable(app); if (t) cli.print(t); }
      return 0;
    },
  },
  rollback: {
    flags: [OUTPUT, { name: 'prune' }, { name: 'timeout', value: true }],
    run(cli, a) {
      if (a.positional.length === 0) { cli.print('Rollback application to a previous deployed version by History ID, omitted will Rollback to the previous version\n\nUsage:\n  argocd app rollback APPNAME [ID] [flags]'); return 1; }
      const app = cli.get(a.positional[0]);
      const history = app.status?.history ?? [];
      let entry;
      if (a.positional[1] === undefined) {
        if (history.length < 2) throw new Fatal(`Application '${app.metadata.name}' should have at least two successful deployments`);
        entry = history[history.length - 2];
      } else {
        const id = Number(a.positional[1]);
        if (!/^-?\d+$/.test(a.positional[1])) throw new Fatal(`strconv.Atoi: parsing "${a.positional[1]}": invalid syntax`);
        entry = history.find((h) => h.id === id);
        if (!entry) throw new Fatal(`Application '${app.metadata.name}' does not have deployment id '${id}' in history\n`);
      }
      if (app.spec.syncPolicy?.automated) throw rpc('FailedPrecondition', 'rollback cannot be initiated when auto-sync is enabled');
      const operation: Operation = { sync: { revision: entry.revision, source: entry.source, ...(boolFlag(a, 'prune') ? { prune: true } : {}) }, initiatedBy: { username: 'admin' } };
      return cli.operate(app, operation, 'OperationStarted', `initiated rollback to ${entry.id}`, flag(a, 'output'));
    },
  },
  create: {
    flags: [...APP_FLAGS, { name: 'upsert' }, { name: 'file', short: 'f', value: true }, { name: 'label', short: 'l', value: true, repeated: true }, { name: 'set-finalizer' }],
    run(cli, a) {
      cli.served();
      const name = a.positional[0];
      if (!name) { cli.print('Create an application\n\nUsage:\n  argocd app create APPNAME [flags]'); return 1; }
      const spec: ApplicationSpec = { source: { repoURL: '' }, destination: {}, project: 'default' };
      setSpec(spec, a);
      if (!spec.source.repoURL) throw rpc('InvalidArgument', `application spec for ${name} is invalid: InvalidSpecError: spec.source.repoURL and either spec.source.path, spec.source.chart, or spec.source.ref are required`);
      if (!spec.destination.server && !spec.destination.name) throw rpc('InvalidArgument', `application spec for ${name} is invalid: InvalidSpecError: Destination server missing from app spec`);
      if (spec.destination.server && spec.destination.server !== IN_CLUSTER) throw rpc('InvalidArgument', `application spec for ${name} is invalid: InvalidSpecError: cluster '${spec.destination.server}' has not been configured`);
      try { resolve(cli.ctx.store, applicationDocs(cli.ctx), spec.source); } catch (e) {
        if (e instanceof ManifestError) throw rpc('InvalidArgument', `application spec for ${name} is invalid: InvalidSpecError: Unable to generate manifests in ${spec.source.path ?? ''}: ${e.message}`);
        throw e;
      }
      const { namespace } = cli.ref(name);
      const labels = Object.fromEntries((a.flags.get('label') ?? []).map((l) => l.split('=') as [string, string]));
      const app: Application = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name, namespace, ...(Object.keys(labels).length ? { labels } : {}), ...(boolFlag(a, 'set-finalizer') ? { finalizers: ['resources-finalizer.argocd.argoproj.io'] } : {}) }, spec };
      const existing = cli.ctx.store.tryGet<Application>('Application', namespace, name);
      if (existing) {
        if (JSON.stringify(existing.spec) === JSON.stringify(spec)) { cli.print(`application '${name}' unchanged`); return 0; }
        if (!boolFlag(a, 'upsert')) throw rpc('InvalidArgument', 'existing application spec is different, use upsert flag to force update');
        cli.ctx.store.update<Application>({ ...existing, spec });
        cli.print(`application '${name}' updated`);
        return 0;
      }
      const created = cli.ctx.store.create(app);
      cli.event(created, 'ResourceCreated', 'created application');
      cli.print(`application '${name}' created`);
      return 0;
    },
  },
  delete: {
    flags: [{ name: 'cascade', value: true, bareValue: 'true' }, { name: 'yes', short: 'y' }, { name: 'propagation-policy', short: 'p', value: true }, { name: 'wait' }],
    run(cli, a) {
      if (a.positional.length === 0) { cli.print('Delete an application\n\nUsage:\n  argocd app delete APPNAME [flags]'); return 1; }
      for (const arg of a.positional) {
        const app = cli.get(arg);
        // Cascade (the default): the application's resources go with it, as the resources finalizer deletes them.
        if (flag(a, 'cascade') !== 'false') {
          for (const r of app.status?.resources ?? []) {
            const info = cli.ctx.store.kinds.forManifest(r.group ? `${r.group}/${r.version}` : r.version, r.kind);
            const live = info && cli.ctx.store.tryGet(info.kind, r.namespace, r.name);
            if (live && !live.metadata.deletionTimestamp) cli.ctx.store.delete(info.kind, r.namespace, r.name, { propagationPolicy: flag(a, 'propagation-policy') === 'background' ? 'Background' : 'Foreground' });
          }
        }
        cli.ctx.store.delete('Application', app.metadata.namespace, app.metadata.name!);
        cli.event(app, 'ResourceDeleted', 'deleted application');
      }
      return 0;
    },
  },
  set: {
    flags: APP_FLAGS,
    run(cli, a) {
      if (a.positional.length !== 1) { cli.print('Set application parameters\n\nUsage:\n  argocd app set APPNAME [flags]'); return 1; }
      const app = cli.get(a.positional[0]);
      const spec = structuredClone(app.spec);
      if (setSpec(spec, a) === 0) { cli.ctx.err.push('ERRO[0000] Please set at least one option to update'); return 1; }
      cli.ctx.store.update<Application>({ ...app, spec });
      cli.event(app, 'ResourceUpdated', 'updated application spec');
      return 0;
    },
  },
};

/** A uint flag (pflag's UintVar): seconds, 0 when not given. */
function uintFlag(a: ParsedArgs, name: string): number {
  const v = flag(a, name);
  if (v === undefined) return 0;
  if (!/^\d+$/.test(v)) throw new Error(`invalid argument "${v}" for "--${name}" flag: strconv.ParseUint: parsing ${JSON.stringify(v)}: invalid syntax`);
  return Number(v);
}

const withoutManagedFields = (o: KubeObject): KubeObject => {
  const { managedFields: _m, ...metadata } = o.metadata;
  void _m;
  return { ...o, metadata };
};

const lastApplied = (live: KubeObject): unknown => { try { return JSON.parse(live.metadata.annotations?.[LAST_APPLIED] ?? '{}'); } catch { return {}; } };

/** The manifests argocd compares: without the server's bookkeeping. */
function strip(o: KubeObject): KubeObject {
  const c = structuredClone(o) as KubeObject & { status?: unknown };
  const m = c.metadata as Record<string, unknown>;
  for (const k of ['managedFields', 'resourceVersion', 'uid', 'creationTimestamp', 'generation']) delete m[k];
  if (c.metadata.annotations) { delete c.metadata.annotations[LAST_APPLIED]; if (!Object.keys(c.metadata.annotations).length) delete c.metadata.annotations; }
  delete c.status;
  return c;
}

/** The documents the repository is (the context's files); argocd reads, never writes them. */
function applicationDocs(ctx: KubectlContext) {
  return { files: ctx.files ?? new Map<string, string>(), onChange: () => () => undefined, tools: repoTools(ctx.store, ctx.clock) };
}

export function runArgocd(ctx: KubectlContext, argv: string[]): number {
  const started = ctx.clock.now();
  try {
    const [group, verb, ...rest] = argv.filter((w) => w !== '--core');
    if (group === undefined || group === '--help' || group === '-h' || group === 'help') { ctx.out.push(HELP); return 0; }
    if (group === 'version') { ctx.out.push('argocd: v2.13.2+dc43124\n  BuildDate: 2024-12-11T18:37:15Z\n  Platform: linux/amd64'); return 0; }
    if (group !== 'app' && group !== 'application' && group !== 'apps') throw new Error(`unknown command "${group}" for "argocd"\nRun 'argocd --help' for usage.`);
    if (verb === undefined || verb === '--help' || verb === '-h') { ctx.out.push(APP_HELP); return verb === undefined ? 1 : 0; }
    const cmd = COMMANDS[verb === 'ls' ? 'list' : verb === 'rm' ? 'delete' : verb];
    if (!cmd) throw new Error(`unknown command "${verb}" for "argocd app"\nRun 'argocd app --help' for usage.`);
    // pflag's errors (a FlagError) end as any other error does: "Error: unknown flag: --x".
    const a = parseFlags(rest, [...GLOBAL, ...cmd.flags]);
    if (!ctx.store.available) throw new Fatal('Get "https://127.0.0.1:6443/api?timeout=32s": dial tcp 127.0.0.1:6443: connect: connection refused');
    return cmd.run(new Cli(ctx, a), a);
  } catch (e) {
    // logrus' FATA[NNNN]: the seconds since the command started (a wait may have run the clock).
    if (e instanceof Fatal) { ctx.err.push(`FATA[${String(Math.floor((ctx.clock.now() - started) / 1000)).padStart(4, '0')}] ${e.message}`); return 1; }
    ctx.err.push(`Error: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
