// RuntimeClass (plugin/pkg/admission/runtimeclass): a new pod that names a RuntimeClass gets the class's overhead
// and its scheduling constraints (node selector merged, tolerations merged), and is refused when the class does not
// exist or when the overhead it brings differs from the class's.
import type { Pod, Toleration } from 'kubernetes-types/core/v1';
import type { RuntimeClass } from 'kubernetes-types/node/v1';
import { Quantity } from '../../../api/quantity.ts';
import { mergeTolerations } from '../../../api/taints.ts';
import { forbiddenFor, type AdmissionHost, type AdmissionPlugin, type AdmissionStore, type Attributes } from './plugin.ts';

/** shouldIgnore, and admission.NewHandler(admission.Create): pod creates only, not their subresources. */
function applies(a: Attributes): boolean {
  return a.operation === 'CREATE' && a.kind.kind === 'Pod' && a.kind.group === '' && !a.subresource;
}

/** prepareObjects: the class the pod names, if it names one; refused when it does not exist. */
function runtimeClassOf(store: AdmissionStore, a: Attributes): RuntimeClass | undefined {
  const name = (a.object as Pod).spec?.runtimeClassName;
  if (name === undefined || name === null) return undefined;
  const rc = store.tryGet<RuntimeClass>('RuntimeClass', undefined, name);
  if (!rc) throw forbiddenFor(a, `pod rejected: RuntimeClass "${name}" not found`);
  return rc;
}

/** apiequality.Semantic.DeepEqual of two resource lists: the same names, each quantity equal by value. */
function sameResources(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => b[k] !== undefined && Quantity.parse(a[k]).equal(Quantity.parse(b[k])));
}

function setOverhead(a: Attributes, pod: Pod, rc: RuntimeClass | undefined): void {
  const fixed = rc?.overhead?.podFixed;
  if (!rc?.overhead) return;
  if (pod.spec!.overhead && !sameResources(fixed ?? {}, pod.spec!.overhead)) {
    throw forbiddenFor(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
  }
  pod.spec!.overhead = fixed ? { ...fixed } : undefined;
}

function setScheduling(a: Attributes, pod: Pod, rc: RuntimeClass | undefined): void {
  const scheduling = rc?.scheduling;
  if (!scheduling) return;
  const spec = pod.spec!;
  const selector = scheduling.nodeSelector;
  if (!spec.nodeSelector) {
    if (selector) spec.nodeSelector = { ...selector };
  } else {
    // Keys in Go's map order upstream; sorted here, so the first conflict reported is stable.
    for (const key of Object.keys(selector ?? {}).sort()) {
      const want = selector![key];
      const have = spec.nodeSelector[key];
      if (have !== undefined && have !== want) {
        throw forbiddenFor(a, `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${want}; pod.spec.nodeSelector[${key}] = ${have}`);
      }
      spec.nodeSelector[key] = want;
    }
  }
  const merged = mergeTolerations(spec.tolerations ?? [], (scheduling.tolerations ?? []) as Toleration[]);
  spec.tolerations = merged.length ? merged : undefined;
}

/** validateOverhead: the pod's overhead is exactly its class's, and there is none without one. */
function validateOverhead(a: Attributes, pod: Pod, rc: RuntimeClass | undefined): void {
  const overhead = pod.spec?.overhead;
  if (rc?.overhead) {
    if (!overhead || !sameResources(rc.overhead.podFixed ?? {}, overhead)) {
      throw forbiddenFor(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
    }
  } else if (overhead) {
    throw forbiddenFor(a, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
  }
}

export function runtimeClassAdmission({ store }: AdmissionHost): AdmissionPlugin {
  return {
    name: 'RuntimeClass',
    admit(a) {
      if (!applies(a)) return;
      const pod = a.object as Pod;
      const rc = runtimeClassOf(store, a);
      setOverhead(a, pod, rc);
      setScheduling(a, pod, rc);
    },
    validate(a) {
      if (!applies(a)) return;
      validateOverhead(a, a.object as Pod, runtimeClassOf(store, a));
    },
  };
}
