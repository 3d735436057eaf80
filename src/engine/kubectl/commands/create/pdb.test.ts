import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { parseToLabelSelector } from './pdb.ts';

describe('metav1.ParseToLabelSelector', () => {
  it.each([
    ['app=rails', { matchLabels: { app: 'rails' } }],
    ['app==rails,tier=web', { matchLabels: { app: 'rails', tier: 'web' } }],
    ['env in (prod,dev),!legacy,track', { matchExpressions: [{ key: 'env', operator: 'In', values: ['dev', 'prod'] }, { key: 'legacy', operator: 'DoesNotExist' }, { key: 'track', operator: 'Exists' }] }],
    ['app=x,env notin (qa)', { matchLabels: { app: 'x' }, matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['qa'] }] }],
  ])('%s', (text, want) => expect(parseToLabelSelector(text)).toEqual(want));

  it.each([
    ['app!=x', '"!=" isn\'t supported in label selectors'],
    ['n>1', '"gt" isn\'t supported in label selectors'],
    ['app=', ''],
  ])('%s', (text, msg) => {
    if (msg) expect(() => parseToLabelSelector(text)).toThrow(msg);
    else expect(parseToLabelSelector(text)).toEqual({ matchLabels: { app: '' } });
  });
});

describe('kubectl create poddisruptionbudget', () => {
  it('creates a PDB with minAvailable or maxUnavailable, numbers or percentages', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl create pdb my-pdb --selector=app=rails --min-available=1').stdout).toBe('poddisruptionbudget.policy/my-pdb created\n');
    expect(c.exec('kubectl create poddisruptionbudget half --selector=app=web --max-unavailable=50%').stdout).toBe('poddisruptionbudget.policy/half created\n');
    expect(c.exec('kubectl get pdb my-pdb -o jsonpath={.spec}').stdout).toBe('{"minAvailable":1,"selector":{"matchLabels":{"app":"rails"}}}');
    expect(c.exec('kubectl get pdb half -o jsonpath={.spec.maxUnavailable}').stdout).toBe('50%');
  });

  it.each([
    ['--min-available=1', 'a selector must be specified'],
    ['--selector=app=x', 'one of min-available or max-unavailable must be specified'],
    ['--selector=app=x --min-available=1 --max-unavailable=1', 'min-available and max-unavailable cannot be both specified'],
    ['--selector=app=x --min-available=1Gb', 'invalid format specified for min-available'],
    ['--selector=app=x --max-unavailable=-1', 'invalid format specified for max-unavailable'],
    ['--selector=app!=x --min-available=1', '"!=" isn\'t supported in label selectors'],
  ])('%s → %s', (flags, msg) => {
    const c = createCluster({ seed: 1 });
    expect(c.exec(`kubectl create pdb p ${flags}`)).toEqual({ code: 1, stdout: '', stderr: `error: ${msg}\n` });
  });
});
