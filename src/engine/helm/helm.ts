// The helm command line (Helm 3.16): a client that renders charts and keeps releases, talking only to the API
// server. Parses cobra-style arguments, runs one action, prints as helm does; errors are "Error: …".
import type { KubectlContext } from '../kubectl/context.ts';
import { boolFlag, flag, parseFlags, type FlagSpec, type ParsedArgs } from '../kubectl/flags.ts';
import { namespaceOf } from '../kubectl/namespace.ts';
import { toJson, toYaml } from '../kubectl/printers/format.ts';
import { chartName, ChartError, type Chart } from './chart.ts';
import { createChart, lint, repoAdd, repoList, repoUpdate, searchRepo, showChart, showValues } from './action/chartcmds.ts';
import { chartOf, helmEnv, type HelmEnv } from './action/env.ts';
import { install, type WaitOptions } from './action/install.ts';
import { history, list, releaseAt } from './action/query.ts';
import { releaseTest, testPodLogs } from './action/releasetesting.ts';
import { durationFlag } from '../kubectl/commands/numericflags.ts';
import { hooksOf, hooksText, isTestHook } from './hooks.ts';
import { DEFAULT_TIMEOUT_MS } from './kubewait.ts';
import { checkDependencies } from './dependencies.ts';
import { dependencyBuild, dependencyList, dependencyUpdate } from './action/dependency.ts';
import { uninstall } from './action/uninstall.ts';
import { rollback, upgrade } from './action/upgrade.ts';
import { ansic, goTimeString, printStatus, uitable, valuesYaml } from './printer.ts';
import { renderChart } from './render.ts';
import { locateChart } from './repo.ts';
import type { Release, ReleaseStatus } from './storage.ts';
import { toPlain } from './template/values.ts';
import { coalesce, mergeUserValues, ValuesError } from './values.ts';

export const HELM_VERSION = 'v3.16.4';
/** What helm prints when the API server does not answer (its first request is discovery's /version). */
const UNREACHABLE = 'Kubernetes cluster unreachable: Get "https://127.0.0.1:6443/version": dial tcp 127.0.0.1:6443: connect: connection refused';

const GLOBAL: FlagSpec[] = [
  { name: 'namespace', short: 'n', value: true }, { name: 'kube-context', value: true }, { name: 'kubeconfig', value: true }, { name: 'debug' },
];
const VALUES: FlagSpec[] = [
  { name: 'set', value: true, repeated: true }, { name: 'set-string', value: true, repeated: true }, { name: 'values', short: 'f', value: true, repeated: true },
];
/** --wait, --timeout and --no-hooks: helm waits in virtual time (kubewait.ts). */
const WAIT: FlagSpec[] = [{ name: 'wait' }, { name: 'wait-for-jobs' }, { name: 'timeout', value: true }, { name: 'no-hooks' }];
const DRY_RUN: FlagSpec = { name: 'dry-run', value: true, bareValue: 'client' };
const OUTPUT: FlagSpec = { name: 'output', short: 'o', value: true };

interface Command {
  use: string;
  flags: FlagSpec[];
  /** cobra's argument check: [min, max] (max -1 for any). */
  args: [number, number];
  /** Works without the cluster (helm template, create, show, lint, repo, search, version). */
  clientOnly?: boolean;
  run(h: Helm, a: ParsedArgs): void;
}

/** One helm invocation: the context, its output, and the environment of actions. */
class Helm {
  readonly env: HelmEnv;
  constructor(readonly ctx: KubectlContext, a: ParsedArgs) {
    this.env = helmEnv(ctx.store, ctx.clock, namespaceOf(ctx, a));
  }
  print(text: string): void {
    const t = text.endsWith('\n') ? text.slice(0, -1) : text;
    this.ctx.out.push(t);
  }
  chart(ref: string, a: ParsedArgs): Chart {
    return locateChart(this.ctx.files, ref, flag(a, 'version'));
  }
  values(a: ParsedArgs): Record<string, unknown> {
    return mergeUserValues(this.ctx.files, { valueFiles: a.flags.get('values') ?? [], set: a.flags.get('set') ?? [], setString: a.flags.get('set-string') ?? [] });
  }
}

