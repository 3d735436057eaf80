// Pods held at Permit (framework.WaitingPod): each waiting plugin must allow, any may reject, or time out.
import type { Pod } from 'kubernetes-types/core/v1';

export interface WaitingPod {
  pod: Pod;
  nodeName: string;
  /** Plugins still to allow the pod. */
  pending: Set<string>;
  allow(plugin: string): void;
  reject(plugin: string, message: string): void;
}
