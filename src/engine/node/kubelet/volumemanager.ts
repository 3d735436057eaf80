// The kubelet's volume manager (pkg/kubelet/volumemanager): before a pod's sandbox starts, the pod worker waits
// until every volume of the pod is mounted (WaitForAttachAndMount). Claims are resolved to their bound volume (the
// desired-state populator), CSI volumes wait for the attach-detach controller's VolumeAttachment to be attached,
// then are staged and published through the driver's Node service; configMap, secret and projected volumes need
// their sources. A failed SetUp is a FailedMount event and is retried with exponential backoff; after
// podAttachAndMountTimeout the pod worker records "Unable to attach or mount volumes". Volumes of the pods this
// kubelet runs are reported in node.status.volumesInUse, so that the attach-detach controller detaches a volume
// only once its pod has stopped here.
// Simplifications: the wait is polled every second rather than driven by the populator's 100 ms loop; downwardAPI,
// hostPath, emptyDir and in-tree network volumes mount at once; node-side expansion is not modelled.
import type { ConfigMap, Node, Pod, Secret, Volume } from 'kubernetes-types/core/v1';
import type { CSIDriver, VolumeAttachment } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../../api/object.ts';
import { csiUniqueVolumeName, volumeAttachmentName, type PV, type PVC } from '../../api/storage.ts';
import type { Store } from '../../apiserver/store.ts';
import type { SimClock, TimerId } from '../../sim/clock.ts';
import { CSIError, NODE_MOUNT_MS, type SimCSIDriver } from '../csi/driver.ts';
import { finishNodeExpansion } from '../csi/expansion.ts';

type P = Pod & KubeObject;
type Emit = (obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string) => void;

/** podAttachAndMountTimeout: 2m3s. */
export const POD_ATTACH_AND_MOUNT_TIMEOUT_MS = 123_000;
/** The operation executor's exponential backoff for a failed mount: 500 ms doubling to 2m2s. */
const MOUNT_BACKOFF_INITIAL_MS = 500;
const MOUNT_BACKOFF_MAX_MS = 122_000;
/** SIMULATION: how often a waiting pod's volumes are checked again. */
const VOLUME_POLL_MS = 1_000;

interface VolumeState {
  mounted: boolean;
  failures: number;
  nextTry: number;
  mountingUntil?: number;
}

/** A pod's volumes. The pod itself is not kept: its version at the wait would stay alive as long as it runs. */
interface PodVolumes {
  /** Made at the pod's first volume: most pods have none, and an empty Map is most of an entry's size. */
  volumes?: Map<string, VolumeState>;
  waitingSince: number;
  timer?: TimerId;
  /** Unique names of the pod's CSI volumes (reported in use while the pod is here); made at the first one. */
  inUse?: Set<string>;
}

/** What one attempt to set a volume up found. */
type SetUp =
  | { kind: 'mounted' }
  | { kind: 'mounting' }
  | { kind: 'unattached' }
  | { kind: 'unprocessed'; error: string }
  | { kind: 'failed'; error: string };

export interface VolumeManagerConfig {
  clock: SimClock;
  store: Store;
  emit: Emit;
  nodeName: string;
  /** The CSI driver whose node plugin runs on this machine. */
  csi(): SimCSIDriver | undefined;
}

export class VolumeManager {
  private readonly pods = new Map<string, PodVolumes>();

  constructor(private readonly cfg: VolumeManagerConfig) {}

  /** True when every volume of the pod is mounted; otherwise `ready` runs once they are. */
  waitForAttachAndMount(pod: P, ready: () => void): boolean {
    const uid = pod.metadata.uid!;
    let pv = this.pods.get(uid);
    if (!pv) {
      pv = { waitingSince: this.cfg.clock.now() };
      this.pods.set(uid, pv);
    }
    return this.reconcile(pv, pod, ready);
  }

  /** After a restore: the pod was running, so its volumes are mounted. */
  adopt(pod: P): void {
    const entry: PodVolumes = { waitingSince: this.cfg.clock.now() };
    for (const v of pod.spec?.volumes ?? []) (entry.volumes ??= new Map()).set(v.name, { mounted: true, failures: 0, nextTry: 0 });
    for (const v of pod.spec?.volumes ?? []) {
      const claim = this.claimVolume(pod, v);
      const csi = claim && 'pv' in claim ? claim.pv.spec?.csi : undefined;
      if (csi) (entry.inUse ??= new Set()).add(csiUniqueVolumeName(csi.driver, csi.volumeHandle));
    }
    this.pods.set(pod.metadata.uid!, entry);
    this.reportInUse();
  }

  /** The pod stopped or is gone: unmount (NodeUnpublish + NodeUnstage) and stop reporting its volumes in use. */
  release(uid: string): void {
    const entry = this.pods.get(uid);
    if (!entry) return;
    if (entry.timer !== undefined) this.cfg.clock.cancel(entry.timer);
    this.pods.delete(uid);
    this.reportInUse();
  }

