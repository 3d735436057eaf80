// The files of configMap, secret, downwardAPI and projected volumes: each plugin's payload (MakePayload /
// CollectData: path → data and mode) laid out on disk by the atomic writer: the payload in a timestamped
// directory `..2026_12_07_00_34_02.1234567890`, `..data` a symlink to it, and each top-level name a symlink into
// `..data` (so that an update swaps one link and readers never see half of it).
import type { ConfigMap, DownwardAPIVolumeFile, KeyToPath, Pod, Secret, Volume } from 'kubernetes-types/core/v1';
import { hashString } from '../../../sim/rng.ts';
import { dir, file, link, place, splitPath, type FileNode } from '../../runtime/fs/tree.ts';
import { base64Decode } from '../../../api/base64.ts';
import { downwardFileContent } from './downwardapi.ts';

/** The API's default file mode of these volumes: 0644. */
export const DEFAULT_MODE = 0o644;

export interface Projection { data: string; mode: number }
export type Payload = Map<string, Projection>;

/** What a payload is made of, as the kubelet has it at its last sync of the pod. */
export interface PayloadSources {
  pod: Pod;
  configMap(name: string): ConfigMap | undefined;
  secret(name: string): Secret | undefined;
  allocatable: Record<string, string>;
  token(expirationSeconds: number | undefined, audience: string | undefined): string;
}

/** Key → text of a ConfigMap (data, then binaryData) or Secret (decoded data). */
function configMapData(cm: ConfigMap): Map<string, string> {
  const out = new Map(Object.entries(cm.data ?? {}));
  for (const [k, v] of Object.entries(cm.binaryData ?? {})) if (!out.has(k)) out.set(k, base64Decode(v));
  return out;
}
const secretData = (s: Secret) => new Map([...Object.entries(s.stringData ?? {}), ...Object.entries(s.data ?? {}).map(([k, v]) => [k, base64Decode(v)] as const)]);

/** configmap/secret MakePayload: every key, or the items' keys at their paths (a missing key: skipped when optional). */
function keysPayload(out: Payload, data: Map<string, string> | undefined, items: KeyToPath[] | undefined, mode: number): void {
  if (!data) return; // optional and missing: nothing (a required one keeps the pod from starting, see volumemanager.ts)
  if (!items?.length) { for (const [k, v] of data) out.set(k, { data: v, mode }); return; }
  for (const it of items) {
    const v = data.get(it.key);
    if (v !== undefined) out.set(it.path, { data: v, mode: it.mode ?? mode });
  }
}

function downwardPayload(out: Payload, items: DownwardAPIVolumeFile[] | undefined, src: PayloadSources, mode: number): void {
  for (const it of items ?? []) out.set(it.path, { data: downwardFileContent(src.pod, it, src.allocatable), mode: it.mode ?? mode });
}

/** The payload of an atomic-writer volume, or undefined for a volume of another kind. */
export function volumePayload(v: Volume, src: PayloadSources): Payload | undefined {
  const out: Payload = new Map();
  if (v.configMap) {
    const cm = src.configMap(v.configMap.name ?? '');
    keysPayload(out, cm && configMapData(cm), v.configMap.items, v.configMap.defaultMode ?? DEFAULT_MODE);
  } else if (v.secret) {
    const s = src.secret(v.secret.secretName ?? '');
    keysPayload(out, s && secretData(s), v.secret.items, v.secret.defaultMode ?? DEFAULT_MODE);
  } else if (v.downwardAPI) {
    downwardPayload(out, v.downwardAPI.items, src, v.downwardAPI.defaultMode ?? DEFAULT_MODE);
  } else if (v.projected) {
    const mode = v.projected.defaultMode ?? DEFAULT_MODE;
    for (const p of v.projected.sources ?? []) {
      if (p.configMap) { const cm = src.configMap(p.configMap.name ?? ''); keysPayload(out, cm && configMapData(cm), p.configMap.items, mode); }
      if (p.secret) { const s = src.secret(p.secret.name ?? ''); keysPayload(out, s && secretData(s), p.secret.items, mode); }
      if (p.downwardAPI) downwardPayload(out, p.downwardAPI.items, src, mode);
      if (p.serviceAccountToken) out.set(p.serviceAccountToken.path, { data: src.token(p.serviceAccountToken.expirationSeconds, p.serviceAccountToken.audience), mode });
    }
  } else return undefined;
  return out;
}

/** The atomic writer's timestamped directory name: UTC time, then os.MkdirTemp's random number (derived here). */
export function timestampDir(ms: number, seed: string): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `..${d.getUTCFullYear()}_${p(d.getUTCMonth() + 1)}_${p(d.getUTCDate())}_${p(d.getUTCHours())}_${p(d.getUTCMinutes())}_${p(d.getUTCSeconds())}.${hashString(`${seed}/${ms}`)}`;
}

/** The volume's directory as the atomic writer leaves it; `writtenAt` is when the payload was last written. */
export function atomicVolumeDir(payload: Payload, writtenAt: number, seed: string, readOnly: boolean): FileNode {
  const root = dir(writtenAt, 0o777, readOnly);
  const ts = timestampDir(writtenAt, seed);
  const data = dir(writtenAt, 0o755, readOnly);
  root.children!.set(ts, data);
  for (const [path, p] of payload) place(data, path, file(p.data, writtenAt, p.mode, readOnly));
  root.children!.set('..data', link(ts, writtenAt, readOnly));
  for (const top of new Set([...payload.keys()].map((k) => splitPath(k)[0]))) root.children!.set(top, link(`..data/${top}`, writtenAt, readOnly));
  return root;
}
