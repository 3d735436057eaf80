// Test helpers: run an object through admission the way the store does and return the error texts.
import { KindRegistry } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { fieldErrorText } from '../errors.ts';
import { applyDefaults } from './defaults.ts';
import { canonicalizeQuantities } from './quantities.ts';
import { validateObject } from './validation.ts';

const kinds = new KindRegistry();

/** Defaults, canonical quantities, then validation; the field.Error texts in order. */
export function admit(obj: unknown, old?: unknown): string[] {
  const o = structuredClone(obj) as KubeObject;
  applyDefaults(o, old as KubeObject | undefined);
  canonicalizeQuantities(o);
  const info = kinds.byKindName(o.kind);
  if (!info) throw new Error(`unknown kind ${o.kind}`);
  return validateObject(info, o, old as KubeObject | undefined).map(fieldErrorText);
}

/** Admit an object and return its stored form (for building the `old` of an update). */
export function stored<T>(obj: T): T {
  const o = structuredClone(obj) as unknown as KubeObject;
  applyDefaults(o);
  canonicalizeQuantities(o);
  return o as unknown as T;
}

export function deployment(overrides: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25' }], ...podSpec } },
      ...overrides,
    },
  };
}

export function pod(spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default', ...meta },
    spec: { containers: [{ name: 'web', image: 'nginx:1.25' }], ...spec },
  };
}
