// SIMULATION: the GPUs in one machine: their UUIDs, NUMA nodes and MIG instances, and their faults. A fault is an
// XID error the driver reports; most XIDs mean the GPU is broken until it is reset (`sim gpu heal`), while
// application XIDs (the ones the NVIDIA device plugin's health check skips) only end the processes that caused them.
import { SeededRng } from '../../../sim/rng.ts';
import { migLayout, type GpuConfig } from './config.ts';
import { GPU_MODELS, type GpuModel, type MigProfile } from './models.ts';

/** The XIDs the device plugin treats as application errors: they do not make a device unhealthy. */
export const APPLICATION_XIDS = [13, 31, 43, 45, 68, 109];
/** XID 79: the GPU has fallen off the bus. */
export const DEFAULT_XID = 79;

export interface SimGpu {
  index: number;
  uuid: string;
  numa: number;
  /** The XID that broke it, until it is reset. */
  brokenBy?: number;
}

export interface SimMigDevice { uuid: string; gpu: number; profile: MigProfile; /** GPU instance ID. */ gi: number }

/** What the processes on a GPU notice, by the CDI names of the GPU and its MIG devices: an XID, or a reset. */
export type GpuFault = { type: 'xid'; cdiNames: string[]; xid: number; persistent: boolean } | { type: 'reset'; cdiNames: string[] };

export class GpuHardware {
  readonly model: GpuModel;
  readonly gpus: SimGpu[];
  readonly migDevices: SimMigDevice[];
  private readonly healthListeners: (() => void)[] = [];
  private readonly faultListeners: ((f: GpuFault) => void)[] = [];

  /** broken: GPU index → XID, from a snapshot. */
  constructor(readonly nodeName: string, readonly config: GpuConfig, broken: Record<string, number> = {}) {
    this.model = GPU_MODELS[config.model];
    const half = Math.ceil(config.count / 2);
    this.gpus = Array.from({ length: config.count }, (_, index) => ({
      index, uuid: `GPU-${stableUuid(`${nodeName}/gpu/${index}`)}`, numa: config.count > 1 && index >= half ? 1 : 0,
      ...(broken[index] !== undefined ? { brokenBy: broken[index] } : {}),
    }));
    const layout = migLayout(config);
    this.migDevices = this.gpus.flatMap((g) => layout.map((profile, i) => ({ uuid: `MIG-${stableUuid(`${nodeName}/gpu/${g.index}/mig/${i}`)}`, gpu: g.index, profile, gi: i + 1 })));
  }

  /** Returns a function that stops listening. */
  onHealthChange(listener: () => void): () => void {
    this.healthListeners.push(listener);
    return () => { const i = this.healthListeners.indexOf(listener); if (i >= 0) this.healthListeners.splice(i, 1); };
  }
  onFault(listener: (f: GpuFault) => void): void { this.faultListeners.push(listener); }

  gpu(index: number): SimGpu {
    const g = this.gpus[index];
    if (!g) throw new Error(`node "${this.nodeName}" has no GPU ${index} (it has ${this.gpus.length}: 0-${this.gpus.length - 1})`);
    return g;
  }

  /** An XID error on one GPU: its processes die; unless it is an application XID the GPU stays broken. */
  xid(index: number, xid: number): void {
    const g = this.gpu(index);
    const persistent = !APPLICATION_XIDS.includes(xid);
    if (persistent) g.brokenBy = xid;
    for (const l of this.faultListeners) l({ type: 'xid', cdiNames: this.cdiNamesOf(g), xid, persistent });
    if (persistent) for (const l of this.healthListeners) l();
  }

  /** The GPU is reset (or replaced): it works again. */
  heal(index: number): void {
    const g = this.gpu(index);
    if (g.brokenBy === undefined) throw new Error(`GPU ${index} of node "${this.nodeName}" is not failed`);
    delete g.brokenBy;
    for (const l of this.faultListeners) l({ type: 'reset', cdiNames: this.cdiNamesOf(g) });
    for (const l of this.healthListeners) l();
  }

  /** Broken GPUs by index (for the snapshot). */
  broken(): Record<string, number> {
    return Object.fromEntries(this.gpus.filter((g) => g.brokenBy !== undefined).map((g) => [String(g.index), g.brokenBy!]));
  }

  /** The faults that stand now (one per broken GPU). */
  brokenFaults(): GpuFault[] {
    return this.gpus.filter((g) => g.brokenBy !== undefined).map((g) => ({ type: 'xid', cdiNames: this.cdiNamesOf(g), xid: g.brokenBy!, persistent: true }));
  }

  private cdiNamesOf(g: SimGpu): string[] {
    return [g.uuid, ...this.migDevices.filter((m) => m.gpu === g.index).map((m) => m.uuid)].map(cdiName);
  }
}

/** The CDI name the plugin hands out for a GPU or MIG device (its UUID under the nvidia.com/gpu kind). */
export function cdiName(uuid: string): string { return `nvidia.com/gpu=${uuid}`; }

/** The same machine and index always get the same UUID (so a restored cluster reports the same devices). */
function stableUuid(key: string): string { return new SeededRng(key).uuid(); }
