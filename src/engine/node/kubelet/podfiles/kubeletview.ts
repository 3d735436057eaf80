// What the kubelet has written into a pod's volumes, for exec'd commands to read. The kubelet rewrites
// configMap, secret, downwardAPI and projected volumes on its periodic sync of the pod, not when the object
// changes: its configmap/secret managers watch the objects (configMapAndSecretChangeDetectionStrategy: Watch, so
// no cache TTL adds to the delay), and the pod worker resyncs every syncFrequency (1 min) with up to 50% jitter
// (workerResyncIntervalJitterFactor). SIMULATION: each pod resyncs with a fixed period drawn once from that range
// by its UID — 60 s to 90 s, so a change shows within 1.5 min, deterministic — starting at the pod's start.
// Nothing is kept per pod until someone looks: the sources are taken at the first look and refreshed at the first
// look after a sync point. Simplification: a refresh takes the objects as they are then (a change made after the
// sync point but before the look shows one period early); subPath mounts keep what their container's first look
// found (they never update); after a reload the first look takes the objects as they are.
import type { ConfigMap, Container, Node, Pod, Secret, ServiceAccount } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import type { Store } from '../../../apiserver/store.ts';
import type { SimClock } from '../../../sim/clock.ts';
import { hashString } from '../../../sim/rng.ts';
import type { FileNode, WrittenFile } from '../../runtime/fs/tree.ts';
import { automountsToken, DEFAULT_TOKEN_EXPIRATION_SECONDS, podToken } from './serviceaccount.ts';
import { containerTree } from './view.ts';
import type { PayloadSources } from './volumes.ts';

/** syncFrequency and the pod worker's resync jitter factor. */
export const SYNC_FREQUENCY_MS = 60_000;
const RESYNC_JITTER = 0.5;
/** The kubelet's token manager renews a token when 80% of its lifetime has passed. */
const TOKEN_REFRESH_FRACTION = 0.8;

/** The pod's last periodic sync at or before `now`. */
export function lastSyncAt(uid: string, podStart: number, now: number): number {
  const period = SYNC_FREQUENCY_MS + (hashString(uid) % (SYNC_FREQUENCY_MS * RESYNC_JITTER));
  return now <= podStart ? podStart : podStart + Math.floor((now - podStart) / period) * period;
}

interface Snapshot { at: number; pod: Pod; objects: Map<string, KubeObject | undefined> }

export interface PodFileViewsConfig { store: Store; clock: SimClock; nodeName: string; nodeIP: string }

export class PodFileViews {
  /** By pod UID: the sources as of the pod's last sync that someone looked at. */
  private readonly synced = new Map<string, Snapshot>();
  /** By container ID: the sources as of that container's first look (for subPath mounts). */
  private readonly started = new Map<string, Snapshot>();

  constructor(private readonly cfg: PodFileViewsConfig) {}

  /** The container's file tree now. `alive` tells which pods and containers still run here (others are forgotten). */
  tree(pod: Pod, container: Container, containerId: string, hostname: string, writes: readonly WrittenFile[], alive: (uid: string, containerId: string) => boolean): FileNode {
    const now = this.cfg.clock.now();
    for (const uid of this.synced.keys()) if (!alive(uid, '')) this.synced.delete(uid);
    for (const [id, s] of this.started) if (!alive(s.pod.metadata?.uid ?? '', id)) this.started.delete(id);
    const uid = pod.metadata?.uid ?? '';
    const podStart = pod.status?.startTime ? Date.parse(pod.status.startTime) : now;
    let synced = this.synced.get(uid);
    if (!synced || synced.at < lastSyncAt(uid, podStart, now)) this.synced.set(uid, (synced = { at: now, pod, objects: new Map() }));
    let started = this.started.get(containerId);
    if (!started) this.started.set(containerId, (started = synced));
    const node = this.cfg.store.tryGet<Node>('Node', undefined, this.cfg.nodeName);
    const allocatable = node?.status?.allocatable ?? {};
    const sa = this.get<ServiceAccount>(synced, 'ServiceAccount', pod.spec?.serviceAccountName ?? 'default');
    const tokenLife = DEFAULT_TOKEN_EXPIRATION_SECONDS * 1000 * TOKEN_REFRESH_FRACTION;
    const issued = podStart + Math.floor((now - podStart) / tokenLife) * tokenLife;
    const sources = (s: Snapshot): PayloadSources => ({
      pod: s.pod, allocatable,
      configMap: (name) => this.get<ConfigMap>(s, 'ConfigMap', name),
      secret: (name) => this.get<Secret>(s, 'Secret', name),
      token: (exp, audience) => podToken(this.cfg.store, s.pod, issued, exp ?? DEFAULT_TOKEN_EXPIRATION_SECONDS, audience) ?? '',
    });
    return containerTree({
      pod: synced.pod, container, containerId, synced: sources(synced), atStart: sources(started), syncedAt: synced.at, podStart, writes,
      hostname, nodeName: this.cfg.nodeName, nodeIP: this.cfg.nodeIP,
      token: automountsToken(pod, sa) ? podToken(this.cfg.store, synced.pod, issued) : undefined,
    });
  }

  /** An object as the snapshot has it: taken from the store the first time the snapshot needs it. */
  private get<T>(s: Snapshot, kind: string, name: string): T | undefined {
    const key = `${kind}/${name}`;
    if (!s.objects.has(key)) s.objects.set(key, this.cfg.store.tryGet(kind, s.pod.metadata?.namespace ?? 'default', name));
    return s.objects.get(key) as T | undefined;
  }
}
