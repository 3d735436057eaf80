// How a Job judges finished pods by its policies (pkg/controller/job/pod_failure_policy.go, success_policy.go).
import type { PodFailurePolicy, PodFailurePolicyOnExitCodesRequirement, SuccessPolicy } from 'kubernetes-types/batch/v1';
import type { ContainerStatus, Pod } from 'kubernetes-types/core/v1';
import { parseIndexes, total, type Intervals } from './indexed.ts';

export type PodFailurePolicyAction = 'FailJob' | 'FailIndex' | 'Ignore' | 'Count';

export interface PodFailureMatch {
  /** Set when a FailJob rule matched: the message of the Job's failure. */
  failJobMessage?: string;
  /** Whether the failure counts towards backoffLimit (false for Ignore). */
  countFailed: boolean;
  action?: PodFailurePolicyAction;
}

function exitCodeMatches(code: number, req: PodFailurePolicyOnExitCodesRequirement): boolean {
  if (req.operator === 'In') return req.values.includes(code);
  if (req.operator === 'NotIn') return !req.values.includes(code);
  return false;
}

/** The first terminated container (app, then init) with a non-zero exit code the requirement matches. */
function matchOnExitCodes(pod: Pod, req: PodFailurePolicyOnExitCodesRequirement): ContainerStatus | undefined {
  for (const list of [pod.status?.containerStatuses ?? [], pod.status?.initContainerStatuses ?? []]) {
    for (const cs of list) {
      const code = cs.state?.terminated?.exitCode;
      if (code === undefined) continue;
      if (req.containerName && req.containerName !== cs.name) continue;
      if (code !== 0 && exitCodeMatches(code, req)) return cs;
    }
  }
  return undefined;
}

/** matchPodFailurePolicy: the first rule a failed pod matches, by exit codes or by pod conditions. */
export function matchPodFailurePolicy(policy: PodFailurePolicy | undefined, pod: Pod): PodFailureMatch {
  if (!policy) return { countFailed: true };
  const podName = `${pod.metadata?.namespace}/${pod.metadata?.name}`;
  for (const [i, rule] of (policy.rules ?? []).entries()) {
    let failJobMessage: string | undefined;
    if (rule.onExitCodes) {
      const cs = matchOnExitCodes(pod, rule.onExitCodes);
      if (!cs) continue;
      failJobMessage = `Container ${cs.name} for pod ${podName} failed with exit code ${cs.state!.terminated!.exitCode} matching ${rule.action} rule at index ${i}`;
    } else if (rule.onPodConditions) {
      const cond = (pod.status?.conditions ?? []).find((c) => rule.onPodConditions!.some((p) => p.type === c.type && (p.status ?? 'True') === c.status));
      if (!cond) continue;
      failJobMessage = `Pod ${podName} has condition ${cond.type} matching ${rule.action} rule at index ${i}`;
    } else continue;
    switch (rule.action) {
      case 'Ignore': return { countFailed: false, action: 'Ignore' };
      case 'FailIndex': return { countFailed: true, action: 'FailIndex' };
      case 'Count': return { countFailed: true, action: 'Count' };
      case 'FailJob': return { failJobMessage, countFailed: true, action: 'FailJob' };
      default:
    }
  }
  return { countFailed: true };
}

/** matchSucceededIndexesRule: the rule's indexes all succeeded, or at least succeededCount of them. */
function matchSucceededIndexesRule(ruleIndexes: Intervals, succeeded: Intervals, succeededCount: number | undefined): boolean {
  let contains = 0;
  let s = 0;
  let r = 0;
  while (r < ruleIndexes.length && s < succeeded.length) {
    const overlap = Math.min(ruleIndexes[r].last, succeeded[s].last) - Math.max(ruleIndexes[r].first, succeeded[s].first) + 1;
    if (overlap > 0) contains += overlap;
    if (succeeded[s].last < ruleIndexes[r].last) s++;
    else if (succeeded[s].last > ruleIndexes[r].last) r++;
    else {
      s++;
      r++;
    }
  }
  return contains === total(ruleIndexes) || (succeededCount !== undefined && contains >= succeededCount);
}

/** matchSuccessPolicy: the message of the first rule the succeeded indexes satisfy. */
export function matchSuccessPolicy(policy: SuccessPolicy | undefined, completions: number, succeeded: Intervals): string | undefined {
  if (!policy || succeeded.length === 0) return undefined;
  for (const [i, rule] of (policy.rules ?? []).entries()) {
    if (typeof rule.succeededIndexes === 'string') {
      const required = parseIndexes(rule.succeededIndexes, completions);
      if (required.length === 0) continue;
      if (matchSucceededIndexesRule(required, succeeded, rule.succeededCount)) return `Matched rules at index ${i}`;
    } else if (typeof rule.succeededCount === 'number' && total(succeeded) >= rule.succeededCount) {
      return `Matched rules at index ${i}`;
    }
  }
  return undefined;
}
