import { describe, expect, it } from 'vitest';
import { createCluster } from '../../engine/index.ts';
import { TEMPLATES } from './templates.ts';

const REQUIRED = ['Deployment', 'Service', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'ConfigMap', 'Secret', 'PersistentVolumeClaim', 'Ingress', 'NetworkPolicy', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'PriorityClass', 'PodGroup', 'Role', 'RoleBinding'];

describe('editor templates', () => {
  it('cover the kinds issue 7 names, one each', () => {
    const kinds = TEMPLATES.map((t) => t.kind);
    for (const k of REQUIRED) expect(kinds).toContain(k);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(new Set(TEMPLATES.map((t) => t.file)).size).toBe(TEMPLATES.length);
  });

  it.each(TEMPLATES.map((t) => [t.kind, t] as const))('%s applies cleanly to a new cluster and creates its kind', (kind, template) => {
    const c = createCluster({ seed: 1, ...(template.featureGate ? { featureGates: { [template.featureGate]: true } } : {}) });
    const r = c.apply(template.text);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.documents.every((d) => d.ok && / created$/.test(d.message))).toBe(true);
    expect(c.list(kind)).not.toHaveLength(0);
    // Applying again succeeds too (the editor's Apply is repeatable).
    expect(c.apply(template.text).documents.every((d) => d.ok && / (unchanged|configured)$/.test(d.message))).toBe(true);
  });
});
