// helm's output: the status block (install, upgrade, status), uitable's tables (list, history, repo list,
// search), Go's time formats (time.ANSIC and Time.String), and values as YAML.
import { toYaml } from '../kubectl/printers/format.ts';
import { hooksText } from './hooks.ts';
import type { Release } from './storage.ts';
import { toPlain } from './template/values.ts';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** time.ANSIC ("Mon Jan _2 15:04:05 2006"), in UTC. */
export function ansic(iso: string): string {
  const d = new Date(iso);
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCFullYear()}`;
}

/** Go's Time.String ("2006-01-02 15:04:05.999999999 -0700 MST"), in UTC: fractional seconds without trailing zeros. */
export function goTimeString(iso: string): string {
  const d = new Date(iso);
  const ms = d.getUTCMilliseconds();
  const frac = ms ? `.${String(ms).padStart(3, '0').replace(/0+$/, '')}` : '';
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}${frac} +0000 UTC`;
}

/** Go's zero time.Time in time.ANSIC (a hook whose run never completed). */
const ZERO_TIME_ANSIC = 'Mon Jan  1 00:00:00 0001';

/** gosuri/uitable as helm uses it: every cell padded to its column's width, cells joined by a tab. */
export function uitable(rows: string[][], maxColWidth = 0): string {
  const cut = (s: string) => (maxColWidth && s.length > maxColWidth ? `${s.slice(0, maxColWidth - 3)}...` : s);
  const cells = rows.map((r) => r.map(cut));
  const widths: number[] = [];
  for (const r of cells) r.forEach((c, i) => { widths[i] = Math.max(widths[i] ?? 0, c.length); });
  return cells.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('\t')).join('\n');
}

/** helm's values as YAML (sigs.k8s.io/yaml): none prints "null" (an empty config is omitted from the stored JSON). */
export function valuesYaml(v: Record<string, unknown> | null | undefined): string {
  if (!v || !Object.keys(v).length) return 'null\n';
  return toYaml(toPlain(v));
}

export interface StatusOptions {
  showDescription?: boolean;
  /** helm get all and --debug: values, hooks and manifest too. */
  debug?: boolean;
  /** helm get all: CHART, VERSION, APP_VERSION. */
  showMetadata?: boolean;
  computedValues?: Record<string, unknown>;
}

/** statusPrinter.WriteTable. */
export function printStatus(r: Release, opts: StatusOptions = {}): string {
  const lines = [`NAME: ${r.name}`];
  if (r.info.last_deployed) lines.push(`LAST DEPLOYED: ${ansic(r.info.last_deployed)}`);
  lines.push(`NAMESPACE: ${r.namespace}`, `STATUS: ${r.info.status}`, `REVISION: ${r.version}`);
  if (opts.showMetadata) lines.push(`CHART: ${r.chart.metadata.name}`, `VERSION: ${r.chart.metadata.version}`, `APP_VERSION: ${r.chart.metadata.appVersion ?? ''}`);
  if (opts.showDescription) lines.push(`DESCRIPTION: ${r.info.description}`);
  const tests = (r.hooks ?? []).filter((h) => h.events.includes('test'));
  if (!tests.length) lines.push('TEST SUITE: None');
  // A test that never ran prints nothing.
  for (const h of tests) {
    if (!h.last_run?.started_at) continue;
    lines.push(`TEST SUITE:     ${h.name}`, `Last Started:   ${ansic(h.last_run.started_at)}`,
      `Last Completed: ${h.last_run.completed_at ? ansic(h.last_run.completed_at) : ZERO_TIME_ANSIC}`, `Phase:          ${h.last_run.phase}`);
  }
  let text = `${lines.join('\n')}\n`;
  if (opts.debug) {
    text += `USER-SUPPLIED VALUES:\n${valuesYaml(r.config)}\n`;
    if (opts.computedValues) text += `COMPUTED VALUES:\n${valuesYaml(opts.computedValues)}\n`;
  }
  if (r.info.description.toLowerCase() === 'dry run complete' || opts.debug) {
    text += 'HOOKS:\n';
    text += hooksText(r);
    text += `MANIFEST:\n${r.manifest}\n`;
  }
  if (r.info.notes) text += `NOTES:\n${r.info.notes.trim()}\n`;
  return text;
}
