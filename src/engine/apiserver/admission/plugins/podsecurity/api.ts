// Pod Security Standards' levels, policy versions and namespace labels (k8s.io/pod-security-admission/api): a
// namespace's pod-security.kubernetes.io/<mode>[-version] labels resolve to a level and version per mode.
import type { FieldError } from '../../../errors.ts';

export type Level = 'privileged' | 'baseline' | 'restricted';
const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];

/** A policy version: v1.<minor>, or latest (newer than every numbered version). */
export type Version = { latest: true } | { latest: false; minor: number };
export const LATEST: Version = { latest: true };
export const v1 = (minor: number): Version => ({ latest: false, minor });

export interface LevelVersion { level: Level; version: Version }
export interface Policy { enforce: LevelVersion; audit: LevelVersion; warn: LevelVersion }
export type Mode = keyof Policy;

export const LABEL_PREFIX = 'pod-security.kubernetes.io/';
export const levelLabel = (mode: Mode) => `${LABEL_PREFIX}${mode}`;
export const versionLabel = (mode: Mode) => `${LABEL_PREFIX}${mode}-version`;

export function versionString(v: Version): string {
  return v.latest ? 'latest' : `v1.${v.minor}`;
}

/** LevelVersion.String(): "restricted:latest". */
export function levelVersionString(lv: LevelVersion): string {
  return `${lv.level}:${versionString(lv.version)}`;
}

export function sameLevelVersion(a: LevelVersion, b: LevelVersion): boolean {
  return a.level === b.level && versionString(a.version) === versionString(b.version);
}

/** Version.Older: latest is never older, and every numbered version is older than latest. */
export function older(a: Version, b: Version): boolean {
  if (a.latest) return false;
  if (b.latest) return true;
  return a.minor < b.minor;
}

/** CompareLevels: -1 when a is less strict than b, 0 when equal, 1 when stricter. */
export function compareLevels(a: Level, b: Level): number {
  return Math.sign(LEVELS.indexOf(a) - LEVELS.indexOf(b));
}

const VERSION = /^v1\.([0-9]|[1-9][0-9]*)$/;

/** ParseLevel: an unknown level is an error and reads as restricted (enforce fails closed). */
function parseLevel(value: string): { level: Level; error?: string } {
  if ((LEVELS as readonly string[]).includes(value)) return { level: value as Level };
  return { level: 'restricted', error: `must be one of ${LEVELS.join(', ')}` };
}

/** ParseVersion: "latest" or "v1.x"; anything else is an error and reads as latest. */
function parseVersion(value: string): { version: Version; error?: string } {
  if (value === 'latest') return { version: LATEST };
  const m = VERSION.exec(value);
  if (!m) return { version: LATEST, error: 'must be "latest" or "v1.x"' };
  return { version: v1(Number(m[1])) };
}

/** The cluster's defaults when a namespace sets no label: the default AdmissionConfiguration's, privileged:latest. */
export const DEFAULT_POLICY: Policy = {
  enforce: { level: 'privileged', version: LATEST },
  audit: { level: 'privileged', version: LATEST },
  warn: { level: 'privileged', version: LATEST },
};

/**
 * PolicyToEvaluate: the labels over the defaults, with a field error per label that does not parse. A bad audit or
 * warn level fails open (privileged), a bad enforce level closed (restricted).
 */
export function policyToEvaluate(labels: Record<string, string> | undefined, defaults: Policy = DEFAULT_POLICY): { policy: Policy; errors: FieldError[] } {
  const policy: Policy = { enforce: { ...defaults.enforce }, audit: { ...defaults.audit }, warn: { ...defaults.warn } };
  const errors: FieldError[] = [];
  if (!labels) return { policy, errors };
  const fail = (label: string, value: string, detail: string) => errors.push({ type: 'Invalid', field: `metadata.labels[${label}]`, value, detail });
  for (const mode of ['enforce', 'audit', 'warn'] as const) {
    const level = labels[levelLabel(mode)];
    if (level !== undefined) {
      const r = parseLevel(level);
      policy[mode].level = r.error && mode !== 'enforce' ? 'privileged' : r.level;
      if (r.error) fail(levelLabel(mode), level, r.error);
    }
    const version = labels[versionLabel(mode)];
    if (version !== undefined) {
      const r = parseVersion(version);
      policy[mode].version = r.version;
      if (r.error) fail(versionLabel(mode), version, r.error);
    }
  }
  return { policy, errors };
}
