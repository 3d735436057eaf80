import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { wrap } from './index.ts';
import { explainTable } from './schema.ts';

const explain = (what: string) => createCluster({ seed: 1 }).exec(`kubectl explain ${what}`);

describe('kubectl explain', () => {
  it('explains a field with its type, description and fields', () => {
    const out = explain('deployment.spec.strategy').stdout;
    expect(out).toBe(`GROUP:      apps
KIND:       Deployment
VERSION:    v1

FIELD: strategy <DeploymentStrategy>


DESCRIPTION:
    The deployment strategy to use to replace existing pods with new
    ones.DeploymentStrategy describes how to replace existing pods with new
    ones.
FIELDS:
  rollingUpdate\t<RollingUpdateDeployment>
    Rolling update config params. Present only if DeploymentStrategyType =
    RollingUpdate.

  type\t<string>
    Type of deployment. Can be "Recreate" or "RollingUpdate". Default is
    RollingUpdate.


`);
  });

  it('explains a kind, a list field and a scalar field', () => {
    const pod = explain('pods').stdout;
    expect(pod.startsWith('KIND:       Pod\nVERSION:    v1\n\nDESCRIPTION:\n    Pod is a collection of containers that can run on a host.')).toBe(true);
    expect(pod).toContain('\nFIELDS:\n  apiVersion\t<string>\n');
    expect(pod).toContain('\n  spec\t<PodSpec>\n');
    const containers = explain('pods.spec.containers').stdout;
    expect(containers).toContain('FIELD: containers <[]Container>\n\n\nDESCRIPTION:\n    List of containers belonging to the pod.');
    expect(containers).toContain('Cannot be\n    updated.A single application container that you want to run within a pod.\nFIELDS:\n');
    expect(containers).toContain('\n  name\t<string> -required-\n');
    expect(explain('deploy.spec.replicas').stdout).toBe('GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: replicas <integer>\n\n\nDESCRIPTION:\n    Number of desired pods. This is a pointer to distinguish between explicit\n    zero and not specified. Defaults to 1.\n\n');
  });

  it('lists nested fields with --recursive', () => {
    const out = explain('deployment.spec.strategy --recursive').stdout;
    expect(out.endsWith('FIELDS:\n  rollingUpdate\t<RollingUpdateDeployment>\n    maxSurge\t<IntOrString>\n    maxUnavailable\t<IntOrString>\n  type\t<string>\n\n')).toBe(true);
  });

  it('reports unknown resources and fields', () => {
    expect(explain('foo')).toEqual({ code: 1, stdout: '', stderr: 'error: the server doesn\'t have a resource type "foo"\n' });
    expect(explain('pods.spec.bogus')).toEqual({ code: 1, stdout: '', stderr: 'error: field "bogus" does not exist\n' });
  });

  it('explains every kind the API server serves, DRA\'s too, and every field path leads to a documented type', () => {
    const c = createCluster({ seed: 1 });
    c.exec('sim featuregates set DynamicResourceAllocation=true');
    const resources = c.exec('kubectl api-resources --no-headers -o name').stdout.trim().split('\n');
    expect(resources.length).toBeGreaterThan(40);
    // events.k8s.io's Event is the one kind kubernetes-types' documentation has no counterpart for here.
    for (const r of resources.filter((x) => x !== 'events.events.k8s.io')) expect(c.exec(`kubectl explain ${r}`), r).toMatchObject({ code: 0, stderr: '' });
    expect(c.exec('kubectl explain events.events.k8s.io').stderr).toBe('error: GVK events.k8s.io/v1, Kind=Event not found in OpenAPI schema\n');
    const { types } = explainTable();
    for (const [name, type] of Object.entries(types)) {
      for (const [field, doc] of Object.entries(type.f ?? {})) if (doc.r) expect(types[doc.r], `${name}.${field}`).toBeDefined();
    }
    expect(c.exec('kubectl explain resourceclaims.spec.devices.requests').stdout).toContain('FIELD: requests <[]DeviceRequest>');
    expect(c.exec('kubectl explain svc.spec.type').stdout).toContain('FIELD: type <string>\n\n\nDESCRIPTION:\n    type determines how the Service is exposed.');
    expect(c.exec('kubectl explain secrets').stdout).toContain('\n  stringData\t<map[string]string>\n');
    expect(c.exec('kubectl explain pods.metadata.creationTimestamp').stdout).toContain('FIELD: creationTimestamp <string>');
    expect(c.exec('kubectl explain pvc.spec.resources.requests').stdout).toContain('FIELD: requests <map[string]Quantity>');
  });

  it('reflows descriptions like kubectl 1.32: line breaks dropped, words moved, long words whole', () => {
    // funcs_test.go's "realign line breaks" case.
    expect(wrap('Lorem ipsum dolor sit amet, consectetur adipiscing elit. Vivamus pulvinar in libero id sagittis. \nAliquam sem enim, vehicula et urna ac, vehicula ullamcorper sem. Morbi turpis arcu, aliquet at \neros quis, sodales dignissim eros. \nQuisque ut lectus quis magna maximus elementum a nec felis. \nNulla ultricies pulvinar quam, id tincidunt.', 76))
      .toBe('Lorem ipsum dolor sit amet, consectetur adipiscing elit. Vivamus pulvinar in\nlibero id sagittis. Aliquam sem enim, vehicula et urna ac, vehicula\nullamcorper sem. Morbi turpis arcu, aliquet at eros quis, sodales dignissim\neros. Quisque ut lectus quis magna maximus elementum a nec felis. Nulla\nultricies pulvinar quam, id tincidunt.');
    expect(wrap('aaa bbb ccc', 7)).toBe('aaa bbb\nccc');
    expect(wrap('a https://example.com/very/long b', 5)).toBe('a\nhttps://example.com/very/long\nb');
  });

  it('the committed table is what scripts/gen-explain.mjs makes of the editor\'s kinds (run it after adding a kind)', async () => {
    // A computed specifier: the app's tsconfig has no declarations for .mjs.
    const script = new URL('../../../../../scripts/gen-explain.mjs', import.meta.url).href;
    const generator = (await import(/* @vite-ignore */ script)) as { explainTable(): Promise<unknown>; openapiModule(table: unknown): string };
    const fresh = await generator.explainTable();
    expect(fresh).toEqual(explainTable());
    // The committed module is byte for byte what the script writes.
    expect((await import('./openapi.ts?raw')).default).toBe(generator.openapiModule(fresh));
  }, 60_000);
});
