// API errors shaped like apimachinery's StatusError (metav1.Status) and field.Error, with upstream texts.
import { qualifiedResource, type KindInfo } from '../api/kinds.ts';

export type StatusReason =
  | 'NotFound' | 'AlreadyExists' | 'Conflict' | 'Invalid' | 'BadRequest' | 'Expired' | 'Gone'
  | 'Forbidden' | 'MethodNotAllowed' | 'InternalError' | 'TooManyRequests';

export interface StatusCause { reason: string; message: string; field: string }

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: StatusReason;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[]; retryAfterSeconds?: number };
  code: number;
}

export class StatusError extends Error {
  readonly status: Status;
  constructor(status: Omit<Status, 'kind' | 'apiVersion' | 'metadata' | 'status'>) {
    super(status.message);
    this.status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', ...status };
  }
  get code(): number { return this.status.code; }
  get reason(): StatusReason { return this.status.reason; }
}

export function isStatusError(e: unknown, reason?: StatusReason): e is StatusError {
  return e instanceof StatusError && (reason === undefined || e.reason === reason);
}

export function notFound(info: KindInfo, name: string): StatusError {
  return new StatusError({ reason: 'NotFound', code: 404, message: `${qualifiedResource(info)} "${name}" not found`, details: { name, group: info.group, kind: info.plural } });
}

export function alreadyExists(info: KindInfo, name: string): StatusError {
  return new StatusError({ reason: 'AlreadyExists', code: 409, message: `${qualifiedResource(info)} "${name}" already exists`, details: { name, group: info.group, kind: info.plural } });
}

export function conflict(info: KindInfo, name: string, detail = 'the object has been modified; please apply your changes to the latest version and try again'): StatusError {
  return new StatusError({ reason: 'Conflict', code: 409, message: `Operation cannot be fulfilled on ${qualifiedResource(info)} "${name}": ${detail}`, details: { name, group: info.group, kind: info.plural } });
}

export function badRequest(message: string): StatusError {
  return new StatusError({ reason: 'BadRequest', code: 400, message });
}

/** A patch that cannot be applied (422 with reason Invalid, as the API server answers). */
export function unprocessable(message: string): StatusError {
  return new StatusError({ reason: 'Invalid', code: 422, message });
}

export function forbidden(info: KindInfo, name: string, detail: string): StatusError {
  return new StatusError({ reason: 'Forbidden', code: 403, message: `${qualifiedResource(info)} "${name}" is forbidden: ${detail}`, details: { name, group: info.group, kind: info.plural } });
}

/** 410 Gone for a watch that starts before the retained window ("too old resource version: 5 (10)"). */
export function expired(requested: number, oldest: number): StatusError {
  return new StatusError({ reason: 'Expired', code: 410, message: `too old resource version: ${requested} (${oldest})` });
}

// ---- field errors (k8s.io/apimachinery/pkg/util/validation/field) ----

export type FieldErrorType = 'Required' | 'Invalid' | 'NotSupported' | 'Duplicate' | 'Forbidden' | 'TooLong' | 'TooMany' | 'NotFound';

const typeText: Record<FieldErrorType, string> = {
  Required: 'Required value',
  Invalid: 'Invalid value',
  NotSupported: 'Unsupported value',
  Duplicate: 'Duplicate value',
  Forbidden: 'Forbidden',
  TooLong: 'Too long',
  TooMany: 'Too many',
  NotFound: 'Not found',
};

export interface FieldError {
  type: FieldErrorType;
  field: string; // e.g. "spec.template.metadata.labels"
  value?: unknown;
  detail?: string;
}

/** Go's %#v for the JSON values that appear in field errors. */
export function formatGoValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) {
    const allStrings = v.every((x) => typeof x === 'string');
    return `${allStrings ? '[]string' : '[]interface {}'}{${v.map(formatGoValue).join(', ')}}`;
  }
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const allStrings = entries.every(([, x]) => typeof x === 'string');
    return `map[string]${allStrings ? 'string' : 'interface {}'}{${entries.map(([k, x]) => `${JSON.stringify(k)}:${formatGoValue(x)}`).join(', ')}}`;
  }
  return String(v);
}

/** field.Error.Error(): "spec.replicas: Invalid value: -1: must be greater than or equal to 0". */
export function fieldErrorText(e: FieldError): string {
  let body = typeText[e.type];
  if (e.type !== 'Required' && e.type !== 'Forbidden' && e.type !== 'TooLong' && e.type !== 'TooMany' && e.value !== undefined) {
    body += `: ${formatGoValue(e.value)}`;
  }
  if (e.detail) body += `: ${e.detail}`;
  return `${e.field}: ${body}`;
}

/** 422 Invalid. The message is apiserver's ("Deployment.apps \"web\" is invalid: …"); kubectl rewrites it. */
export function invalid(info: Pick<KindInfo, 'kind' | 'group'>, name: string, errors: FieldError[]): StatusError {
  const qualifiedKind = info.group ? `${info.kind}.${info.group}` : info.kind;
  const texts = errors.map(fieldErrorText);
  const joined = texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
  return new StatusError({
    reason: 'Invalid',
    code: 422,
    message: `${qualifiedKind} "${name}" is invalid: ${joined}`,
    details: {
      name, group: info.group, kind: info.kind,
      causes: errors.map((e) => ({ reason: `Field${e.type === 'NotSupported' ? 'ValueNotSupported' : 'Value' + e.type}`, message: fieldErrorText(e).slice(e.field.length + 2), field: e.field })),
    },
  });
}
