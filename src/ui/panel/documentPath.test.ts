import { describe, expect, it } from 'vitest';
import { documentPath } from './documentPath.ts';

describe('documentPath', () => {
  it.each([
    [' web.yaml ', 'web.yaml'],
    ['overlays/prod/kustomization.yaml', 'overlays/prod/kustomization.yaml'],
    ['./base//deploy.yaml', 'base/deploy.yaml'],
    ['/base/./kustomization.yaml', 'base/kustomization.yaml'],
    ['  ', ''],
  ])('%j is %j', (name, path) => expect(documentPath(name)).toBe(path));
});