/** --dry-run: "client", "server", "true" (client) or "false"/"none". */
function dryRun(a: ParsedArgs): boolean {
  const v = flag(a, 'dry-run');
  if (v === undefined || v === 'false' || v === 'none') return false;
  if (v === 'true' || v === 'client' || v === 'server') return true;
  throw new Error(`invalid dry-run flag value: ${v}`);
}

function waitOptions(a: ParsedArgs): WaitOptions {
  return { noHooks: boolFlag(a, 'no-hooks'), timeoutMs: durationFlag(a, 'timeout', DEFAULT_TIMEOUT_MS), wait: boolFlag(a, 'wait'), waitForJobs: boolFlag(a, 'wait-for-jobs'), atomic: boolFlag(a, 'atomic') };
}

function revisionArg(text: string | undefined, what: string): number {
  if (text === undefined) return 0;
  if (!/^-?\d+$/.test(text)) throw new Error(`invalid argument "${text}" for "${what}" flag: strconv.ParseInt: parsing "${text}": invalid syntax`);
  return Number(text);
}

function withPrefix(prefix: string, f: () => void): void {
  try {
    f();
  } catch (e) {
    throw new Error(`${prefix}${(e as Error).message}`);
  }
}

/** helm install and template check a chart's dependencies before anything else, and say how to fetch them. */
function requireDependencies(chart: Chart): void {
  try {
    checkDependencies(chart);
  } catch (e) {
    throw new Error(`An error occurred while checking for chart dependencies. You may need to run \`helm dependency build\` to fetch missing dependencies: ${(e as Error).message}`);
  }
}

function installRun(h: Helm, a: ParsedArgs): void {
  // A bad flag value is pflag's error, before the action (and its "INSTALLATION FAILED") starts.
  const wait = waitOptions(a);
  withPrefix('INSTALLATION FAILED: ', () => {
    const [first, second] = a.positional;
    let name: string;
    let ref: string;
    if (boolFlag(a, 'generate-name')) {
      if (second !== undefined) throw new Error(`expected at most one argument, unexpected arguments: ${second}`);
      ref = first;
      name = '';
    } else {
      if (second === undefined) throw new Error('must either provide a name or specify --generate-name');
      name = first;
      ref = second;
    }
    const chart = h.chart(ref, a);
    requireDependencies(chart);
    if (!name) name = `${chart.metadata.name}-${h.env.nowSeconds()}`;
    const rel = install(h.env, { name, chart, config: h.values(a), dryRun: dryRun(a), createNamespace: boolFlag(a, 'create-namespace'), ...wait });
    h.print(printStatus(rel));
  });
}

function upgradeRun(h: Helm, a: ParsedArgs): void {
  const [name, ref] = a.positional;
  if (boolFlag(a, 'install') && !h.env.releases.history(h.env.namespace, name).length) {
    h.print(`Release "${name}" does not exist. Installing it now.`);
    installRun(h, { ...a, positional: [name, ref] });
    return;
  }
  const wait = waitOptions(a);
  withPrefix('UPGRADE FAILED: ', () => {
    const chart = h.chart(ref, a);
    checkDependencies(chart);
    const rel = upgrade(h.env, { name, chart, config: h.values(a), reuseValues: boolFlag(a, 'reuse-values'), resetValues: boolFlag(a, 'reset-values'), dryRun: dryRun(a), cleanupOnFail: boolFlag(a, 'cleanup-on-fail'), ...wait });
    h.print(`Release "${name}" has been upgraded. Happy Helming!\n${printStatus(rel)}`);
  });
}

