// Attach/detach controller (pkg/controller/volume/attachdetach): the desired state is every (volume, node) pair a
// scheduled, non-terminated pod needs through a bound claim whose CSI driver requires attachment; the actual state
// is the VolumeAttachments. The reconciler creates missing attachments (never a second one of a ReadWriteOnce
// volume: that pod gets the Multi-Attach error), and deletes attachments nobody needs once the node's kubelet no
// longer reports the volume in use — at once when the node is gone or out of service, after
// maxWaitForUnmountDuration otherwise.
// Simplifications: node.status.volumesAttached is not maintained (the VolumeAttachments say the same); one
// reconcile pass covers the whole cluster; a restored cluster, like a restarted controller manager, reports again
// and starts the maxWaitForUnmountDuration wait over.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { CSIDriver, VolumeAttachment } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../../../api/object.ts';
import { isPodTerminal } from '../../../api/pod.ts';
import { csiUniqueVolumeName, isMultiAttachAllowed, podClaimNames, volumeAttachmentName, type PV, type PVC } from '../../../api/storage.ts';
import { isStatusError } from '../../../apiserver/errors.ts';
import type { Store } from '../../../apiserver/store.ts';
import { jsonEqual } from '../../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../../client/controller.ts';
import type { EventRecorder } from '../../../client/events.ts';
import { ignoresStatus, indexValue, NO_INDEX_VALUES, type Informer, type SharedInformerFactory } from '../../../client/informer.ts';
import type { SimClock } from '../../../sim/clock.ts';

type P = Pod & KubeObject;
type VA = VolumeAttachment & KubeObject;
type N = Node & KubeObject;

/** maxWaitForUnmountDuration: a volume on an unhealthy node is force-detached after this long. */
export const MAX_WAIT_FOR_UNMOUNT_MS = 6 * 60_000;
const OUT_OF_SERVICE_TAINT = 'node.kubernetes.io/out-of-service';
const KEY = 'reconcile';
/** Pods that mount a claim and are bound to a node: the only ones the desired state can need. */
const CLAIM_USER_INDEX = 'attachdetach:claimUser';
const claimUserIndexFunc = ignoresStatus((o) => ((o as P).spec?.nodeName && podClaimNames(o as P).length ? indexValue('') : NO_INDEX_VALUES));

interface Desired { pv: PV; driver: string; node: string; pods: P[] }

