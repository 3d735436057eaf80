// The check registry (pod-security-admission/policy/registry.go): for a level and version, the checks that apply —
// each check's newest revision at or below the version; restricted runs the baseline checks it does not override,
// then its own. Versions newer than the newest check revision evaluate as that revision, as latest does.
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import type { PodSpec } from 'kubernetes-types/core/v1';
import type { LevelVersion } from './api.ts';
import { BASELINE_CHECKS } from './baseline.ts';
import type { Check, CheckPod, Forbidden, VersionedCheck } from './check.ts';
import { RESTRICTED_CHECKS } from './restricted.ts';

/** The newest minimum version of any check: v1.32 (sysctls). */
const MAX_MINOR = Math.max(...[...BASELINE_CHECKS, ...RESTRICTED_CHECKS].map((c) => c.versions.at(-1)!.minimumVersion));

function revisionAt(check: Check, minor: number): VersionedCheck | undefined {
  return check.versions.filter((v) => v.minimumVersion <= minor).at(-1);
}

const cache = new Map<string, CheckPod[]>();

/** The check functions for a level and version, built once per pair. */
function checksFor(lv: LevelVersion): CheckPod[] {
  const minor = lv.version.latest || lv.version.minor > MAX_MINOR ? MAX_MINOR : lv.version.minor;
  const key = `${lv.level}:${minor}`;
  let fns = cache.get(key);
  if (fns) return fns;
  const restricted = lv.level === 'restricted' ? RESTRICTED_CHECKS.map((c) => revisionAt(c, minor)).filter((v): v is VersionedCheck => !!v) : [];
  const overridden = new Set(restricted.flatMap((v) => v.overrideCheckIDs ?? []));
  const baseline = BASELINE_CHECKS.filter((c) => !overridden.has(c.id)).map((c) => revisionAt(c, minor)).filter((v): v is VersionedCheck => !!v);
  fns = [...baseline, ...restricted].map((v) => v.checkPod);
  cache.set(key, fns);
  return fns;
}

/** AggregateCheckResult: allowed, or the forbidden checks' reasons and details in check order. */
export interface AggregateResult { allowed: boolean; forbidden: Forbidden[] }

/** EvaluatePod aggregated: privileged allows everything. */
export function evaluatePod(lv: LevelVersion, meta: ObjectMeta, spec: PodSpec): AggregateResult {
  if (lv.level === 'privileged') return { allowed: true, forbidden: [] };
  const forbidden = checksFor(lv).map((f) => f(meta, spec)).filter((r): r is Forbidden => !!r);
  return { allowed: forbidden.length === 0, forbidden };
}

/** ForbiddenReason: the reasons joined (a namespace's pods are grouped by it). */
export function forbiddenReason(r: AggregateResult): string {
  return r.forbidden.map((f) => f.reason).join(', ');
}

/** ForbiddenDetail: each reason with its detail in parentheses. */
export function forbiddenDetail(r: AggregateResult): string {
  return r.forbidden.map((f) => (f.detail ? `${f.reason} (${f.detail})` : f.reason)).join(', ');
}
