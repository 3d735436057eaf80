// DaemonSet defaults (pkg/apis/apps/v1 SetDefaults_DaemonSet) and the template generation the registry keeps in
// the deprecated.daemonset.template.generation annotation (1 on create, bumped whenever the template changes).
import { semanticEqual } from '../validation/semantic.ts';
import { setPodSpecDefaults } from './podspec.ts';
import { ensureObj, isObj, type Obj } from './objects.ts';

export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

const absent = (v: unknown): boolean => v === undefined || v === null || v === '';

export function setDaemonSetDefaults(spec: Obj): void {
  const strategy = ensureObj(spec, 'updateStrategy');
  if (absent(strategy.type)) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = ensureObj(strategy, 'rollingUpdate');
    if (absent(ru.maxUnavailable)) ru.maxUnavailable = 1;
    if (absent(ru.maxSurge)) ru.maxSurge = 0;
  }
  if (absent(spec.revisionHistoryLimit)) spec.revisionHistoryLimit = 10;
  setPodSpecDefaults(ensureObj(ensureObj(spec, 'template'), 'spec'));
}

/** The daemonSetStrategy's PrepareForCreate/PrepareForUpdate for spec.templateGeneration, as apps/v1 shows it. */
export function setTemplateGeneration(metadata: Obj, spec: Obj, old?: { metadata?: Obj; spec?: unknown }): void {
  const parse = (m: Obj | undefined): number => {
    const v = isObj(m?.annotations) ? Number(m.annotations[TEMPLATE_GENERATION_ANNOTATION]) : NaN;
    return Number.isInteger(v) ? v : 0;
  };
  let generation: number;
  if (!old) generation = Math.max(parse(metadata), 1);
  else {
    const oldGen = parse(old.metadata);
    const oldTemplate = isObj(old.spec) ? old.spec.template : undefined;
    generation = semanticEqual(spec.template, oldTemplate) ? oldGen : oldGen + 1;
  }
  metadata.annotations = { ...(isObj(metadata.annotations) ? metadata.annotations : {}), [TEMPLATE_GENERATION_ANNOTATION]: String(generation) };
}
