// The map's search and filters, kept in the page's query string so a reload restores them and a copied URL
// shares them. Query parameters, not the hash: the hash carries share links' payload (#share=…).
import type { PodView } from '../../worker/protocol.ts';
import { GROUP_BYS, type GroupBy } from './grouping.ts';
import { podTone, TONES, type PodTone } from './tone.ts';

export type MapMode = 'nodes' | 'owners';

export interface MapFilters {
  mode: MapMode;
  /** One namespace ('' for all). */
  namespace: string;
  /** A label selector in kubectl's grammar, evaluated by the worker. */
  selector: string;
  /** Pods map: the kind of the pod's controller (ReplicaSet, Job …); owner view: the kind of object. */
  kind: string;
  state: PodTone | '';
  /** Text a pod's (or object's) name must contain. */
  search: string;
  groupBy: GroupBy;
  /** The group (or `group#slice`) the map is zoomed into. */
  focus: string;
}

export const DEFAULT_FILTERS: MapFilters = { mode: 'nodes', namespace: '', selector: '', kind: '', state: '', search: '', groupBy: 'auto', focus: '' };

/** Parameter names in the query string. */
const PARAMS: Record<keyof MapFilters, string> = {
  mode: 'map', namespace: 'ns', selector: 'l', kind: 'kind', state: 'state', search: 'q', groupBy: 'group', focus: 'focus',
};

export function parseFilters(query: string): MapFilters {
  const p = new URLSearchParams(query);
  const get = (k: keyof MapFilters) => p.get(PARAMS[k]) ?? '';
  const state = get('state');
  const groupBy = get('groupBy');
  return {
    mode: get('mode') === 'owners' ? 'owners' : 'nodes',
    namespace: get('namespace'),
    selector: get('selector'),
    kind: get('kind'),
    state: (TONES as readonly string[]).includes(state) ? (state as PodTone) : '',
    search: get('search'),
    groupBy: (GROUP_BYS as readonly string[]).includes(groupBy) ? (groupBy as GroupBy) : 'auto',
    focus: get('focus'),
  };
}

/** The query string with the filters written in (defaults left out) and every other parameter kept. */
export function withFilters(query: string, f: MapFilters): string {
  const p = new URLSearchParams(query);
  for (const k of Object.keys(PARAMS) as (keyof MapFilters)[]) {
    if (f[k] === DEFAULT_FILTERS[k]) p.delete(PARAMS[k]);
    else p.set(PARAMS[k], f[k]);
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * Does a pod pass the map's filters? `selected` holds the keys the worker found for the label selector
 * (undefined while there is no selector).
 */
export function podPasses(p: PodView, f: MapFilters, selected?: ReadonlySet<string>): boolean {
  if (f.namespace && p.namespace !== f.namespace) return false;
  if (f.kind && p.ownerKind !== f.kind) return false;
  if (f.state && podTone(p) !== f.state) return false;
  if (f.search && !p.name.toLowerCase().includes(f.search.toLowerCase())) return false;
  if (selected && !selected.has(p.key)) return false;
  return true;
}

/** Any filter that hides pods is on. */
export function filtering(f: MapFilters): boolean {
  return !!(f.namespace || f.kind || f.state || f.search || f.selector);
}