function printReleases(h: Helm, rels: Release[], a: ParsedArgs): void {
  const out = flag(a, 'output') ?? 'table';
  const element = (r: Release) => ({ name: r.name, namespace: r.namespace, revision: String(r.version), updated: goTimeString(r.info.last_deployed), status: r.info.status, chart: chartName(r.chart.metadata), app_version: r.chart.metadata.appVersion ?? '' });
  if (out === 'json') return h.print(JSON.stringify(rels.map(element)));
  if (out === 'yaml') return h.print(rels.length ? toYaml(rels.map(element)) : '[]\n');
  if (out !== 'table') throw new Error(`invalid format type "${out}"`);
  if (boolFlag(a, 'short')) { if (rels.length) h.print(rels.map((r) => r.name).join('\n')); return; }
  h.print(uitable([['NAME', 'NAMESPACE', 'REVISION', 'UPDATED', 'STATUS', 'CHART', 'APP VERSION'], ...rels.map((r) => Object.values(element(r)))]));
}

const LIST_STATES: [string, ReleaseStatus[]][] = [
  ['deployed', ['deployed']], ['failed', ['failed']], ['uninstalled', ['uninstalled']], ['superseded', ['superseded']],
  ['uninstalling', ['uninstalling']], ['pending', ['pending-install', 'pending-upgrade', 'pending-rollback']],
];
const ALL_STATES: ReleaseStatus[] = ['unknown', 'deployed', 'uninstalled', 'superseded', 'failed', 'uninstalling', 'pending-install', 'pending-upgrade', 'pending-rollback'];

function getRun(h: Helm, what: string, a: ParsedArgs): void {
  const rel = releaseAt(h.env, a.positional[0], revisionArg(flag(a, 'revision'), 'revision'));
  const computed = () => toPlain(coalesce(chartOf(rel.chart).values, rel.config)) as Record<string, unknown>;
  switch (what) {
    case 'values': {
      const all = boolFlag(a, 'all');
      const v = all ? computed() : rel.config;
      const out = flag(a, 'output') ?? 'table';
      if (out === 'json') return h.print(toJson(v).replace(/\s*\n\s*/g, ''));
      if (out === 'yaml') return h.print(valuesYaml(v));
      return h.print(`${all ? 'COMPUTED' : 'USER-SUPPLIED'} VALUES:\n${valuesYaml(v)}`);
    }
    case 'manifest': return h.print(rel.manifest);
    case 'hooks': return h.print(hooksText(rel));
    case 'notes': if (rel.info.notes) h.print(`NOTES:\n${rel.info.notes}`); return;
    case 'all': return h.print(printStatus(rel, { debug: true, showMetadata: true, computedValues: computed() }));
  }
}