  /** One pass over the pod's volumes; until they are all mounted, a timer runs the next one and then `ready`. */
  private reconcile(entry: PodVolumes, pod: P, ready: () => void): boolean {
    const { clock, emit } = this.cfg;
    const now = clock.now();
    const unattached: string[] = [];
    const unprocessed: { name: string; error: string }[] = [];
    let next = Infinity;
    // The pod's volumes and a projected volume's sources are frozen lists: walked by index, as for-of over a frozen
    // array allocates an iterator and a result per element in V8 (every pod has its projected token volume).
    const volumes = pod.spec?.volumes ?? [];
    for (let i = 0; i < volumes.length; i++) {
      const v = volumes[i];
      const states = (entry.volumes ??= new Map());
      let st = states.get(v.name);
      if (!st) states.set(v.name, (st = { mounted: false, failures: 0, nextTry: 0 }));
      if (st.mounted) continue;
      if (st.mountingUntil !== undefined && now < st.mountingUntil) { next = Math.min(next, st.mountingUntil); continue; }
      if (now < st.nextTry) { next = Math.min(next, st.nextTry); continue; }
      const r = this.setUp(entry, pod, v, st.mountingUntil !== undefined);
      st.mountingUntil = undefined;
      switch (r.kind) {
        case 'mounted': st.mounted = true; st.failures = 0; break;
        case 'mounting': st.mountingUntil = now + NODE_MOUNT_MS; next = Math.min(next, st.mountingUntil); break;
        case 'unattached': unattached.push(v.name); next = Math.min(next, now + VOLUME_POLL_MS); break;
        case 'unprocessed': unprocessed.push({ name: v.name, error: r.error }); next = Math.min(next, now + VOLUME_POLL_MS); break;
        case 'failed':
          emit(pod, 'Warning', 'FailedMount', r.error);
          st.nextTry = now + Math.min(MOUNT_BACKOFF_INITIAL_MS * 2 ** st.failures, MOUNT_BACKOFF_MAX_MS);
          st.failures++;
          next = Math.min(next, st.nextTry);
          break;
      }
    }
    this.reportInUse();
    const unmounted = volumes.filter((v) => !entry.volumes?.get(v.name)?.mounted).map((v) => v.name);
    if (entry.timer !== undefined) { clock.cancel(entry.timer); entry.timer = undefined; }
    if (!unmounted.length) return true;
    const deadline = entry.waitingSince + POD_ATTACH_AND_MOUNT_TIMEOUT_MS;
    if (now >= deadline) {
      const err = unprocessed.length ? unprocessed.map((u) => u.error).join('; ') : 'context deadline exceeded';
      const list = (xs: string[]) => `[${[...xs].sort().join(' ')}]`;
      emit(pod, 'Warning', 'FailedMount', `Unable to attach or mount volumes: unmounted volumes=${list(unmounted)}, unattached volumes=${list(unattached)}, failed to process volumes=${list(unprocessed.map((u) => u.name))}: ${err}`);
      entry.waitingSince = now;
    }
    const wakeAt = Math.min(next, entry.waitingSince + POD_ATTACH_AND_MOUNT_TIMEOUT_MS);
    entry.timer = clock.after(wakeAt - now, () => {
      entry.timer = undefined;
      if (this.pods.get(pod.metadata.uid!) === entry && this.reconcile(entry, pod, ready)) ready();
    }, { background: true });
    return false;
  }

