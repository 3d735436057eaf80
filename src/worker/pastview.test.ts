// Which lines may run while the page shows a past moment: every command of a shell line must only read.
import { describe, expect, it } from 'vitest';
import { isReadOnly } from './pastview.ts';

describe('isReadOnly', () => {
  it('refuses shell lines where any command writes, those inside $(…) and after xargs too', () => {
    expect(isReadOnly('kubectl get pods | grep web | wc -l')).toBe(true);
    expect(isReadOnly('export P=$(kubectl get pods -o name)')).toBe(true);
    expect(isReadOnly('kubectl get pods; kubectl delete pod x')).toBe(false);
    expect(isReadOnly('kubectl get pods -o name | xargs kubectl delete')).toBe(false);
    expect(isReadOnly('echo $(kubectl scale deploy web --replicas=1)')).toBe(false);
  });
});
