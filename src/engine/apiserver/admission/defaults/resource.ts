// resource.k8s.io/v1beta1 defaults (SetDefaults_DeviceRequest): a request allocates ExactCount devices, one unless
// it says otherwise.
import { isObj, objects, type Obj } from './objects.ts';

function setClaimSpecDefaults(spec: unknown): void {
  if (!isObj(spec) || !isObj(spec.devices)) return;
  for (const r of objects(spec.devices.requests)) {
    if (r.allocationMode === undefined || r.allocationMode === '') r.allocationMode = 'ExactCount';
    if (r.allocationMode === 'ExactCount' && (r.count === undefined || r.count === 0)) r.count = 1;
  }
}

export function setResourceClaimDefaults(obj: Obj): void { setClaimSpecDefaults(obj.spec); }
export function setResourceClaimTemplateDefaults(obj: Obj): void { if (isObj(obj.spec)) setClaimSpecDefaults(obj.spec.spec); }
