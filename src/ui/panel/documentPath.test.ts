import { describe, expect, it } from 'vitest';
import { chartRelease, documentPath, helmChartDir, isChartTemplate, kustomizationDir } from './documentPath.ts';

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

describe('helmChartDir', () => {
  const names = ['charts/web/Chart.yaml', 'charts/web/templates/deployment.yaml', 'charts/web/values.yaml', 'other/deployment.yaml', 'Chart.yaml.bak'];
  it.each([
    ['charts/web/templates/deployment.yaml', 'charts/web'],
    ['charts/web/values.yaml', 'charts/web'],
    ['./charts/web/Chart.yaml', 'charts/web'],
    ['other/deployment.yaml', undefined],
    ['web.yaml', undefined],
  ])('%j is in chart %j', (name, dir) => expect(helmChartDir(name, names)).toBe(dir));
  it('names the release after the folder', () => expect(chartRelease('charts/web')).toBe('web'));
  it('tells templates from the chart\'s YAML files', () => {
    expect(isChartTemplate('charts/web/templates/deployment.yaml', 'charts/web')).toBe(true);
    expect(isChartTemplate('charts/web/values.yaml', 'charts/web')).toBe(false);
  });
});
