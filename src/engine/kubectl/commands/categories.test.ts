// Categories (kubectl's CategoryExpander): `all` names pods, services, daemonsets, deployments, replicasets,
// statefulsets, horizontalpodautoscalers, cronjobs and jobs, in discovery order; a CRD names its own. `get all` always
// prints kinds; `delete --all` says "No resources found" once, on stdout, when nothing matched.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

describe('resource categories', () => {
  it('kubectl get all lists the category in discovery order, each kind with its prefix', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'sim node add w1');
    // Only the kubernetes Service: `all` still prints the kind (MultipleTypesRequested).
    expect(c.exec('kubectl get all -o name')).toEqual({ code: 0, stdout: 'service/kubernetes\n', stderr: '' });
    expect(c.exec('kubectl get all').stdout).toMatch(/^NAME +TYPE .*\nservice\/kubernetes +ClusterIP/);
    mustExec(c, 'kubectl create deployment web --image=nginx --replicas=1');
    mustExec(c, 'kubectl create job once --image=busybox -- true');
    c.advance(10);
    const kinds = c.exec('kubectl get all -o name').stdout.split('\n').filter(Boolean).map((l) => l.split('/')[0]);
    expect([...new Set(kinds)]).toEqual(['pod', 'service', 'deployment.apps', 'replicaset.apps', 'job.batch']);
    expect(c.exec('kubectl get all -n kube-public')).toEqual({ code: 0, stdout: '', stderr: 'No resources found in kube-public namespace.\n' });
  });

  it('prints kinds whenever several types are asked for, even if one has objects', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl get deployments,services').stdout).toMatch(/^NAME .*\nservice\/kubernetes /);
    expect(c.exec('kubectl get services').stdout).toMatch(/^NAME .*\nkubernetes /);
  });

  it('api-resources --categories keeps the resources of every category named', () => {
    const c = createCluster({ seed: 1 });
    const names = (cats: string) => c.exec(`kubectl api-resources --categories=${cats} -o name`).stdout.trim().split('\n');
    expect(names('all')).toEqual(['pods', 'services', 'daemonsets.apps', 'deployments.apps', 'replicasets.apps', 'statefulsets.apps',
      'horizontalpodautoscalers.autoscaling', 'cronjobs.batch', 'jobs.batch']);
    expect(names('api-extensions')).toContain('customresourcedefinitions.apiextensions.k8s.io');
    expect(c.exec('kubectl api-resources --categories=all,api-extensions -o name').stdout).toBe('');
  });

  it("expands a CRD's categories", () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl apply -f -', `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, categories: [all, gadgets]}
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n');
    expect(c.exec('kubectl get gadgets -o name').stdout).toBe('widget.example.com/w\n');
    expect(c.exec('kubectl get all -o name').stdout).toBe('service/kubernetes\nwidget.example.com/w\n');
  });

  it('kubectl delete all --all deletes across the category and reports an empty match once', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl create namespace scratch');
    expect(c.exec('kubectl delete all --all -n scratch')).toEqual({ code: 0, stdout: 'No resources found\n', stderr: '' });
    mustExec(c, 'kubectl create deployment web --image=nginx -n scratch');
    expect(c.exec('kubectl delete all --all -n scratch').stdout).toBe('deployment.apps "web" deleted\n');
    expect(c.exec('kubectl delete pods,services -l app=none')).toEqual({ code: 0, stdout: 'No resources found\n', stderr: '' });
  });
});
