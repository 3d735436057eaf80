// What `sim` commands may drive: implemented by the composition root (cluster.ts).
import type { Taint } from 'kubernetes-types/core/v1';
import type { SchedulingTrace } from '../scheduler/trace.ts';

export interface NodeSpec {
  name: string;
  cpu: string;
  memory: string;
  pods: number;
  labels: Record<string, string>;
  taints: Taint[];
}

export interface SimHost {
  addNode(spec: NodeSpec): void;
  nodeSpecs(): NodeSpec[];
  advanceMs(ms: number): void;
  now(): number;
  startedAt(): number;
  schedulingTrace(podKey: string): SchedulingTrace | undefined;
}
