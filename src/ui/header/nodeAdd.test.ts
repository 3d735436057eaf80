import { describe, expect, it } from 'vitest';
import { nextNodeName, nodeAddCommands, nodeNames, type NodeAddForm } from './nodeAdd.ts';

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
});