const COMMANDS: Record<string, Command> = {
  install: {
    use: 'helm install [NAME] [CHART] [flags]', args: [1, 2],
    flags: [...VALUES, ...WAIT, DRY_RUN, { name: 'generate-name', short: 'g' }, { name: 'create-namespace' }, { name: 'version', value: true }, { name: 'description', value: true }, { name: 'atomic' }],
    run: installRun,
  },
  upgrade: {
    use: 'helm upgrade [RELEASE] [CHART] [flags]', args: [2, 2],
    flags: [...VALUES, ...WAIT, DRY_RUN, { name: 'install', short: 'i' }, { name: 'reuse-values' }, { name: 'reset-values' }, { name: 'create-namespace' }, { name: 'version', value: true }, { name: 'atomic' }, { name: 'cleanup-on-fail' }],
    run: upgradeRun,
  },
  rollback: {
    use: 'helm rollback <RELEASE> [REVISION] [flags]', args: [1, 2], flags: [...WAIT, DRY_RUN, { name: 'cleanup-on-fail' }],
    run: (h, a) => {
      rollback(h.env, a.positional[0], revisionArg(a.positional[1], 'revision'), dryRun(a), waitOptions(a), boolFlag(a, 'cleanup-on-fail'));
      h.print('Rollback was a success! Happy Helming!');
    },
  },
  uninstall: {
    use: 'helm uninstall RELEASE_NAME [...] [flags]', args: [1, -1], flags: [...WAIT, DRY_RUN, { name: 'keep-history' }],
    run: (h, a) => {
      for (const name of a.positional) {
        uninstall(h.env, name, boolFlag(a, 'keep-history'), dryRun(a), waitOptions(a));
        h.print(`release "${name}" uninstalled`);
      }
    },
  },
  list: {
    use: 'helm list [flags]', args: [0, 0],
    flags: [{ name: 'all-namespaces', short: 'A' }, { name: 'all', short: 'a' }, { name: 'short', short: 'q' }, OUTPUT, ...LIST_STATES.map(([name]) => ({ name }))],
    run: (h, a) => {
      const states = boolFlag(a, 'all') ? ALL_STATES : LIST_STATES.filter(([n]) => boolFlag(a, n)).flatMap(([, s]) => s);
      printReleases(h, list(h.env, { allNamespaces: boolFlag(a, 'all-namespaces'), states }), a);
    },
  },
  status: {
    use: 'helm status RELEASE_NAME [flags]', args: [1, 1], flags: [{ name: 'revision', value: true }, { name: 'show-desc' }, { name: 'show-resources' }, OUTPUT],
    run: (h, a) => {
      const rel = releaseAt(h.env, a.positional[0], revisionArg(flag(a, 'revision'), 'revision'));
      const out = flag(a, 'output') ?? 'table';
      if (out === 'json') return h.print(JSON.stringify(rel));
      if (out === 'yaml') return h.print(toYaml(rel));
      h.print(printStatus(rel, { showDescription: boolFlag(a, 'show-desc') }));
    },
  },
  history: {
    use: 'helm history RELEASE_NAME [flags]', args: [1, 1], flags: [{ name: 'max', value: true }, OUTPUT],
    run: (h, a) => {
      const rels = history(h.env, a.positional[0], revisionArg(flag(a, 'max'), 'max') || 256);
      h.print(uitable([
        ['REVISION', 'UPDATED', 'STATUS', 'CHART', 'APP VERSION', 'DESCRIPTION'],
        ...rels.map((r) => [String(r.version), ansic(r.info.last_deployed), r.info.status, chartName(r.chart.metadata), r.chart.metadata.appVersion ?? '', r.info.description]),
      ], 60));
    },
  },
  test: {
    use: 'helm test [RELEASE] [flags]', args: [1, 1], flags: [{ name: 'timeout', value: true }, { name: 'hide-notes' }, { name: 'logs' }],
    run: (h, a) => {
      const { rel, error } = releaseTest(h.env, a.positional[0], durationFlag(a, 'timeout', DEFAULT_TIMEOUT_MS));
      // The status (with the tests' phases) is printed whether or not a test failed, then (--logs) the test pods' logs.
      h.print(printStatus(boolFlag(a, 'hide-notes') ? { ...rel, info: { ...rel.info, notes: undefined } } : rel));
      if (boolFlag(a, 'logs')) {
        const logs = testPodLogs(h.env, rel, (pod, c) => (h.ctx.nodes?.containerLogs(pod, c, false) ?? []).map((l) => l.text));
        h.print(`\n${logs.text}`);
        if (logs.error) throw new Error(logs.error);
      }
      if (error) throw error;
    },
  },
  template: {
    clientOnly: true, use: 'helm template [NAME] [CHART] [flags]', args: [1, 2],
    flags: [...VALUES, { name: 'version', value: true }, { name: 'generate-name', short: 'g' }, { name: 'show-only', short: 's', value: true, repeated: true }, { name: 'skip-tests' }, { name: 'no-hooks' }],
    run: (h, a) => {
      const [first, second] = a.positional;
      const ref = second ?? first;
      const chart = h.chart(ref, a);
      requireDependencies(chart);
      const name = second === undefined ? (boolFlag(a, 'generate-name') ? `${chart.metadata.name}-${h.env.nowSeconds()}` : 'release-name') : first;
      const r = renderChart(chart, h.values(a), { name, namespace: h.env.namespace, revision: 1, isInstall: true, isUpgrade: false }, h.env.apiVersions);
      const only = a.flags.get('show-only');
      // The release's hooks (those of unknown events dropped) follow its manifests; --skip-tests leaves out test hooks.
      const hooks = boolFlag(a, 'no-hooks') ? [] : hooksOf(r.hooks).filter((x) => !(boolFlag(a, 'skip-tests') && isTestHook(x)));
      const docs = [...r.manifests, ...hooks.map((x) => ({ source: x.path, content: x.manifest }))].filter((m) => !only || only.some((o) => m.source === `${chart.metadata.name}/${o}`));
      if (only && !docs.length) throw new Error(`could not find template ${only[0]} in chart`);
      h.print(docs.map((m) => `---\n# Source: ${m.source}\n${m.content}\n`).join(''));
    },
  },
  lint: {
    clientOnly: true, use: 'helm lint PATH [flags]', args: [0, -1], flags: [...VALUES, { name: 'strict' }],
    run: (h, a) => {
      const paths = a.positional.length ? a.positional : ['.'];
      let failed = 0;
      const config = h.values(a);
      for (const p of paths) {
        const r = lint(h.env, h.ctx.files, p, config);
        // A blank line after each chart's messages.
        h.print(`${r.text}\n`);
        if (r.failed) failed++;
      }
      const summary = `${paths.length} chart(s) linted, ${failed} chart(s) failed`;
      if (failed) throw new Error(summary);
      h.print(summary);
    },
  },
  create: {
    clientOnly: true, use: 'helm create NAME [flags]', args: [1, 1], flags: [{ name: 'starter', short: 'p', value: true }],
    run: (h, a) => {
      const { files } = createChart(a.positional[0]);
      h.print(`Creating ${a.positional[0]}`);
      for (const [name, text] of files) h.ctx.writeFile?.(name, text);
    },
  },
  version: {
    clientOnly: true, use: 'helm version [flags]', args: [0, 0], flags: [{ name: 'short' }, { name: 'template', value: true }],
    run: (h, a) => h.print(boolFlag(a, 'short') ? `${HELM_VERSION}+g0d5b6d5` : `version.BuildInfo{Version:"${HELM_VERSION}", GitCommit:"", GitTreeState:"clean", GoVersion:"go1.22.7"}`),
  },
};

