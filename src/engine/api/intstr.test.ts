import { describe, expect, it } from 'vitest';
import { getScaledValueFromIntOrPercent } from './intstr.ts';

describe('GetScaledValueFromIntOrPercent (upstream intstr_test cases)', () => {
  it.each([
    [123, 0, false, 123],
    ['90%', 100, true, 90],
    ['90%', 95, true, 86],
    ['90%', 95, false, 85],
    ['0%', 95, true, 0],
    ['100%', 7, false, 7],
  ] as const)('%s of %d (roundUp %s) is %d', (v, total, up, want) => {
    expect(getScaledValueFromIntOrPercent(v, total, up)).toBe(want);
  });

  it.each(['%', '90#', '#%', '90'])('refuses %j', (v) => {
    expect(() => getScaledValueFromIntOrPercent(v, 10, true)).toThrow('invalid value for IntOrString: invalid type: string is not a percentage');
  });
});
