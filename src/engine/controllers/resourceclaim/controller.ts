// resourceclaim controller (pkg/controller/resourceclaim): makes a pod's ResourceClaims from its
// ResourceClaimTemplates (named <pod>-<claim>- plus the API server's random suffix, owned by the pod, annotated
// with the pod's claim name) and records them in pod.status.resourceClaimStatuses; takes pods that are gone or done
// out of a claim's status.reservedFor, deallocates a claim no one has reserved any more, and deletes a generated
// claim whose pod will not run again.
// Simplification: claims carry no delete-protection finalizer, so deallocation is a status write only.
import type { Pod } from 'kubernetes-types/core/v1';
import { objectKey, splitKey, type KubeObject } from '../../api/object.ts';
import { isPodTerminal } from '../../api/pod.ts';
import { POD_CLAIM_NAME_ANNOTATION, podResourceClaims, RESOURCE_API_VERSION, type PodResourceClaimStatus, type ResourceClaim, type ResourceClaimTemplate } from '../../api/resource.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type P = Pod & KubeObject;
type C = ResourceClaim & KubeObject;

/** isPodDone: it will not run (again): terminal, or deleted before it was scheduled. */
export function isPodDone(pod: Pod): boolean {
  return isPodTerminal(pod) || (!!pod.metadata?.deletionTimestamp && !pod.spec?.nodeName);
}

/** The generateName of a pod's claim: <pod>-<claim>-, both cut in proportion past 57 characters. */
export function claimGenerateName(pod: string, claim: string): string {
  const name = `${pod}-${claim}-`;
  const max = 57;
  if (name.length <= max) return name;
  return `${pod.slice(0, Math.floor((pod.length * max) / name.length))}-${claim.slice(0, Math.floor((claim.length * max) / name.length))}`;
}

const POD_KEY = 'pod:';
const CLAIM_KEY = 'claim:';

export class ResourceClaimController extends Controller {
  private readonly pods: Informer<P>;
  private readonly claims: Informer<C>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('resourceclaim-controller', clock);
    this.pods = informers.informerFor<P>('Pod');
    this.claims = informers.informerFor<C>('ResourceClaim');
    this.event = recorder.forSource({ component: 'resource_claim' });
  }

  start(): void {
    const onPod = (pod: P) => {
      if (!podResourceClaims(pod).length) return;
      this.queue.add(POD_KEY + objectKey(pod));
      // A pod that is done or gone frees the claims reserved for it.
      for (const s of (pod.status as { resourceClaimStatuses?: PodResourceClaimStatus[] } | undefined)?.resourceClaimStatuses ?? []) if (s.resourceClaimName) this.queue.add(`${CLAIM_KEY}${pod.metadata.namespace}/${s.resourceClaimName}`);
      for (const pc of podResourceClaims(pod)) if (pc.resourceClaimName) this.queue.add(`${CLAIM_KEY}${pod.metadata.namespace}/${pc.resourceClaimName}`);
    };
    this.pods.addEventHandler({ add: onPod, update: (_o, p) => onPod(p), delete: onPod });
    const onClaim = (c: C) => this.queue.add(CLAIM_KEY + objectKey(c));
    this.claims.addEventHandler({ add: onClaim, update: (_o, c) => onClaim(c) });
    this.pods.run();
    this.claims.run();
  }

  protected sync(key: string): void {
    if (key.startsWith(POD_KEY)) this.syncPod(key.slice(POD_KEY.length));
    else this.syncClaim(key.slice(CLAIM_KEY.length));
  }

  private syncPod(key: string): void {
    const pod = this.pods.get(key);
    if (!pod || pod.metadata.deletionTimestamp || isPodDone(pod)) return;
    const ns = pod.metadata.namespace!;
    const statuses: PodResourceClaimStatus[] = [...((pod.status as { resourceClaimStatuses?: PodResourceClaimStatus[] } | undefined)?.resourceClaimStatuses ?? [])];
    let added = false;
    for (const pc of podResourceClaims(pod)) {
      if (!pc.resourceClaimTemplateName || statuses.some((s) => s.name === pc.name)) continue;
      // A claim made earlier whose name did not reach the pod's status yet is found by its owner and annotation.
      let claim = this.claims.list().find((c) => c.metadata.namespace === ns && c.metadata.annotations?.[POD_CLAIM_NAME_ANNOTATION] === pc.name && c.metadata.ownerReferences?.some((r) => r.controller && r.uid === pod.metadata.uid));
      if (!claim) {
        const template = this.store.tryGet<ResourceClaimTemplate>('ResourceClaimTemplate', ns, pc.resourceClaimTemplateName);
        if (!template) {
          const msg = `PodResourceClaim ${pc.name}: resource claim template "${pc.resourceClaimTemplateName}": resourceclaimtemplate.resource.k8s.io "${pc.resourceClaimTemplateName}" not found`;
          this.event(pod, 'Warning', 'FailedResourceClaimCreation', msg);
          throw new Error(msg);
        }
        claim = this.store.create<C>({
          apiVersion: RESOURCE_API_VERSION, kind: 'ResourceClaim',
          metadata: {
            generateName: claimGenerateName(pod.metadata.name!, pc.name), namespace: ns,
            ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name!, uid: pod.metadata.uid!, controller: true, blockOwnerDeletion: true }],
            annotations: { ...template.spec.metadata?.annotations, [POD_CLAIM_NAME_ANNOTATION]: pc.name },
            ...(template.spec.metadata?.labels ? { labels: template.spec.metadata.labels } : {}),
          },
          spec: structuredClone(template.spec.spec),
        } as C);
      }
      statuses.push({ name: pc.name, resourceClaimName: claim.metadata.name! });
      added = true;
    }
    if (!added) return;
    const fresh = this.store.tryGet<Pod>('Pod', ns, pod.metadata.name!);
    if (!fresh || fresh.metadata.uid !== pod.metadata.uid) return;
    this.store.update({ ...fresh, status: { ...fresh.status, resourceClaimStatuses: statuses } } as KubeObject, { subresource: 'status' });
  }

  private syncClaim(key: string): void {
    const claim = this.claims.get(key);
    if (!claim) return;
    const { namespace } = splitKey(key);
    const reserved = claim.status?.reservedFor ?? [];
    const valid = reserved.filter((r) => {
      if (r.resource !== 'pods' || (r.apiGroup ?? '') !== '') return true;
      const pod = this.store.tryGet<Pod>('Pod', namespace, r.name);
      return !!pod && pod.metadata.uid === r.uid && !isPodDone(pod);
    });
    const deallocate = valid.length === 0 && !!claim.status?.allocation;
    if (valid.length < reserved.length || deallocate) {
      const status = { ...claim.status, reservedFor: valid.length ? valid : undefined, ...(deallocate ? { allocation: undefined } : {}) };
      this.store.update({ ...claim, status } as KubeObject, { subresource: 'status' });
    }
    if (valid.length) return;
    const owner = claim.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'Pod' && r.apiVersion === 'v1');
    if (!owner || claim.metadata.deletionTimestamp) return;
    const pod = this.store.tryGet<Pod>('Pod', namespace, owner.name);
    // Gone pods are the garbage collector's; a replaced or finished one will not need the claim again.
    if (!pod || (pod.metadata.uid === owner.uid && !isPodDone(pod))) return;
    try {
      this.store.delete('ResourceClaim', namespace, claim.metadata.name!);
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }
}