/** Commands with subcommands: helm get, show, repo, search. */
const GROUPS: Record<string, Record<string, Command>> = {
  get: Object.fromEntries(['values', 'manifest', 'hooks', 'notes', 'all'].map((w) => [w, {
    use: `helm get ${w} RELEASE_NAME [flags]`, args: [1, 1] as [number, number],
    flags: [{ name: 'revision', value: true }, ...(w === 'values' ? [{ name: 'all', short: 'a' }, OUTPUT] : [])],
    run: (h: Helm, a: ParsedArgs) => getRun(h, w, a),
  }])),
  show: Object.fromEntries(['chart', 'values', 'all'].map((w) => [w, {
    use: `helm show ${w} [CHART] [flags]`, args: [1, 1] as [number, number], flags: [{ name: 'version', value: true }],
    run: (h: Helm, a: ParsedArgs) => {
      const chart = h.chart(a.positional[0], a);
      h.print(w === 'chart' ? showChart(chart) : w === 'values' ? showValues(chart) : `${showChart(chart)}---\n${showValues(chart)}`);
    },
  }])),
  repo: {
    add: { use: 'helm repo add [NAME] [URL] [flags]', args: [2, 2], flags: [{ name: 'force-update' }], run: (_h, a) => repoAdd(a.positional[0], a.positional[1]) },
    list: { use: 'helm repo list [flags]', args: [0, 0], flags: [OUTPUT], run: (h) => h.print(repoList()) },
    update: { use: 'helm repo update [REPO1 [REPO2 ...]] [flags]', args: [0, -1], flags: [], run: (h) => h.print(repoUpdate()) },
  },
  dependency: Object.fromEntries((['list', 'update', 'build'] as const).map((w) => [w, {
    use: `helm dependency ${w} CHART [flags]`, args: [0, 1] as [number, number], flags: [],
    run: (h: Helm, a: ParsedArgs) => {
      const path = a.positional[0] ?? '.';
      if (w === 'list') return h.print(dependencyList(h.ctx.files, path));
      const r = (w === 'update' ? dependencyUpdate : dependencyBuild)(h.ctx.files, path, h.env.now());
      for (const [name, text] of r.write) h.ctx.writeFile?.(name, text);
      h.print(r.text);
    },
  }])),
  search: {
    repo: { use: 'helm search repo [keyword] [flags]', args: [0, 1], flags: [{ name: 'versions', short: 'l' }, OUTPUT], run: (h, a) => h.print(searchRepo(a.positional[0])) },
  },
};

