// Deployment and ReplicaSet defaults (pkg/apis/apps/v1 SetDefaults_Deployment, SetDefaults_ReplicaSet), with the
// pod template getting the PodSpec defaults (not the Pod-only ones).
import { setPodSpecDefaults } from './podspec.ts';
import { ensureObj, type Obj } from './objects.ts';

const absent = (v: unknown): boolean => v === undefined || v === null;

function setTemplateDefaults(spec: Obj): void {
  const template = ensureObj(spec, 'template');
  setPodSpecDefaults(ensureObj(template, 'spec'));
}

export function setDeploymentDefaults(spec: Obj): void {
  if (absent(spec.replicas)) spec.replicas = 1;
  const strategy = ensureObj(spec, 'strategy');
  if (absent(strategy.type) || strategy.type === '') strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = ensureObj(strategy, 'rollingUpdate');
    if (absent(ru.maxUnavailable)) ru.maxUnavailable = '25%';
    if (absent(ru.maxSurge)) ru.maxSurge = '25%';
  }
  if (absent(spec.revisionHistoryLimit)) spec.revisionHistoryLimit = 10;
  if (absent(spec.progressDeadlineSeconds)) spec.progressDeadlineSeconds = 600;
  setTemplateDefaults(spec);
}

export function setReplicaSetDefaults(spec: Obj): void {
  if (absent(spec.replicas)) spec.replicas = 1;
  setTemplateDefaults(spec);
}
