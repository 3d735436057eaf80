// Declarative traffic sources: a client pod, or an external client, sending a steady rate of requests to a URL.
// They live outside the API objects and travel in the cluster snapshot.
import { isDNS1123Label } from '../../api/validation.ts';
import { parseURL } from './path.ts';

export interface TrafficSource {
  name: string;
  /** "external", or the client pod as namespace/name. */
  from: string;
  url: string;
  /** Requests per second. */
  rps: number;
}

export const MAX_RPS = 100_000;

/** Check a source, with kubectl-style messages; returns it normalised. */
export function validateSource(s: TrafficSource): TrafficSource {
  const errs = isDNS1123Label(s.name);
  if (errs.length) throw new Error(`invalid traffic source name "${s.name}": ${errs.join('; ')}`);
  if (!Number.isFinite(s.rps) || s.rps <= 0 || s.rps > MAX_RPS) throw new Error(`invalid --rps ${s.rps}: must be greater than 0 and at most ${MAX_RPS}`);
  parseURL(s.url);
  if (s.from !== 'external' && !/^[^/]+\/[^/]+$/.test(s.from)) throw new Error(`invalid --from "${s.from}": expected a pod name or "external"`);
  return { name: s.name, from: s.from, url: s.url, rps: s.rps };
}
