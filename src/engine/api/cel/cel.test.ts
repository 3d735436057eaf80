import { describe, expect, it } from 'vitest';
import { Quantity } from '../quantity.ts';
import { CelError, compile, compileError, evaluate } from './cel.ts';

// A device as DRA selectors see it: attributes and capacity per domain (k8s.io/dynamic-resource-allocation/cel).
const device = {
  driver: 'gpu.nvidia.com',
  attributes: { 'gpu.nvidia.com': { productName: 'NVIDIA-H100-80GB-HBM3', index: 1, migCapable: true } },
  capacity: { 'gpu.nvidia.com': { memory: Quantity.parse('80Gi') } },
};
const run = (expr: string) => evaluate(compile(expr), new Map<string, unknown>([['device', device]]));

describe('CEL (the subset DRA selectors and CRD rules use)', () => {
  it.each([
    ['device.driver == "gpu.nvidia.com"', true],
    ['device.driver != "gpu.nvidia.com"', false],
    ['device.attributes["gpu.nvidia.com"].productName == "NVIDIA-H100-80GB-HBM3"', true],
    ['device.attributes["gpu.nvidia.com"].index > 0 && device.attributes["gpu.nvidia.com"].index < 2', true],
    ['!device.attributes["gpu.nvidia.com"].migCapable || false', false],
    ['device.attributes["gpu.nvidia.com"].index in [0, 2]', false],
    ['"gpu.nvidia.com" in device.attributes', true],
    ['has(device.attributes["gpu.nvidia.com"].uuid)', false],
    ['has(device.attributes["gpu.nvidia.com"].index)', true],
    ['device.capacity["gpu.nvidia.com"].memory.compareTo(quantity("40Gi")) >= 0', true],
    ['device.capacity["gpu.nvidia.com"].memory.isGreaterThan(quantity("100Gi"))', false],
    ['device.capacity["gpu.nvidia.com"].memory.isLessThan(quantity("100Gi"))', true],
    ['device.capacity["gpu.nvidia.com"].memory == quantity("81920Mi")', true],
    ['quantity("1k").asInteger() == 1000', true],
    ["'single' == \"single\"", true],
  ])('%s → %s', (expr, want) => {
    expect(run(expr)).toBe(want);
  });

  it.each([
    ['device.attributes["gpu.nvidia.com"].uuid == "x"', 'no such key: uuid'],
    ['device.attributes["example.com"].x', 'no such key: example.com'],
    ['device.capacity["gpu.nvidia.com"].memory > quantity("1Gi")', "found no matching overload for '_>_' applied to '(Quantity, Quantity)'"],
    ['quantity("forty")', 'quantities must match the regular expression'],
    ['quantity(40)', "found no matching overload for 'quantity' applied to '(int)'"],
    ['foo.bar', "undeclared reference to 'foo'"],
  ])('%s fails: %s', (expr, msg) => {
    expect(() => run(expr)).toThrow(CelError);
    expect(() => run(expr)).toThrow(msg);
  });

  it('reports syntax errors at compile time', () => {
    expect(compileError('device.driver ==')).toBe('Syntax error: unexpected end of expression');
    expect(compileError('device.driver == "a"')).toBeUndefined();
  });
});
