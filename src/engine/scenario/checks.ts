// Exercise checks: declarative predicates over the cluster's state and events, evaluated through the same
// views a student has (`kubectl get … -o json`, kubectl's JSONPath, pods' READY and STATUS cells, Events), so
// a reason can always be reproduced in the terminal. Each result says, in English and Chinese, what was seen.
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import type { KubesimCluster } from '../index.ts';
import { parseSelector, selectorFromLabelSelector, type Selector } from '../api/labels.ts';
import { isPodReady, isPodTerminal } from '../api/pod.ts';
import { JsonPath } from '../kubectl/printers/jsonpath/jsonpath.ts';
import { summarizePod } from '../kubectl/printers/podstatus.ts';
import { parseDuration } from '../sim/clock.ts';
import type { CanICheck, Check, EventCheck, JsonPathCheck, PodChoice, PodsOnNodesCheck, PodsReadyCheck, Text, TrafficCheck } from './format.ts';

export interface CheckResult {
  pass: boolean;
  /** What was seen, for the student: why it passes or fails. */
  reason: Text;
}

const text = (en: string, zh: string): Text => ({ en, zh });
const pass = (reason: Text): CheckResult => ({ pass: true, reason });
const fail = (reason: Text): CheckResult => ({ pass: false, reason });
/** At most this many objects are named in a reason; the rest are counted. */
const NAMED = 3;

export function evaluateCheck(c: KubesimCluster, check: Check): CheckResult {
  const r = evaluateBody(c, check);
  return check.description ? { pass: r.pass, reason: text(`${check.description.en} — ${r.reason.en}`, `${check.description.zh}——${r.reason.zh}`) } : r;
}

export function evaluateChecks(c: KubesimCluster, checks: readonly Check[]): CheckResult[] {
  return checks.map((k) => evaluateCheck(c, k));
}

function evaluateBody(c: KubesimCluster, check: Check): CheckResult {
  if ('jsonpath' in check) return jsonPathCheck(c, check.jsonpath);
  if ('podsReady' in check) return podsReady(c, check.podsReady);
  if ('podsOnNodes' in check) return podsOnNodes(c, check.podsOnNodes);
  if ('event' in check) return events(c, check.event, true);
  if ('noEvent' in check) return events(c, check.noEvent, false);
  if ('traffic' in check) return traffic(c, check.traffic);
  if ('canI' in check) return canI(c, check.canI);
  const inner = evaluateCheck(c, check.not);
  return inner.pass
    ? fail(text(`this should not hold, but it does: ${inner.reason.en}`, `这一条不应成立，但成立了：${inner.reason.zh}`))
    : pass(text(`as wanted, this does not hold: ${inner.reason.en}`, `符合要求，这一条不成立：${inner.reason.zh}`));
}

/** `kubectl get … -o json` as the student would run it in a fresh shell (admin.conf); an error is the reason. */
function kubectlGet(c: KubesimCluster, what: string, namespace?: string): { ok: true; value: unknown } | { ok: false; result: CheckResult } {
  const line = `kubectl get ${what}${namespace ? ` -n ${namespace}` : ''} -o json`;
  // The check's namespace is its own (default when unnamed), whatever context the student chose.
  const r = c.exec(line, undefined, { adminKubeconfig: true });
  if (r.code !== 0) {
    const err = r.stderr.trim();
    return { ok: false, result: fail(text(`\`${line}\` failed: ${err}`, `\`${line}\` 出错：${err}`)) };
  }
  return { ok: true, value: JSON.parse(r.stdout) };
}

