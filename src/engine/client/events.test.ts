import { describe, expect, it } from 'vitest';
import type { Event } from 'kubernetes-types/core/v1';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { Store } from '../apiserver/store.ts';
import type { KubeObject } from '../api/object.ts';
import { EventRecorder } from './events.ts';

function setup() {
  const clock = new SimClock();
  const store = new Store(clock, new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  const pod = store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
  const rec = new EventRecorder(store, clock);
  const event = rec.forSource({ component: 'kubelet', host: 'w1' });
  const events = () => store.list<Event>('Event').map((e) => e as Event & KubeObject);
  return { clock, store, pod, event, events };
}

describe('EventRecorder and the EventCorrelator', () => {
  it('folds repeats into count and lastTimestamp on one Event', () => {
    const { clock, pod, event, events } = setup();
    event(pod, 'Warning', 'BackOff', 'Back-off restarting failed container');
    clock.advance(10_000);
    event(pod, 'Warning', 'BackOff', 'Back-off restarting failed container');
    const [e] = events();
    expect(events()).toHaveLength(1);
    expect(e).toMatchObject({ count: 2, firstTimestamp: '2026-01-01T00:00:00Z', lastTimestamp: '2026-01-01T00:00:10Z', source: { component: 'kubelet', host: 'w1' } });
    expect(e.metadata.name).toMatch(/^p\.[0-9a-f]+$/);
  });

  it('combines more than ten distinct messages of the same reason', () => {
    const { clock, pod, event, events } = setup();
    for (let i = 0; i < 12; i++) { event(pod, 'Normal', 'Pulled', `message ${i}`); clock.advance(1000); }
    const all = events();
    expect(all).toHaveLength(10);
    const combined = all.find((e) => e.message!.startsWith('(combined from similar events): '))!;
    expect(combined.message).toBe('(combined from similar events): message 11');
    expect(combined.count).toBe(3);
  });

  it('drops events beyond a burst of 25 per object and refills one every 5 minutes', () => {
    const { clock, pod, event, events } = setup();
    for (let i = 0; i < 30; i++) event(pod, 'Warning', `Reason${i}`, 'm');
    expect(events()).toHaveLength(25);
    clock.advance(300_000);
    event(pod, 'Warning', 'Late', 'm');
    event(pod, 'Warning', 'Later', 'm');
    expect(events().map((e) => e.reason)).toContain('Late');
    expect(events().map((e) => e.reason)).not.toContain('Later');
  });
});
