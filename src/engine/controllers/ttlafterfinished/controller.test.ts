import { describe, expect, it } from 'vitest';
import { GarbageCollector } from '../garbagecollector/controller.ts';
import { JobController } from '../job/controller.ts';
import { harness, jobManifest } from '../job/testing.ts';
import { TTLAfterFinishedController } from './controller.ts';

const setup = () => harness((store, clock, informers, recorder) => [
  new JobController(store, clock, informers, recorder),
  new TTLAfterFinishedController(store, clock, informers),
  new GarbageCollector(store, clock, informers, ['Pod', 'Job']),
]);

describe('TTL-after-finished controller', () => {
  it('deletes a finished Job and its pods ttlSecondsAfterFinished after it finished', () => {
    const h = setup();
    h.apply(jobManifest('t', { ttlSecondsAfterFinished: 30 }));
    h.advance(0);
    h.advance(4);
    h.finish(h.pods('t')[0], 'Succeeded');
    h.advance(1);
    expect(h.job('t').status?.completionTime).toBe('2026-01-01T00:00:05Z');
    h.advance(29);
    expect(h.store.tryGet('Job', 'default', 't')).toBeDefined();
    h.advance(1);
    expect(h.store.tryGet('Job', 'default', 't')).toBeUndefined();
    expect(h.pods('t')).toHaveLength(0);
  });

  it('also collects failed Jobs, and leaves Jobs without a TTL alone', () => {
    const h = setup();
    h.apply(jobManifest('f', { ttlSecondsAfterFinished: 0, backoffLimit: 0 }));
    h.apply(jobManifest('keep', { backoffLimit: 0 }));
    h.advance(0);
    h.finish(h.pods('f')[0], 'Failed');
    h.finish(h.pods('keep')[0], 'Failed');
    h.advance(2);
    expect(h.store.tryGet('Job', 'default', 'f')).toBeUndefined();
    expect(h.job('keep').status?.conditions?.at(-1)?.type).toBe('Failed');
    h.advance(3600);
    expect(h.store.tryGet('Job', 'default', 'keep')).toBeDefined();
  });

  it('waits for a TTL that is raised before it runs out', () => {
    const h = setup();
    h.apply(jobManifest('r', { ttlSecondsAfterFinished: 10 }));
    h.advance(0);
    h.finish(h.pods('r')[0], 'Succeeded');
    h.advance(5);
    const j = h.job('r');
    h.store.update({ ...j, spec: { ...j.spec!, ttlSecondsAfterFinished: 100 } });
    h.advance(10);
    expect(h.store.tryGet('Job', 'default', 'r')).toBeDefined();
    h.advance(90);
    expect(h.store.tryGet('Job', 'default', 'r')).toBeUndefined();
  });
});
