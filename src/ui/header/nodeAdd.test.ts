import { describe, expect, it } from 'vitest';
import { groupBoundsOk, nextNodeName, nodeAddCommands, nodeNames, type NodeAddForm } from './nodeAdd.ts';

const form = (o: Partial<NodeAddForm> = {}): NodeAddForm => ({ name: 'w4', count: 1, cpu: '', memory: '', pods: '', gpus: '', labels: '', taints: '', runtimeHandlers: '', ...o });

describe('the Add nodes form', () => {
  it.each([
    [[], 'w1'],
    [['w1', 'w2', 'w3'], 'w4'],
    [['w1', 'w10', 'gpu1', 'w2x'], 'w11'],
  ])('names the next node after %j: %s', (names, next) => {
    expect(nextNodeName(names)).toBe(next);
  });

  it.each([
    ['w4', 3, ['w4', 'w5', 'w6']],
    ['gpu', 2, ['gpu-1', 'gpu-2']],
    ['pool-a09', 2, ['pool-a9', 'pool-a10']],
    ['edge', 1, ['edge']],
  ])('numbers %s ×%d', (first, count, names) => {
    expect(nodeNames(first, count)).toEqual(names);
  });

  it('writes only the flags that differ from sim node add\'s defaults', () => {
    expect(nodeAddCommands(form({ cpu: '4', memory: '16Gi', pods: '110', gpus: '0' }))).toEqual(['sim node add w4']);
    expect(nodeAddCommands(form({ name: 'g1', count: 2, cpu: '32', gpus: '8', labels: 'pool=gpu', taints: 'dedicated=gpu:NoSchedule', runtimeHandlers: 'kata' }))).toEqual([
      'sim node add g1 --cpu 32 --gpus 8 --labels pool=gpu --taints dedicated=gpu:NoSchedule --runtime-handlers kata',
      'sim node add g2 --cpu 32 --gpus 8 --labels pool=gpu --taints dedicated=gpu:NoSchedule --runtime-handlers kata',
    ]);
  });

  it('writes one sim nodegroup add for an autoscaled group, with its bounds and the machine flags', () => {
    expect(nodeAddCommands(form({ name: 'pool', count: 3, cpu: '8', taints: 'dedicated=gpu:NoSchedule', group: { min: '', max: '4' } }))).toEqual([
      'sim nodegroup add pool --min 0 --max 4 --cpu 8 --taints dedicated=gpu:NoSchedule',
    ]);
  });

  it.each([
    [{ min: '', max: '3' }, true],
    [{ min: '2', max: '2' }, true],
    [{ min: '3', max: '2' }, false],
    [{ min: '0', max: '0' }, false],
    [{ min: '1', max: '' }, false],
    [{ min: '-1', max: '2' }, false],
  ])('group bounds %j are %s', (g, ok) => expect(groupBoundsOk(g)).toBe(ok));
});
