// `sim trace request URL -o json` as the page uses it: the command, the engine's answer checked into a
// TraceResult, and the text the terminal prints for it (the same lines as the plain command).
import type { Hop, TraceResult } from '../../worker/dataplane.ts';

export type { Hop, TraceResult };

const HOP_KINDS = new Set<Hop['kind']>(['client', 'dns', 'ingress', 'proxy', 'service', 'endpoint', 'pod', 'drop']);

export function traceCommand(url: string, from: string): string {
  return `sim trace request ${url}${from && from !== 'external' ? ` --from ${from}` : ''} -o json`;
}

/** The engine's JSON, or undefined when it is not a trace. */
export function parseTrace(stdout: string): TraceResult | undefined {
  let v: unknown;
  try {
    v = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  const r = v as Partial<TraceResult> | null;
  if (!r || typeof r.result !== 'string' || typeof r.ok !== 'boolean' || !Array.isArray(r.hops)) return undefined;
  if (!r.hops.every((h: Partial<Hop>) => typeof h?.text === 'string' && HOP_KINDS.has(h.kind as Hop['kind']))) return undefined;
  return r as TraceResult;
}

/** What `sim trace request` prints without -o json. */
export function traceText(r: TraceResult): string {
  return `${[...r.hops.map((h, i) => `${i + 1}. ${h.text}`), `result: ${r.result}`].join('\n')}\n`;
}

/** `sim trace request …` without an output flag: the page runs it as JSON to draw it, and prints the text. */
export function asTraceJson(line: string): string | undefined {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'sim' || words[1] !== 'trace' || words[2] !== 'request') return undefined;
  if (words.some((w) => w === '-o' || w.startsWith('-o=') || w.startsWith('--output'))) return undefined;
  return `${line.trim()} -o json`;
}
