import { describe, expect, it } from 'vitest';
import { createCluster } from '../index.ts';
import { parseManifests } from './manifests.ts';

const value = (yaml: string): unknown => (parseManifests(`kind: X\nv: ${yaml}\n`, 'f').at(0)?.object as unknown as { v: unknown }).v;

// sigs.k8s.io/yaml decodes with go-yaml v2: YAML 1.1 ints and booleans, timestamps and base 60 as strings.
describe('manifests are read as kubectl reads YAML', () => {
  it.each([
    ['0644', 420], ['0400', 256], ['-0644', -420], ['0x1F', 31], ['1_000', 1000], ['0b101', 5], ['08', 8], ['+12', 12],
    ['yes', true], ['On', true], ['y', true], ['no', false], ['off', false], ['N', false], ['true', true],
    ['"0644"', '0644'], ["'yes'", 'yes'], ['2001-12-14', '2001-12-14'], ['1:20', '1:20'], ['0o644', '0o644'], ['~', null],
  ])('%s → %j', (text, want) => expect(value(text)).toEqual(want));

  it('applies a Secret volume with an octal defaultMode from the Kubernetes docs', () => {
    const c = createCluster({ seed: 1 });
    const r = c.exec('kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: nginx}]
  volumes:
  - name: s
    secret: {secretName: s, defaultMode: 0644}
`);
    expect(r.stderr).toBe('');
    expect(c.exec('kubectl get pod p -o jsonpath={.spec.volumes[0].secret.defaultMode}').stdout).toBe('420');
    // The Norway problem, as kubectl has it: an unquoted yes is a boolean, and "on" as a key becomes "true".
    expect(c.exec('kubectl patch pod p -p "metadata: {labels: {on: yes}}"').stderr).toContain('json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string');
    expect(c.exec(`kubectl patch pod p -p "metadata: {labels: {on: 'yes'}}"`).stdout).toBe('pod/p patched\n');
    expect(c.exec('kubectl get pod p -o jsonpath={.metadata.labels}').stdout).toBe('{"true":"yes"}');
  });
});