  /** One attempt at one volume. `mountDue`: a NodeStage/NodePublish started earlier has taken its time. */
  private setUp(entry: PodVolumes, pod: P, v: Volume, mountDue: boolean): SetUp {
    const ns = pod.metadata.namespace ?? 'default';
    const failed = (error: string): SetUp => ({ kind: 'failed', error: `MountVolume.SetUp failed for volume "${v.name}" : ${error}` });
    if (v.configMap) return this.configMapError(ns, v.configMap.name ?? '', v.configMap.items, v.configMap.optional).map(failed)[0] ?? { kind: 'mounted' };
    if (v.secret) return this.secretError(ns, v.secret.secretName ?? '', v.secret.items, v.secret.optional).map(failed)[0] ?? { kind: 'mounted' };
    if (v.projected) {
      const sources = v.projected.sources ?? [];
      for (let i = 0; i < sources.length; i++) {
        const src = sources[i];
        const errs = src.configMap ? this.configMapError(ns, src.configMap.name ?? '', src.configMap.items, src.configMap.optional)
          : src.secret ? this.secretError(ns, src.secret.name ?? '', src.secret.items, src.secret.optional) : [];
        if (errs.length) return failed(errs[0]);
      }
      return { kind: 'mounted' };
    }
    if (!v.persistentVolumeClaim) return { kind: 'mounted' };
    const claim = this.claimVolume(pod, v)!;
    if ('error' in claim) return { kind: 'unprocessed', error: claim.error };
    const pv = claim.pv;
    const csi = pv.spec?.csi;
    if (!csi) return { kind: 'mounted' };
    const unique = csiUniqueVolumeName(csi.driver, csi.volumeHandle);
    (entry.inUse ??= new Set()).add(unique);
    const driverObj = this.cfg.store.tryGet<CSIDriver>('CSIDriver', undefined, csi.driver);
    if (driverObj?.spec?.attachRequired !== false) {
      const va = this.cfg.store.tryGet<VolumeAttachment>('VolumeAttachment', undefined, volumeAttachmentName(pv.metadata.name!, csi.driver, this.cfg.nodeName));
      if (!va?.status?.attached) return { kind: 'unattached' };
    }
    const driver = this.cfg.csi();
    if (!driver || driver.name !== csi.driver) {
      return { kind: 'failed', error: `MountVolume.MountDevice failed for volume "${pv.metadata.name}" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ${csi.driver} not found in the list of registered CSI drivers` };
    }
    if (!mountDue) return { kind: 'mounting' };
    try {
      driver.nodeStageAndPublish(csi.volumeHandle, this.cfg.nodeName);
    } catch (e) {
      if (!(e instanceof CSIError)) throw e;
      return { kind: 'failed', error: `MountVolume.MountDevice failed for volume "${pv.metadata.name}" : ${e.message}` };
    }
    finishNodeExpansion(this.cfg.store, this.cfg.emit, claim.pvc, pv, this.cfg.nodeName);
    return { kind: 'mounted' };
  }

  /** The desired-state populator's processing of a claim volume: its bound PV, or why there is none. */
  private claimVolume(pod: Pod, v: Volume): { pv: PV; pvc: PVC } | { error: string } | undefined {
    const claimName = v.persistentVolumeClaim?.claimName;
    if (!claimName) return undefined;
    const ns = pod.metadata?.namespace ?? 'default';
    const prefix = `error processing PVC ${ns}/${claimName}`;
    const pvc = this.cfg.store.tryGet<PVC>('PersistentVolumeClaim', ns, claimName);
    if (!pvc) return { error: `${prefix}: failed to fetch PVC from API server: persistentvolumeclaims "${claimName}" not found` };
    if (pvc.metadata.deletionTimestamp) return { error: `${prefix}: can't start pod because PVC ${ns}/${claimName} is being deleted` };
    const pvName = pvc.spec?.volumeName;
    if (pvc.status?.phase !== 'Bound' || !pvName) return { error: `${prefix}: PVC is not bound` };
    const pv = this.cfg.store.tryGet<PV>('PersistentVolume', undefined, pvName);
    if (!pv) return { error: `${prefix}: failed to fetch PV ${pvName} from API server: persistentvolumes "${pvName}" not found` };
    return { pv, pvc };
  }

  /** The kubelet's configmap manager: NotFound for the singular resource "configmap", then missing keys. */
  private configMapError(ns: string, name: string, items: { key: string }[] | undefined, optional: boolean | undefined): string[] {
    const cm = this.cfg.store.tryGet<ConfigMap>('ConfigMap', ns, name);
    if (!cm) return optional ? [] : [`configmap "${name}" not found`];
    const missing = (items ?? []).find((i) => !(i.key in (cm.data ?? {})) && !(i.key in (cm.binaryData ?? {})));
    return missing && !optional ? [`configmap references non-existent config key: ${missing.key}`] : [];
  }

  private secretError(ns: string, name: string, items: { key: string }[] | undefined, optional: boolean | undefined): string[] {
    const s = this.cfg.store.tryGet<Secret>('Secret', ns, name);
    if (!s) return optional ? [] : [`secret "${name}" not found`];
    const missing = (items ?? []).find((i) => !(i.key in (s.data ?? {})) && !(i.key in (s.stringData ?? {})));
    return missing && !optional ? [`references non-existent secret key: ${missing.key}`] : [];
  }

  /** node.status.volumesInUse: the CSI volumes of every pod this kubelet runs, sorted. */
  private reportInUse(): void {
    // Every reconcile reports: no list per pod, no set while no pod has a CSI volume, and no JSON of two empty lists.
    let inUse: Set<string> | undefined;
    for (const p of this.pods.values()) if (p.inUse) for (const name of p.inUse) (inUse ??= new Set()).add(name);
    const names = inUse ? [...inUse].sort() : [];
    const node = this.cfg.store.tryGet<Node>('Node', undefined, this.cfg.nodeName);
    const reported = node?.status?.volumesInUse;
    if (!node || (!names.length && !reported?.length) || JSON.stringify(reported ?? []) === JSON.stringify(names)) return;
    const { volumesInUse: _, ...rest } = node.status ?? {};
    this.cfg.store.update({ ...node, status: names.length ? { ...rest, volumesInUse: names } : rest } as Node & KubeObject, { subresource: 'status' });
  }
}
