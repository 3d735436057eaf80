// framework.Status: what every plugin returns. Codes and their meaning as upstream.
export enum Code {
  Success = 'Success',
  Error = 'Error',
  /** The pod does not fit now; preemption or a cluster change may help. */
  Unschedulable = 'Unschedulable',
  /** The pod does not fit and preemption cannot help on this node. */
  UnschedulableAndUnresolvable = 'UnschedulableAndUnresolvable',
  Wait = 'Wait',
  Skip = 'Skip',
}

export class Status {
  constructor(readonly code: Code, readonly reasons: string[] = [], readonly plugin = '') {}
  static success(): Status { return SUCCESS; }
  static unschedulable(...reasons: string[]): Status { return new Status(Code.Unschedulable, reasons); }
  static unresolvable(...reasons: string[]): Status { return new Status(Code.UnschedulableAndUnresolvable, reasons); }
  static error(message: string): Status { return new Status(Code.Error, [message]); }
  static skip(): Status { return SKIP; }
  isSuccess(): boolean { return this.code === Code.Success; }
  isRejected(): boolean { return this.code === Code.Unschedulable || this.code === Code.UnschedulableAndUnresolvable; }
  withPlugin(name: string): Status { return this.code === Code.Success || this.code === Code.Skip || this.plugin === name ? this : new Status(this.code, this.reasons, name); }
  message(): string { return this.reasons.join(', '); }
}

/** The one Success status: plugins return it (Status.success()), so a hot loop can compare by identity. */
export const SUCCESS = new Status(Code.Success);
const SKIP = new Status(Code.Skip);