function jsonPathCheck(c: KubesimCluster, k: JsonPathCheck): CheckResult {
  const got = kubectlGet(c, k.get, k.namespace);
  if (!got.ok) return got.result;
  let value: string;
  try {
    value = new JsonPath(k.path, true).execute(got.value);
  } catch (e) {
    return fail(text(`${k.path} cannot be read from ${k.get}: ${(e as Error).message}`, `无法从 ${k.get} 读取 ${k.path}：${(e as Error).message}`));
  }
  const what = text(`${k.path} of ${k.get} is ${JSON.stringify(value)}`, `${k.get} 的 ${k.path} 是 ${JSON.stringify(value)}`);
  const verdict = (ok: boolean, en: string, zh: string) => (ok ? pass(what) : fail(text(`${what.en}, ${en}`, `${what.zh}，${zh}`)));
  // Kubernetes omits zero counts (readyReplicas, succeeded …): an empty value counts as 0.
  const n = value.trim() === '' ? 0 : Number(value);
  const checks: CheckResult[] = [];
  if (k.equals !== undefined) checks.push(verdict(value === k.equals, `expected ${JSON.stringify(k.equals)}`, `期望 ${JSON.stringify(k.equals)}`));
  if (k.notEquals !== undefined) checks.push(verdict(value !== k.notEquals, `expected anything but ${JSON.stringify(k.notEquals)}`, `期望不是 ${JSON.stringify(k.notEquals)}`));
  if (k.contains !== undefined) checks.push(verdict(value.includes(k.contains), `expected it to contain ${JSON.stringify(k.contains)}`, `期望包含 ${JSON.stringify(k.contains)}`));
  if (k.atLeast !== undefined) checks.push(verdict(n >= k.atLeast, `expected at least ${k.atLeast}`, `期望至少 ${k.atLeast}`));
  if (k.atMost !== undefined) checks.push(verdict(n <= k.atMost, `expected at most ${k.atMost}`, `期望至多 ${k.atMost}`));
  return checks.find((r) => !r.pass) ?? checks[0];
}

interface ChosenPods { pods: Pod[]; label: Text; expected?: number }

/** The pods of an owner (through its selector) or of a label selector, deleted ones left out. */
function choosePods(c: KubesimCluster, choice: PodChoice): { ok: true; chosen: ChosenPods } | { ok: false; result: CheckResult } {
  const namespace = choice.namespace ?? 'default';
  let selector: Selector;
  let label: Text;
  let expected: number | undefined;
  if (choice.owner) {
    const got = kubectlGet(c, choice.owner, namespace);
    if (!got.ok) return got;
    const owner = got.value as { kind: string; spec?: { selector?: LabelSelector; replicas?: number }; status?: { desiredNumberScheduled?: number } };
    selector = selectorFromLabelSelector(owner.spec?.selector);
    label = text(choice.owner, choice.owner);
    expected = owner.kind === 'DaemonSet' ? owner.status?.desiredNumberScheduled : owner.kind === 'Job' ? undefined : owner.spec?.replicas ?? 1;
  } else {
    selector = parseSelector(choice.selector!);
    label = text(`pods with ${choice.selector}`, `带有 ${choice.selector} 的 Pod`);
  }
  const pods = (c.list('Pod') as Pod[]).filter((p) => (p.metadata?.namespace ?? 'default') === namespace && !p.metadata?.deletionTimestamp && selector.matches(p.metadata?.labels));
  return { ok: true, chosen: { pods, label, expected } };
}

const names = (pods: Pod[], cell: (p: Pod) => string): string => {
  const shown = pods.slice(0, NAMED).map((p) => `${p.metadata?.name} (${cell(p)})`).join(', ');
  return pods.length > NAMED ? `${shown} +${pods.length - NAMED}` : shown;
};

function podsReady(c: KubesimCluster, k: PodsReadyCheck): CheckResult {
  const got = choosePods(c, k);
  if (!got.ok) return got.result;
  const { pods: all, label } = got.chosen;
  const pods = all.filter((p) => !isPodTerminal(p));
  const want = k.count ?? got.chosen.expected ?? 1;
  const ready = pods.filter(isPodReady);
  const notReady = pods.filter((p) => !isPodReady(p));
  const counted = text(`${label.en}: ${ready.length} of ${pods.length} pods Ready (${want} wanted)`, `${label.zh}：${pods.length} 个 Pod 中 ${ready.length} 个就绪（需要 ${want} 个）`);
  if (notReady.length) {
    const list = names(notReady, (p) => summarizePod(p, c.now()).status);
    return fail(text(`${counted.en}; not Ready: ${list}`, `${counted.zh}；未就绪：${list}`));
  }
  return ready.length >= want ? pass(counted) : fail(counted);
}

