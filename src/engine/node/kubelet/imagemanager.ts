// The kubelet's image manager (pkg/kubelet/images EnsureImageExists): pull policy, the per pod-and-image
// pull backoff (10 s doubling to 5 min), and the Pulling / Pulled / Failed / BackOff events.
// Simplification: pulls of different images run in parallel (serializeImagePulls=false); the same image is
// pulled once for every pod that waits for it.
import type { Container, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { goDuration, type SimClock } from '../../sim/clock.ts';
import type { ImageService } from '../runtime/cri.ts';
import { parseImage } from '../runtime/images.ts';
import { Backoff } from './backoff.ts';

export type EnsureResult =
  | { ok: true; imageRef: string }
  /** reason is the container's waiting reason: ErrImagePull, ImagePullBackOff, ErrImageNeverPull. */
  | { ok: false; reason: string; message: string; retryAt?: number };

type Emit = (pod: Pod & KubeObject, type: 'Normal' | 'Warning', reason: string, message: string, fieldPath?: string) => void;

export class ImageManager {
  readonly backoff: Backoff;

  constructor(private readonly clock: SimClock, private readonly images: ImageService, private readonly emit: Emit, private readonly pulled: (image: string, size: number) => void) {
    this.backoff = new Backoff(clock);
  }

  /**
   * EnsureImageExists: done(waiter, result) runs at once, or when a pull finishes. The waiter is handed back rather
   * than held by a closure the caller makes for each container start.
   */
  ensure<T>(pod: Pod & KubeObject, c: Container, fieldPath: string, waiter: T, done: (waiter: T, r: EnsureResult) => void): void {
    const image = c.image ?? '';
    const policy = c.imagePullPolicy ?? (parseImage(image).tag === 'latest' ? 'Always' : 'IfNotPresent');
    const present = this.images.imageStatus(image);
    if (policy === 'Never' || (policy === 'IfNotPresent' && present)) {
      if (present) {
        this.emit(pod, 'Normal', 'Pulled', `Container image "${image}" already present on machine`, fieldPath);
        done(waiter, { ok: true, imageRef: present.id });
        return;
      }
      const message = `Container image "${image}" is not present with pull policy of Never`;
      this.emit(pod, 'Warning', 'ErrImageNeverPull', message, fieldPath);
      done(waiter, { ok: false, reason: 'ErrImageNeverPull', message });
      return;
    }
    const key = `${pod.metadata.uid}_${image}`;
    const now = this.clock.now();
    if (this.backoff.isInBackOffSinceUpdate(key, now)) {
      const message = `Back-off pulling image "${image}"`;
      this.emit(pod, 'Normal', 'BackOff', message, fieldPath);
      done(waiter, { ok: false, reason: 'ImagePullBackOff', message, retryAt: this.backoff.expirySinceUpdate(key) });
      return;
    }
    this.emit(pod, 'Normal', 'Pulling', `Pulling image "${image}"`, fieldPath);
    this.images.pullImage(image, (r) => {
      if (!r.ok) {
        this.emit(pod, 'Warning', 'Failed', `Failed to pull image "${image}": ${r.error}`, fieldPath);
        this.backoff.next(key, this.clock.now());
        done(waiter, { ok: false, reason: 'ErrImagePull', message: r.error });
        return;
      }
      const took = goDuration(r.durationMs);
      this.emit(pod, 'Normal', 'Pulled', `Successfully pulled image "${image}" in ${took} (${took} including waiting). Image size: ${r.size} bytes.`, fieldPath);
      this.pulled(image, r.size);
      done(waiter, { ok: true, imageRef: r.imageRef });
    });
  }

  forgetPod(uid: string): void { this.backoff.deleteMatching(`${uid}_`); }
}
