// What a kubectl command sees: the API server (store), the clock for ages, files, and its output streams.
import type { KindInfo } from '../api/kinds.ts';
import type { Store } from '../apiserver/store.ts';
import type { SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import { StatusError } from '../apiserver/errors.ts';
import type { PodLogSource } from './commands/logs.ts';
import type { MetricsSource } from './commands/top.ts';
import type { PodExecSource } from './commands/exec.ts';
import type { WatchRenderer } from './commands/getwatch.ts';
import type { Kubeconfig } from './kubeconfig.ts';
import type { UserInfo } from '../apiserver/rbac/authorizer.ts';
import { checkAccess } from '../apiserver/rbac/authorizer.ts';
import type { RequestAttributes } from '../apiserver/rbac/rules.ts';
import type { EditorHooks } from './commands/edit/index.ts';
import type { PortForwardHost } from './commands/portforward/index.ts';

export interface KubectlContext {
  store: Store;
  clock: SimClock;
  /**
   * The client's random draws (kubectl debug's debugger-XXXXX names): the API server's seeded RNG, so a snapshot
   * keeps its state. Simplification: kubectl draws from its own process's source.
   */
  rng: SeededRng;
  stdin: string | undefined;
  /** Files `-f NAME` can read (the page's editor documents). */
  files: ReadonlyMap<string, string>;
  /** Write a local file (kubectl cp from a pod): the page creates or overwrites the editor document. */
  writeFile?: (name: string, text: string) => void;
  /** Lines of output: each is printed with a newline after it, except a last one printVerbatim left open. */
  out: string[];
  err: string[];
  /** The last line of out ends without a newline (printVerbatim). */
  unterminated?: boolean;
  /** Reads that kubelets and metrics-server answer (kubectl logs, exec, top). */
  nodes?: PodLogSource & MetricsSource & PodExecSource;
  /** Callers that can stream (the page's terminal) take `get -w`'s renderer of later changes. */
  watch?: (render: WatchRenderer) => void;
  /** The client's kubeconfig (`kubectl config` changes it in place); without one, the namespace is "default". */
  kubeconfig?: Kubeconfig;
  /**
   * The kubeconfig's user for this command line (identity.ts's KUBERNETES_ADMIN when unset): a kubeconfig
   * feature sets it from the current context.
   */
  user?: UserInfo;
  /** The user this command's requests run as, after --as (set by runKubectl; `store` is already theirs). */
  requestUser?: UserInfo;
  /** The API server as it is, for the authorization checks of requests that do not go through `store`. */
  apiserver?: KubectlContext['store'];
  /** How kubectl edit reaches an editor (without one it fails as kubectl does when it cannot start vi). */
  edit?: EditorHooks;
  /** The workstation kubectl runs on: where `port-forward` listens and runs on as a job. */
  portForward?: PortForwardHost;
}

/**
 * Authorize a request that does not go through ctx.store (pods/log, pods/exec, the metrics API): Forbidden unless
 * the request's user may.
 */
export function authorizeRequest(ctx: KubectlContext, attrs: RequestAttributes): void {
  if (ctx.requestUser) checkAccess(ctx.apiserver ?? ctx.store, ctx.requestUser, attrs);
}

/**
 * Print text that carries its own line ends, as kubectl's -o jsonpath prints the template's output and nothing
 * more: `{.status.phase}` prints "Running" with no newline, `{range …}{.metadata.name}{"\n"}{end}` one per line.
 */
export function printVerbatim(ctx: KubectlContext, text: string): void {
  if (!text) return;
  if (text.endsWith('\n')) ctx.out.push(text.slice(0, -1));
  else {
    ctx.out.push(text);
    ctx.unterminated = true;
  }
}

/** A user error that kubectl prints as "error: …" and exits 1. */
export class CommandError extends Error {}

export function resourceName(info: KindInfo, name: string): string {
  return `${info.group ? `${info.singular}.${info.group}` : info.singular}/${name}`;
}

/** cmdutil.CheckErr's wording for API errors. */
export function formatError(e: unknown, verbContext?: string): string {
  if (e instanceof StatusError) {
    const s = e.status;
    if (s.reason === 'Invalid' && s.details?.causes?.length) {
      const causes = s.details.causes.map((c) => `${c.field}: ${c.message}`);
      // An error on no object (a patch that does not decode) is "The request is invalid".
      const head = s.details.kind || s.details.name ? `The ${s.details.kind} "${s.details.name}" is invalid: ` : 'The request is invalid: ';
      return causes.length === 1 ? head + causes[0] : `${head}\n* ${causes.join('\n* ')}`;
    }
    return `Error from server (${s.reason}): ${verbContext ? `${verbContext}: ` : ''}${s.message}`;
  }
  if (e instanceof CommandError) return `error: ${e.message}`;
  return `error: ${e instanceof Error ? e.message : String(e)}`;
}

/** Read `-f` sources: "-" is stdin, anything else a named file. */
export function readSource(ctx: KubectlContext, name: string): { text: string; source: string } {
  if (name === '-') {
    if (ctx.stdin === undefined) throw new CommandError('no objects passed to apply');
    return { text: ctx.stdin, source: 'STDIN' };
  }
  const text = ctx.files.get(name);
  if (text === undefined) throw new CommandError(`the path "${name}" does not exist`);
  return { text, source: name };
}
