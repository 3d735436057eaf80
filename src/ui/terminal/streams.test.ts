import { describe, expect, it } from 'vitest';
import { forwardsInBackground, streams } from './Terminal.tsx';

describe('which lines hold the prompt', () => {
  it.each([
    ['kubectl get pods -w', true, false],
    ['kubectl get pods -w &', false, false],
    ['kubectl port-forward svc/web 8080:80', true, false],
    ['kubectl -n shop port-forward svc/web 8080:80', true, false],
    ['k port-forward pod/x :80 --address 0.0.0.0', true, false],
    ['kubectl port-forward svc/web 8080:80 &', false, true],
    ['kubectl port-forward svc/web 8080:80&', false, true],
    ['kubectl get pods', false, false],
    ['curl localhost:8080', false, false],
  ])('%s', (line, holds, background) => {
    expect(streams(line)).toBe(holds);
    expect(forwardsInBackground(line)).toBe(background);
  });
});