export class AttachDetachController extends Controller {
  private readonly pods: Informer<P>;
  private readonly pvcs: Informer<PVC>;
  private readonly pvs: Informer<PV>;
  private readonly vas: Informer<VA>;
  private readonly nodes: Informer<N>;
  private readonly drivers: Informer<CSIDriver & KubeObject>;
  private readonly event: ReturnType<EventRecorder['forSource']>;
  /** Pod uid + attachment: a Multi-Attach error or an attach result already reported (once, as upstream). */
  private readonly reported = new Set<string>();
  /** Attachments no pod needs, since when (for maxWaitForUnmountDuration). */
  private readonly undesiredSince = new Map<string, number>();

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('attachdetach-controller', clock);
    this.pods = informers.informerFor<P>('Pod');
    this.pods.addIndexer(CLAIM_USER_INDEX, claimUserIndexFunc);
    this.pvcs = informers.informerFor<PVC>('PersistentVolumeClaim');
    this.pvs = informers.informerFor<PV>('PersistentVolume');
    this.vas = informers.informerFor<VA>('VolumeAttachment');
    this.nodes = informers.informerFor<N>('Node');
    this.drivers = informers.informerFor<CSIDriver & KubeObject>('CSIDriver');
    this.event = recorder.forSource({ component: 'attachdetach-controller' });
  }

  start(): void {
    const kick = () => this.queue.add(KEY);
    const podChanged = (p: P) => { if (p.spec?.nodeName && podClaimNames(p).length) kick(); };
    this.pods.addEventHandler({ add: podChanged, update: (_o, p) => podChanged(p), delete: podChanged });
    for (const inf of [this.pvcs, this.pvs, this.vas, this.drivers] as Informer<KubeObject>[]) inf.addEventHandler({ add: kick, update: kick, delete: kick });
    this.nodes.addEventHandler({ add: kick, update: (o, n) => { if (!jsonEqual(o.status?.volumesInUse, n.status?.volumesInUse) || !jsonEqual(o.spec?.taints, n.spec?.taints)) kick(); }, delete: kick });
  }

  protected sync(): void {
    const desired = this.desiredState();
    const actual = new Map(this.vas.list().map((va) => [va.metadata.name!, va]));
    this.detach(desired, actual);
    this.attach(desired, actual);
    for (const k of [...this.reported]) if (!desired.has(k.split('\u0000')[0])) this.reported.delete(k);
  }

  private desiredState(): Map<string, Desired> {
    const out = new Map<string, Desired>();
    // Only the pods that mount a claim, from the index: most pods mount none, and a sync must not cost one
    // step per pod of the cluster (the desired state of world populator, too, only tracks pods with volumes).
    for (const pod of this.pods.listByIndex(CLAIM_USER_INDEX, '')) {
      const node = pod.spec!.nodeName!;
      if (!this.nodes.getByName(undefined, node) || isTerminated(pod)) continue;
      for (const { claim } of podClaimNames(pod)) {
        const pvc = this.pvcs.getByName(pod.metadata.namespace, claim);
        const pv = pvc?.spec?.volumeName ? this.pvs.getByName(undefined, pvc.spec.volumeName) : undefined;
        const driver = pv?.spec?.csi?.driver;
        if (!pv || !driver || this.drivers.getByName(undefined, driver)?.spec?.attachRequired === false) continue;
        const name = volumeAttachmentName(pv.metadata.name!, driver, node);
        const d = out.get(name) ?? { pv, driver, node, pods: [] };
        d.pods.push(pod);
        out.set(name, d);
      }
    }
    return out;
  }

  private detach(desired: Map<string, Desired>, actual: Map<string, VA>): void {
    const now = this.clock.now();
    for (const name of [...this.undesiredSince.keys()]) if (desired.has(name) || !actual.has(name)) this.undesiredSince.delete(name);
    for (const [name, va] of actual) {
      if (desired.has(name) || va.metadata.deletionTimestamp) continue;
      const node = this.nodes.getByName(undefined, va.spec.nodeName);
      const pv = this.pvs.getByName(undefined, va.spec.source.persistentVolumeName ?? '');
      const unique = pv?.spec?.csi ? csiUniqueVolumeName(pv.spec.csi.driver, pv.spec.csi.volumeHandle) : '';
      const inUse = !!node?.status?.volumesInUse?.includes(unique);
      const outOfService = !!node?.spec?.taints?.some((t) => t.key === OUT_OF_SERVICE_TAINT);
      const since = this.undesiredSince.get(name) ?? now;
      this.undesiredSince.set(name, since);
      if (node && inUse && !outOfService && now - since < MAX_WAIT_FOR_UNMOUNT_MS) {
        this.queue.addAfter(KEY, since + MAX_WAIT_FOR_UNMOUNT_MS - now);
        continue;
      }
      try {
        this.store.delete('VolumeAttachment', undefined, name);
      } catch (e) {
        if (!isStatusError(e, 'NotFound')) throw e;
      }
    }
  }

  private attach(desired: Map<string, Desired>, actual: Map<string, VA>): void {
    for (const [name, d] of desired) {
      const pvName = d.pv.metadata.name!;
      const va = actual.get(name);
      if (va) {
        const result = va.status?.attached ? 'attached' : va.status?.attachError?.message;
        if (result) this.reportOnce(d, name, result, () => (va.status?.attached
          ? ['Normal', 'SuccessfulAttachVolume', `AttachVolume.Attach succeeded for volume "${pvName}"`]
          : ['Warning', 'FailedAttachVolume', `AttachVolume.Attach failed for volume "${pvName}" : ${result}`]));
        continue;
      }
      if (!isMultiAttachAllowed(d.pv)) {
        const elsewhere = [...actual.values()].filter((a) => a.spec.source.persistentVolumeName === pvName && a.spec.nodeName !== d.node);
        if (elsewhere.length) {
          this.reportOnce(d, name, 'multi-attach', () => ['Warning', 'FailedAttachVolume', this.multiAttachMessage(desired, d, elsewhere.map((a) => a.spec.nodeName))]);
          continue;
        }
      }
      this.store.create<VA>({
        apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name },
        spec: { attacher: d.driver, nodeName: d.node, source: { persistentVolumeName: pvName } },
      });
    }
  }

  /** reportMultiAttachError: name the pods on the other nodes when they are in the pod's namespace. */
  private multiAttachMessage(desired: Map<string, Desired>, d: Desired, otherNodes: string[]): string {
    const prefix = `Multi-Attach error for volume "${d.pv.metadata.name}"`;
    const users = [...desired.values()].filter((o) => o.pv.metadata.name === d.pv.metadata.name && otherNodes.includes(o.node)).flatMap((o) => o.pods);
    if (!users.length) return `${prefix} Volume is already exclusively attached to one node and can't be attached to another`;
    const ns = d.pods[0].metadata.namespace;
    const local = users.filter((p) => p.metadata.namespace === ns).map((p) => p.metadata.name!).sort();
    const others = users.length - local.length;
    const parts = [...(local.length ? [`Volume is already used by pod(s) ${local.join(', ')}`] : []), ...(others ? [`${others} pod(s) in different namespaces`] : [])];
    return `${prefix} ${parts.join(' and ')}`;
  }

  private reportOnce(d: Desired, name: string, what: string, message: () => ['Normal' | 'Warning', string, string]): void {
    for (const pod of d.pods) {
      const key = `${name}\u0000${pod.metadata.uid}\u0000${what}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      const [type, reason, text] = message();
      this.event(pod, type, reason, text);
    }
  }
}

/** A pod whose containers can no longer use its volumes: terminal, or deleted with nothing running. */
function isTerminated(pod: Pod): boolean {
  if (isPodTerminal(pod)) return true;
  return !!pod.metadata?.deletionTimestamp && !(pod.status?.containerStatuses ?? []).some((c) => c.state?.running);
}
