// Small formatting helpers for what the page shows: quantities, durations, virtual timestamps.

/** Millicores as kubectl would write them: 250m, 1, 1.5 (never more than one decimal). */
export function formatCpu(milli: number): string {
  if (milli === 0) return '0';
  if (milli % 1000 === 0) return String(milli / 1000);
  if (milli < 1000) return `${milli}m`;
  return String(Math.round(milli / 100) / 10);
}

const BINARY = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** Bytes with binary suffixes: 128Mi, 1.5Gi, 16Gi. */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return '0';
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < BINARY.length - 1) {
    v /= 1024;
    i++;
  }
  const rounded = v >= 100 || Number.isInteger(v) ? Math.round(v) : Math.round(v * 10) / 10;
  return `${rounded}${BINARY[i]}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Elapsed virtual time as 00:03:12, or 2d 04:00:00 past a day. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const clock = `${pad(h)}:${pad(m)}:${pad(s)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** A virtual timestamp in UTC: 2025-01-01 00:03:12 (the simulation has no time zone). */
export function formatTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Wall-clock time of day, local, for "saved at". */
export function formatWallTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * An age the way kubectl prints it (k8s.io/apimachinery/pkg/util/duration.HumanDuration):
 * 45s, 3m20s, 12m, 2h5m, 3d4h, 400d, 2y30d.
 */
export function formatAge(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.floor(seconds / 3600);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.floor(hours / 24) % 365;
    return dy === 0 ? `${Math.floor(hours / 24 / 365)}y` : `${Math.floor(hours / 24 / 365)}y${dy}d`;
  }
  return `${Math.floor(hours / 24 / 365)}y`;
}

/** Share of a capacity, 0..1, safe for zero capacity. */
export function fraction(used: number, total: number): number {
  if (total <= 0) return used > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, used / total));
}