const ALIASES: Record<string, string> = { dep: 'dependency', dependencies: 'dependency', ls: 'list', un: 'uninstall', del: 'uninstall', delete: 'uninstall', hist: 'history', inspect: 'show' };
const SUB_ALIASES: Record<string, string> = { ls: 'list', up: 'update' };

/** require.MinimumNArgs / ExactArgs / MaximumNArgs / NoArgs, in helm's words. */
function checkArgs(cmd: Command, path: string, n: number): void {
  const [min, max] = cmd.args;
  const plural = (k: number) => `${k} argument${k === 1 ? '' : 's'}`;
  const usage = `\n\nUsage:  ${cmd.use}`;
  if (max === 0 && n > 0) throw new Error(`"${path}" accepts no arguments${usage}`);
  if (min === max && n !== min) throw new Error(`"${path}" requires ${plural(min)}${usage}`);
  if (n < min) throw new Error(`"${path}" requires at least ${plural(min)}${usage}`);
  if (max > 0 && n > max) throw new Error(`"${path}" accepts at most ${plural(max)}; received ${n}`);
}

const HELP = `The Kubernetes package manager

Usage:
  helm [command]

Available Commands:
  create      create a new chart with the given name
  dependency  manage a chart's dependencies
  get         download extended information of a named release
  history     fetch release history
  install     install a chart
  lint        examine a chart for possible issues
  list        list releases
  repo        add, list, remove, update, and index chart repositories
  rollback    roll back a release to a previous revision
  search      search for a keyword in charts
  show        show information of a chart
  status      display the status of the named release
  template    locally render templates
  test        run tests for a release
  uninstall   uninstall a release
  upgrade     upgrade a release
  version     print the client version information`;

/** Remove and return the first word that is not a flag (nor a global flag's value), as cobra finds a command. */
function takeWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') return undefined;
    if (w.startsWith('-')) {
      const spec = GLOBAL.find((g) => w === `--${g.name}` || (g.short && w === `-${g.short}`));
      if (spec?.value) i++;
      continue;
    }
    argv.splice(i, 1);
    return w;
  }
  return undefined;
}

export function runHelm(ctx: KubectlContext, argv: string[]): number {
  try {
    const rest = [...argv];
    const top0 = takeWord(rest);
    const top = top0 === undefined ? undefined : ALIASES[top0] ?? top0;
    if (top === undefined || top === 'help') { ctx.out.push(HELP); return 0; }
    let cmd = COMMANDS[top];
    let path = `helm ${top}`;
    if (!cmd && GROUPS[top]) {
      const subWord = takeWord(rest);
      const sub = subWord === undefined ? undefined : SUB_ALIASES[subWord] ?? subWord;
      if (sub === undefined) throw new Error(`"helm ${top}" requires a subcommand: ${Object.keys(GROUPS[top]).join(', ')}`);
      cmd = GROUPS[top][sub];
      if (!cmd) throw new Error(`unknown command "${subWord}" for "helm ${top}"`);
      path = `helm ${top} ${sub}`;
    }
    if (!cmd) throw new Error(`unknown command "${top0}" for "helm"\nRun 'helm --help' for usage.`);
    // pflag's errors (a FlagError) end as any other error does: "Error: unknown flag: --x".
    const a = parseFlags(rest, [...GLOBAL, ...cmd.flags]);
    checkArgs(cmd, path, a.positional.length);
    const clientOnly = cmd.clientOnly || top === 'show' || top === 'repo' || top === 'search' || top === 'dependency';
    if (!clientOnly && !ctx.store.available) throw new Error(UNREACHABLE);
    cmd.run(new Helm(ctx, a), a);
    return 0;
  } catch (e) {
    const msg = e instanceof ChartError || e instanceof ValuesError || e instanceof Error ? e.message : String(e);
    ctx.err.push(`Error: ${msg}`);
    return 1;
  }
}
