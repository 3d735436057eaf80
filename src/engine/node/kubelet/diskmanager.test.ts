import { describe, expect, it } from 'vitest';
import { Store } from '../../apiserver/store.ts';
import { SimClock } from '../../sim/clock.ts';
import { SeededRng } from '../../sim/rng.ts';
import type { SimRuntime } from '../runtime/simruntime.ts';
import { DiskManager, IMAGE_GC_PERIOD_MS, SYSTEM_DISK_BYTES } from './diskmanager.ts';

const GI = 1024 ** 3;

/** A runtime with images and one running container whose writable layer holds `layer` bytes. */
function setup(images: { id: string; size: number }[], layer: number) {
  const clock = new SimClock(Date.parse('2026-01-01T00:00:00Z'));
  const store = new Store(clock, new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1' }, status: { conditions: [{ type: 'DiskPressure', status: 'False' }], images: images.map((i) => ({ names: [i.id], sizeBytes: i.size })) } });
  let imgs = images.map((i) => ({ ...i, repoTags: [i.id] }));
  const runtime = {
    listImages: () => imgs,
    removeImage: (id: string) => { imgs = imgs.filter((i) => i.id !== id); },
    writableLayers: () => [{ id: 'c1', sandboxId: 's1', imageRef: 'in-use', bytes: layer, growPerSec: 0 }],
    containerStatus: () => ({ state: 'CONTAINER_RUNNING' }),
    podSandboxStatus: () => ({ state: 'SANDBOX_READY' }),
  } as unknown as SimRuntime;
  const events: string[] = [];
  const disk = new DiskManager({
    store, clock, runtime, nodeName: 'w1', capacityBytes: 100 * GI, emit: (_o, type, reason, message) => events.push(`${type} ${reason}: ${message}`),
    candidates: () => [], evict: () => {},
  });
  disk.start();
  return { clock, disk, events, images: () => imgs.map((i) => i.id) };
}

describe('image garbage collection (ImageGCManager)', () => {
  it('frees least recently used images older than 2 minutes down to 80%, and only above 85%', () => {
    // 4Gi system + 78Gi layer + 3 images of 1Gi = 85Gi used (85%, and not yet below 15% available): free down to
    // 80Gi used needs 5Gi, only 2Gi can go.
    const s = setup([{ id: 'in-use', size: GI }, { id: 'a', size: GI }, { id: 'b', size: GI }], 78 * GI);
    s.clock.advance(IMAGE_GC_PERIOD_MS);
    // Both unused images were first seen at this first pass: too young to go.
    expect(s.images()).toEqual(['in-use', 'a', 'b']);
    s.clock.advance(IMAGE_GC_PERIOD_MS);
    expect(s.images()).toEqual(['in-use']);
    const amount = 20 * GI - (100 * GI - SYSTEM_DISK_BYTES - 78 * GI - 3 * GI);
    expect(s.events).toEqual([
      `Warning FreeDiskSpaceFailed: Failed to garbage collect required amount of images. Attempted to free ${amount} bytes, but only found 0 bytes eligible to free.`,
      `Warning FreeDiskSpaceFailed: Failed to garbage collect required amount of images. Attempted to free ${amount} bytes, but only found ${2 * GI} bytes eligible to free.`,
      `Warning ImageGCFailed: Failed to garbage collect required amount of images. Attempted to free ${amount} bytes, but only found ${2 * GI} bytes eligible to free.`,
    ]);
  });

  it('leaves images alone below the high threshold', () => {
    const s = setup([{ id: 'in-use', size: GI }, { id: 'a', size: GI }], 70 * GI);
    s.clock.advance(3 * IMAGE_GC_PERIOD_MS);
    expect(s.images()).toEqual(['in-use', 'a']);
    expect(s.events).toEqual([]);
  });
});
