// Defaults of the policy and identity kinds: SetDefaults_PriorityClass, SetDefaults_LimitRangeItem, SetDefaults_Secret
// and the v1 conversion that folds a Secret's write-only stringData into data.
import { isObj, type Obj } from './objects.ts';
import { base64Encode } from '../../../api/base64.ts';

/** SetDefaults_PriorityClass. */
export function setPriorityClassDefaults(pc: Obj): void {
  if (pc.preemptionPolicy === undefined || pc.preemptionPolicy === null) pc.preemptionPolicy = 'PreemptLowerPriority';
}

/**
 * SetDefaults_LimitRangeItem: a Container item's default limit falls back to its max, its default request to the
 * default limit, then to its min. (Empty lists stay absent, as omitempty drops them.)
 */
function setLimitRangeItemDefaults(item: Obj): void {
  if (item.type !== 'Container') return;
  const list = (name: string): Obj => (isObj(item[name]) ? (item[name] as Obj) : {});
  const fill = (target: string, from: Obj) => {
    const t = list(target);
    for (const [k, v] of Object.entries(from)) if (!(k in t)) t[k] = v;
    if (Object.keys(t).length) item[target] = t;
  };
  fill('default', list('max'));
  fill('defaultRequest', list('default'));
  fill('defaultRequest', list('min'));
}

export function setLimitRangeDefaults(spec: Obj): void {
  if (Array.isArray(spec.limits)) for (const item of spec.limits) if (isObj(item)) setLimitRangeItemDefaults(item);
}

/** SetDefaults_Secret (type Opaque) and stringData, which overwrites data's keys and is never stored. */
export function setSecretDefaults(secret: Obj): void {
  if (secret.type === undefined || secret.type === null || secret.type === '') secret.type = 'Opaque';
  if (isObj(secret.stringData)) {
    const data = isObj(secret.data) ? secret.data : {};
    for (const [k, v] of Object.entries(secret.stringData)) data[k] = base64Encode(String(v));
    if (Object.keys(data).length) secret.data = data;
  }
  delete secret.stringData;
}
