// Name references (kustomize's nameReference config, a subset): after prefixes, suffixes and hashes rename objects,
// the fields that name them follow — ConfigMaps and Secrets in pod specs, PVCs, ServiceAccounts, Services in
// Ingresses and StatefulSets, Roles in bindings, an HPA's target.
import type { KubeObject } from '../../api/object.ts';
import { containersOf, podSpecs } from './fieldspecs.ts';
import { hadName, namespaceOf, nameOf, type Res } from './resource.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

/** A field that names an object of `kind`: where it is, to read and rewrite it. */
export interface NameRef { kind: string; holder: Obj; field: string }

function ref(out: NameRef[], kind: string, holder: unknown, field: string): void {
  if (isObj(holder) && typeof holder[field] === 'string') out.push({ kind, holder, field });
}

function podSpecRefs(out: NameRef[], spec: Obj): void {
  ref(out, 'ServiceAccount', spec, 'serviceAccountName');
  ref(out, 'ServiceAccount', spec, 'serviceAccount');
  for (const s of objs(spec.imagePullSecrets)) ref(out, 'Secret', s, 'name');
  for (const v of objs(spec.volumes)) {
    ref(out, 'ConfigMap', v.configMap, 'name');
    ref(out, 'Secret', v.secret, 'secretName');
    ref(out, 'PersistentVolumeClaim', v.persistentVolumeClaim, 'claimName');
    for (const src of objs((v.projected as Obj | undefined)?.sources)) {
      ref(out, 'ConfigMap', src.configMap, 'name');
      ref(out, 'Secret', src.secret, 'name');
    }
  }
  for (const c of containersOf(spec)) {
    for (const e of objs(c.env)) {
      const from = e.valueFrom as Obj | undefined;
      ref(out, 'ConfigMap', from?.configMapKeyRef, 'name');
      ref(out, 'Secret', from?.secretKeyRef, 'name');
    }
    for (const e of objs(c.envFrom)) {
      ref(out, 'ConfigMap', e.configMapRef, 'name');
      ref(out, 'Secret', e.secretRef, 'name');
    }
  }
}

/** Every name reference the object holds. */
export function nameReferences(obj: KubeObject): NameRef[] {
  const out: NameRef[] = [];
  const o = obj as Obj;
  const spec = isObj(o.spec) ? o.spec : {};
  for (const ps of podSpecs(obj)) podSpecRefs(out, ps);
  switch (obj.kind) {
    case 'StatefulSet': ref(out, 'Service', spec, 'serviceName'); break;
    case 'Ingress':
      for (const t of objs(spec.tls)) ref(out, 'Secret', t, 'secretName');
      ref(out, 'Service', (spec.defaultBackend as Obj | undefined)?.service, 'name');
      for (const r of objs(spec.rules)) for (const p of objs((r.http as Obj | undefined)?.paths)) ref(out, 'Service', (p.backend as Obj | undefined)?.service, 'name');
      break;
    case 'ServiceAccount':
      for (const s of objs(o.secrets)) ref(out, 'Secret', s, 'name');
      for (const s of objs(o.imagePullSecrets)) ref(out, 'Secret', s, 'name');
      break;
    case 'RoleBinding':
    case 'ClusterRoleBinding': {
      const roleRef = o.roleRef as Obj | undefined;
      if (roleRef?.kind === 'Role' || roleRef?.kind === 'ClusterRole') ref(out, roleRef.kind, roleRef, 'name');
      for (const s of objs(o.subjects)) if (s.kind === 'ServiceAccount') ref(out, 'ServiceAccount', s, 'name');
      break;
    }
    case 'HorizontalPodAutoscaler': {
      const target = spec.scaleTargetRef as Obj | undefined;
      if (typeof target?.kind === 'string') ref(out, target.kind, target, 'name');
      break;
    }
  }
  return out;
}

const CLUSTER_SCOPED_TARGETS = new Set(['ClusterRole']);

/**
 * FixBackReferences: a reference that names an earlier name of an object of its kind takes that object's current
 * name. With several candidates, the one in the referrer's namespace wins, as kustomize's referral selection.
 */
export function fixNameReferences(all: Res[]): void {
  for (const referrer of all) {
    for (const r of nameReferences(referrer.obj)) {
      const value = r.holder[r.field] as string;
      let candidates = all.filter((t) => t.obj.kind === r.kind && hadName(t, value));
      if (candidates.length > 1 && !CLUSTER_SCOPED_TARGETS.has(r.kind)) {
        const same = candidates.filter((t) => namespaceOf(t) === namespaceOf(referrer));
        if (same.length) candidates = same;
      }
      if (candidates.length) r.holder[r.field] = nameOf(candidates[0]);
    }
  }
}
