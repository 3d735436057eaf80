// Human-readable durations, with the rules of k8s.io/apimachinery/pkg/util/duration.
// Both take milliseconds (virtual time differences) and keep ~2-3 significant figures.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Go's int(d.Seconds()): truncation toward zero. */
function wholeSeconds(ms: number): number {
  return Math.trunc(ms / SECOND);
}

/**
 * HumanDuration: "45s", "119s", "2m30s", "9m59s", "10m", "179m", "3h", "7h59m", "8h", "47h", "2d", "2d3h",
 * "7d23h", "8d", "729d", "2y", "3y45d", "7y364d", "8y". A clock skew under 2 s counts as "0s"; more is "<invalid>".
 */
export function humanDuration(ms: number): string {
  const seconds = wholeSeconds(ms);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${days}d` : `${days}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) {
    const dy = days % 365;
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${years}y`;
}

/** ShortHumanDuration: one unit only ("59s", "59m", "23h", "364d", "1y"). */
export function shortHumanDuration(ms: number): string {
  const seconds = wholeSeconds(ms);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(hours / 24 / 365)}y`;
}
