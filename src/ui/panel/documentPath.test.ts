import { describe, expect, it } from 'vitest';
import { documentPath, kustomizationDir } from './documentPath.ts';

describe('documentPath', () => {
  it.each([
    [' web.yaml ', 'web.yaml'],
    ['overlays/prod/kustomization.yaml', 'overlays/prod/kustomization.yaml'],
    ['./base//deploy.yaml', 'base/deploy.yaml'],
    ['/base/./kustomization.yaml', 'base/kustomization.yaml'],
    ['  ', ''],
  ])('%j is %j', (name, path) => expect(documentPath(name)).toBe(path));
});

describe('kustomizationDir', () => {
  it.each([
    ['overlays/prod/kustomization.yaml', 'overlays/prod'],
    ['./base/kustomization.yml', 'base'],
    ['Kustomization', '.'],
    ['base/deployment.yaml', undefined],
    ['my-kustomization.yaml', undefined],
  ])('%j builds %j', (name, dir) => expect(kustomizationDir(name)).toBe(dir));
});