function podsOnNodes(c: KubesimCluster, k: PodsOnNodesCheck): CheckResult {
  const got = choosePods(c, k);
  if (!got.ok) return got.result;
  const { pods, label } = got.chosen;
  const nodeSelector = parseSelector(k.nodeSelector);
  const nodes = new Map((c.list('Node') as Node[]).map((n) => [n.metadata?.name ?? '', n]));
  const bound = pods.filter((p) => p.spec?.nodeName);
  const on = bound.filter((p) => nodeSelector.matches(nodes.get(p.spec!.nodeName!)?.metadata?.labels));
  const off = pods.filter((p) => !on.includes(p));
  const where = (p: Pod) => p.spec?.nodeName ?? 'not scheduled';
  const counted = text(`${label.en}: ${on.length} of ${pods.length} pods on nodes with ${k.nodeSelector}`, `${label.zh}：${pods.length} 个 Pod 中 ${on.length} 个在带有 ${k.nodeSelector} 的节点上`);
  if (pods.length === 0) return fail(text(`${label.en}: no pods`, `${label.zh}：没有 Pod`));
  const ok = k.atLeast !== undefined ? on.length >= k.atLeast : off.length === 0;
  if (ok) return pass(counted);
  return fail(off.length ? text(`${counted.en}; elsewhere: ${names(off, where)}`, `${counted.zh}；其他位置：${names(off, where)}`) : counted);
}

function events(c: KubesimCluster, k: EventCheck, wanted: boolean): CheckResult {
  const since = k.within ? c.now() - parseDuration(k.within) : -Infinity;
  const matching = (c.list('Event') as unknown as Event[]).filter((e) => e.reason === k.reason
    && (!k.namespace || e.metadata?.namespace === k.namespace)
    && (!k.object || (e.involvedObject?.name ?? '').startsWith(k.object))
    && Date.parse(e.lastTimestamp ?? e.eventTime ?? e.metadata?.creationTimestamp ?? '') >= since);
  const count = matching.reduce((n, e) => n + (e.count ?? 1), 0);
  const scope = text(`${k.reason} events${k.object ? ` for ${k.object}…` : ''}${k.within ? ` in the last ${k.within}` : ''}`,
    `${k.object ? `${k.object}… 的 ` : ''}${k.reason} 事件${k.within ? `（最近 ${k.within}）` : ''}`);
  const last = matching.at(-1);
  const latest = last ? `; latest: ${last.involvedObject?.name}: ${last.message ?? ''}` : '';
  const latestZh = last ? `；最近一条：${last.involvedObject?.name}：${last.message ?? ''}` : '';
  const seen = text(`${count} ${scope.en}${latest}`, `${scope.zh}共 ${count} 次${latestZh}`);
  return (wanted ? count >= (k.atLeast ?? 1) : count === 0) ? pass(seen) : fail(seen);
}

/** The ERRORS cell of the source's row in `sim traffic list` (the latest measured window). */
function traffic(c: KubesimCluster, k: TrafficCheck): CheckResult {
  const r = c.exec('sim traffic list');
  const row = r.stdout.split('\n').slice(1).map((l) => l.trim().split(/\s{2,}/)).find((cells) => cells[0] === k.name);
  if (r.code !== 0 || !row) return fail(text(`no traffic source "${k.name}" (see \`sim traffic list\`)`, `没有名为 "${k.name}" 的流量源（见 \`sim traffic list\`）`));
  const errors = row[7];
  if (!errors || errors === '-') return fail(text(`traffic ${k.name}: no requests measured yet`, `流量 ${k.name}：尚未测到请求`));
  const seen = text(`traffic ${k.name}: ${errors} of requests fail (at most ${k.maxErrorPercent}% wanted)`, `流量 ${k.name}：${errors} 的请求失败（要求至多 ${k.maxErrorPercent}%）`);
  return parseFloat(errors) <= k.maxErrorPercent ? pass(seen) : fail(seen);
}

/** `kubectl auth can-i` as the user: its yes or no against what is wanted; any other failure is the reason. */
function canI(c: KubesimCluster, k: CanICheck): CheckResult {
  const groups = (k.groups ?? []).map((g) => ` --as-group ${g}`).join('');
  const line = `kubectl auth can-i ${k.verb} ${k.resource}${k.namespace ? ` -n ${k.namespace}` : ''} --as ${k.user}${groups}`;
  const r = c.exec(line, undefined, { adminKubeconfig: true });
  const answer = r.stdout.trim();
  if (answer !== 'yes' && answer !== 'no') {
    const err = r.stderr.trim();
    return fail(text(`\`${line}\` failed: ${err}`, `\`${line}\` 出错：${err}`));
  }
  const seen = text(`\`${line}\`: ${answer}`, `\`${line}\`：${answer}`);
  return (answer === 'yes') === (k.allowed ?? true) ? pass(seen) : fail(seen);
}
