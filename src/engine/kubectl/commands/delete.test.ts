// kubectl delete's lines (delete.go PrintObj): "deleted", "force deleted" with --grace-period=0 (after the
// immediate-deletion warning), and the dry runs' "(dry run)" and "(server dry run)".
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

const WARNING = 'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';

describe('kubectl delete prints what it did', () => {
  it.each([
    ['configmap cm', 'configmap "cm" deleted\n', '', 0],
    ['configmap cm --grace-period=0 --force', 'configmap "cm" force deleted\n', WARNING, 0],
    ['configmap cm --dry-run=client', 'configmap "cm" deleted (dry run)\n', '', 1],
    ['configmap cm --dry-run=server', 'configmap "cm" deleted (server dry run)\n', '', 1],
    ['configmap cm --now --dry-run=server', 'configmap "cm" deleted (server dry run)\n', '', 1],
    ['cm cm --force --grace-period=0 --dry-run=client', 'configmap "cm" force deleted (dry run)\n', '', 1],
  ])('delete %s', (args, stdout, stderr, left) => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl create configmap cm');
    expect(c.exec(`kubectl delete ${args}`)).toEqual({ code: 0, stdout, stderr });
    expect(c.exec('kubectl get cm cm -o name').stdout).toBe(left ? 'configmap/cm\n' : '');
  });
});
