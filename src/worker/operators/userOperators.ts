// The user-written operators of the engine worker's cluster: each one's code (stripped of TypeScript types)
// runs in its own sandbox worker, its loop in the engine (engine/operators/external.ts). Their sources are
// saved with the cluster and installed again when it is restored.
// Simplification: a user operator writes with no RBAC (as cluster-admin); Reset and loading a scenario remove the
// user operators with the cluster they ran on; three overruns in a row stop one (an invented threshold).
import type { KubesimCluster } from '../../engine/index.ts';
import type { ExternalOperator, ReconcileResult } from '../../engine/operators/external.ts';
import { SandboxRunner, type SpawnSandbox } from './sandbox.ts';
import { OperatorCodeError, toJavaScript } from './typestrip.ts';
import type { UserOperatorSource, UserOperatorView } from './protocol.ts';

/** Reconciles in a row over the time budget after which the operator is stopped. */
export const MAX_OVERRUNS = 3;

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export interface UserOperatorDeps {
  spawn: SpawnSandbox;
  budgetMs?: number;
}

interface Installed {
  source: UserOperatorSource;
  runner?: SandboxRunner;
  /** The TypeScript could not be stripped (a syntax error): every reconcile reports it. */
  codeError?: string;
  loop?: ExternalOperator;
}

export class UserOperators {
  private readonly installed = new Map<string, Installed>();

  constructor(private readonly deps: UserOperatorDeps) {}

  /** Install (or replace, with new code) an operator; throws a kubectl-style message when it cannot run. */
  async install(cluster: KubesimCluster, source: UserOperatorSource): Promise<void> {
    const src = checkSource(source);
    if (this.installed.has(src.name)) this.remove(cluster, src.name);
    const entry: Installed = { source: src };
    let js: string | undefined;
    try {
      js = await toJavaScript(src.code, src.language);
    } catch (e) {
      if (!(e instanceof OperatorCodeError)) throw e;
      entry.codeError = e.message;
    }
    const runner = js === undefined ? undefined : new SandboxRunner(js, { spawn: this.deps.spawn, budgetMs: this.deps.budgetMs });
    const driver = async (req: Parameters<SandboxRunner['reconcile']>[0]): Promise<ReconcileResult> => {
      if (!runner) return { error: entry.codeError };
      const result = await runner.reconcile(req, cluster.now());
      if (runner.overruns < MAX_OVERRUNS) return result;
      runner.dispose();
      return { ...result, stop: `the operator is stopped: ${MAX_OVERRUNS} reconciles in a row did not finish within their time budget (an endless loop?); fix the code and install it again` };
    };
    try {
      entry.loop = cluster.operators.installExternal({ name: src.name, kind: src.kind, owns: src.owns }, driver);
    } catch (e) {
      runner?.dispose();
      throw e;
    }
    entry.runner = runner;
    this.installed.set(src.name, entry);
  }

  remove(cluster: KubesimCluster, name: string): void {
    const entry = this.installed.get(name);
    if (!entry) throw new Error(`operator "${name}" is not installed`);
    entry.runner?.dispose();
    if (entry.loop) cluster.operators.removeExternal(name);
    this.installed.delete(name);
  }

  /** A new cluster: the previous one's operators go with it. */
  clear(): void {
    for (const e of this.installed.values()) e.runner?.dispose();
    this.installed.clear();
  }

  sources(): UserOperatorSource[] {
    return [...this.installed.values()].map((e) => e.source);
  }

  views(): UserOperatorView[] {
    return [...this.installed.values()].map(({ source, loop, codeError, runner }) => {
      const lastError = loop?.lastError ?? (codeError ? { key: '', message: codeError } : runner?.loadError ? { key: '', message: runner.loadError } : undefined);
      return {
        ...source,
        state: loop?.stopped ? 'stopped' : 'running',
        stoppedReason: loop?.stopped,
        lastError,
        reconciles: loop?.reconciles ?? 0,
        errors: loop?.failures ?? 0,
      };
    });
  }
}

function checkSource(s: UserOperatorSource): UserOperatorSource {
  const name = String(s.name ?? '').trim();
  if (!DNS1123_LABEL.test(name) || name.length > 63) {
    throw new Error(`operator name "${name}": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`);
  }
  if (!s.kind?.trim()) throw new Error('operator: the kind it reconciles is required');
  if (s.language !== 'javascript' && s.language !== 'typescript') throw new Error('operator: language must be javascript or typescript');
  if (typeof s.code !== 'string' || s.code.trim() === '') throw new Error('operator: the code is empty');
  const owns = [...new Set((s.owns ?? []).map((k) => k.trim()).filter(Boolean))];
  return { name, kind: s.kind.trim(), owns, language: s.language, code: s.code };
}
