// The generated table (scripts/gen-fieldvalidation.ts) against kubernetes-types, the types the engine's objects
// use: for a sample of kinds and structs, every field kubernetes-types has is in the table (else a stored object
// could fail to decode). The table's release (1.36) is newer, so it may have more: those are listed here.
import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../api/kinds.ts';
import { structName } from './gotypes.ts';
import { KINDS, STRUCTS } from './table.ts';

/** kubernetes-types' declarations, "core/v1" -> the text of core/v1.d.ts. */
const declarations: Record<string, string> = Object.fromEntries(Object.entries(
  import.meta.glob('../../../../node_modules/kubernetes-types/*/*.d.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>,
).map(([path, text]) => [path.replace(/^.*kubernetes-types\/(.*)\.d\.ts$/, '$1'), text]));

/** The field names of `interface NAME` in kubernetes-types' FILE.d.ts. */
function typeFields(file: string, name: string): string[] {
  const text = declarations[file] ?? '';
  const body = new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`).exec(text)?.[1];
  if (!body) throw new Error(`no ${name} in ${file}`);
  return [...body.matchAll(/^ {4}(?:readonly )?'?([$\w-]+)'?\??:/gm)].map((m) => m[1]).sort();
}

const SAMPLE: [string, string][] = [
  ['core/v1', 'V1Pod'], ['core/v1', 'V1PodSpec'], ['core/v1', 'V1Container'], ['core/v1', 'V1ResourceRequirements'],
  ['core/v1', 'V1ConfigMap'], ['core/v1', 'V1Service'], ['core/v1', 'V1ServiceSpec'], ['core/v1', 'V1PersistentVolumeClaimSpec'],
  ['apps/v1', 'V1Deployment'], ['apps/v1', 'V1DeploymentSpec'], ['apps/v1', 'V1StatefulSetSpec'], ['apps/v1', 'V1DaemonSetSpec'],
  ['batch/v1', 'V1JobSpec'], ['batch/v1', 'V1CronJobSpec'], ['autoscaling/v2', 'V2HorizontalPodAutoscalerSpec'], ['autoscaling/v2', 'V2MetricTarget'],
  ['networking/v1', 'V1IngressSpec'], ['policy/v1', 'V1PodDisruptionBudgetSpec'], ['meta/v1', 'V1ObjectMeta'], ['meta/v1', 'V1LabelSelector'],
];

/** Fields of release 1.36 that this kubernetes-types does not have yet. */
const NEWER: Record<string, string[]> = {
  V1PodSpec: ['hostnameOverride', 'resources', 'schedulingGroup'],
  V1Container: ['restartPolicyRules'],
};

describe('the field validation table', () => {
  it.each(SAMPLE)('%s %s has kubernetes-types\' field names', (file, cls) => {
    const table = Object.keys(STRUCTS[cls]);
    const types = typeFields(file, structName(cls));
    expect(types.filter((f) => !table.includes(f))).toEqual([]);
    expect(table.filter((f) => !types.includes(f)).sort()).toEqual(NEWER[cls] ?? []);
  });

  it('has a schema for every built-in kind but PodGroup (no OpenAPI definition upstream)', () => {
    const missing = new KindRegistry().all().filter((k) => !KINDS[`${k.group ? `${k.group}/` : ''}${k.version}/${k.kind}`]).map((k) => k.kind);
    expect(missing).toEqual(['PodGroup']);
  });

  it('keeps the formats kubernetes-types cannot tell apart', () => {
    expect(STRUCTS.V1DeploymentSpec.replicas).toBe('int32');
    expect(STRUCTS.V1PodSpec.terminationGracePeriodSeconds).toBe('int64');
    expect(STRUCTS.V1ResourceRequirements.limits).toBe('map[string]Quantity');
    expect(STRUCTS.V1RollingUpdateDeployment.maxSurge).toBe('IntOrString');
    expect(STRUCTS.V1ObjectMeta.creationTimestamp).toBe('Time');
  });
});
