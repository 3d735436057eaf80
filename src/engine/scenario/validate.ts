// The scenario validator: pure (no cluster), so the share-link decoder and the editor can call it too.
// Errors name the field path and read like Kubernetes' own (`spec.cluster.nodes[0].cpu: Invalid value: …`);
// unknown fields are refused, as strict decoding does, so a typo never passes silently.
import { KNOWN_FEATURES } from '../api/featuregates.ts';
import { parseQuantity, QuantityError } from '../api/quantity.ts';
import { parseCidr } from '../api/cidr.ts';
import { DEFAULT_NODE_IPAM } from '../controllers/nodeipam/controller.ts';
import { parseSelector } from '../api/labels.ts';
import { formatBadValue, invalidFieldError, isDNS1123Label, isDNS1123Subdomain, notSupportedFieldError } from '../api/validation.ts';
import { parseDuration } from '../sim/clock.ts';
import { parseJsonPath } from '../kubectl/printers/jsonpath/parser.ts';
import { COMMANDS_HINT, WORKSTATION_PROGRAMS } from '../workstation/workstation.ts';
import { SHELL_PROGRAMS } from '../workstation/shell.ts';
import { ScenarioError } from './errors.ts';
import { substitute } from './variants.ts';
import { CHECK_KINDS, CNI_PLUGINS, SCENARIO_API_VERSION, SCENARIO_KIND, type Check, type Scenario } from './format.ts';


type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const TAINT = /^([^=:\s]+)(=([^:\s]*))?:(NoSchedule|PreferNoSchedule|NoExecute)$/;
const VARIABLE = /^[A-Za-z][A-Za-z0-9_]*$/;
/** What the terminal runs, all of it deterministic: the cluster's clients, the simulator, the workstation's shell. */
const PROGRAMS = ['kubectl', 'k', 'helm', 'argocd', 'sim', ...WORKSTATION_PROGRAMS, ...SHELL_PROGRAMS, 'xargs'];

class Errors {
  readonly list: string[] = [];
  required(path: string): void { this.list.push(`${path}: Required value`); }
  invalid(path: string, value: unknown, detail: string): void { this.list.push(invalidFieldError(path, value, detail)); }
  unsupported(path: string, value: unknown, valid: readonly string[]): void { this.list.push(notSupportedFieldError(path, value, valid)); }

  /** Strict decoding: fields outside `known` are refused. */
  fields(path: string, v: Obj, known: readonly string[]): void {
    for (const k of Object.keys(v)) if (!known.includes(k)) this.list.push(`${path ? `${path}.` : ''}${k}: Unsupported field: known fields are ${known.join(', ')}`);
  }

  object(path: string, v: unknown, required = true): v is Obj {
    if (v === undefined) { if (required) this.required(path); return false; }
    if (!isObj(v)) { this.invalid(path, typeof v === 'string' ? v : formatBadValue(v), 'must be an object'); return false; }
    return true;
  }

  array(path: string, v: unknown, required = false): v is unknown[] {
    if (v === undefined) { if (required) this.required(path); return false; }
    if (!Array.isArray(v)) { this.invalid(path, formatBadValue(v), 'must be a list'); return false; }
    return true;
  }

  string(path: string, v: unknown, required = true): v is string {
    if (v === undefined || v === '') { if (required) this.required(path); return false; }
    if (typeof v !== 'string') { this.invalid(path, v, 'must be a string'); return false; }
    return true;
  }

  integer(path: string, v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): void {
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isInteger(v)) this.invalid(path, v, 'must be an integer');
    else if (v < min || v > max) this.invalid(path, v, `must be between ${min} and ${max}, inclusive`);
  }

  text(path: string, v: unknown): void {
    if (!this.object(path, v)) return;
    this.fields(path, v, ['en', 'zh']);
    this.string(`${path}.en`, v.en);
    this.string(`${path}.zh`, v.zh);
  }

  duration(path: string, v: unknown, required = true): void {
    if (!this.string(path, v, required)) return;
    try { parseDuration(v); } catch { this.invalid(path, v, 'must be a duration such as 30s, 5m or 1h30m'); }
  }

  command(path: string, v: unknown): void {
    if (!this.object(path, v)) return;
    this.fields(path, v, path.includes('timeline') ? ['at', 'run', 'stdin'] : ['run', 'stdin']);
    if (this.string(`${path}.run`, v.run)) {
      const program = v.run.trim().split(/\s+/)[0];
      if (!PROGRAMS.includes(program)) this.invalid(`${path}.run`, v.run, COMMANDS_HINT);
    }
    this.string(`${path}.stdin`, v.stdin, false);
  }

  quantity(path: string, v: unknown): void {
    if (v === undefined) return;
    try { parseQuantity(String(v)); } catch (e) { this.invalid(path, v, e instanceof QuantityError ? e.message : 'must be a quantity'); }
  }

  selector(path: string, v: unknown, required = true): void {
    if (!this.string(path, v, required)) return;
    try { parseSelector(v); } catch (e) { this.invalid(path, v, (e as Error).message); }
  }
}

/** Checks a migrated document; returns it typed, or throws ScenarioError listing every problem. */
export function validateScenario(doc: unknown): Scenario {
  const e = new Errors();
  if (!e.object('', doc)) throw new ScenarioError(['the document must be a YAML mapping (apiVersion, kind, metadata, spec)']);
  e.fields('', doc, ['apiVersion', 'kind', 'metadata', 'spec']);
  if (doc.apiVersion !== SCENARIO_API_VERSION) e.unsupported('apiVersion', doc.apiVersion ?? '', [SCENARIO_API_VERSION]);
  if (doc.kind !== SCENARIO_KIND) e.unsupported('kind', doc.kind ?? '', [SCENARIO_KIND]);
  let name = '';
  if (e.object('metadata', doc.metadata)) {
    const md = doc.metadata;
    e.fields('metadata', md, ['name', 'concept', 'order']);
    if (e.string('metadata.name', md.name)) {
      name = md.name;
      for (const msg of isDNS1123Label(md.name)) e.invalid('metadata.name', md.name, msg);
    }
    e.string('metadata.concept', md.concept, false);
    e.integer('metadata.order', md.order, 0);
  }
  if (e.object('spec', doc.spec)) {
    // Placeholders are checked in every value they can take: each variable's values in turn, the others at
    // their first value (the default variant).
    for (const values of variantsToCheck(doc.spec.variables)) {
      const errors: string[] = [];
      const spec = substitute(doc.spec, values, 'spec', errors) as Obj;
      e.list.push(...errors);
      validateSpec(e, spec);
      if (errors.length) break;
    }
  }
  if (e.list.length) throw new ScenarioError([...new Set(e.list)], name);
  return doc as unknown as Scenario;
}

function variantsToCheck(vars: unknown): Record<string, string>[] {
  if (!isObj(vars)) return [{}];
  const lists = Object.entries(vars).filter((x): x is [string, string[]] => Array.isArray(x[1]) && x[1].length > 0 && x[1].every((v) => typeof v === 'string'));
  const first = Object.fromEntries(lists.map(([k, v]) => [k, v[0]]));
  return [first, ...lists.flatMap(([k, values]) => values.slice(1).map((v) => ({ ...first, [k]: v })))];
}

function validateSpec(e: Errors, spec: Obj): void {
  e.fields('spec', spec, ['title', 'description', 'seed', 'variables', 'cluster', 'manifests', 'documents', 'timeline', 'traffic', 'exercise']);
  e.text('spec.title', spec.title);
  e.text('spec.description', spec.description);
  if (spec.seed === undefined) e.required('spec.seed');
  e.integer('spec.seed', spec.seed, 0, 0xffffffff);
  if (e.object('spec.variables', spec.variables, false)) {
    for (const [k, values] of Object.entries(spec.variables)) {
      const path = `spec.variables.${k}`;
      if (!VARIABLE.test(k)) e.invalid(path, k, 'a variable name is a letter followed by letters, digits or _');
      if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'string' || v === '')) e.invalid(path, formatBadValue(values), 'must be a non-empty list of non-empty strings');
    }
  }
  if (e.object('spec.cluster', spec.cluster)) validateCluster(e, spec.cluster);
  if (e.array('spec.manifests', spec.manifests)) {
    spec.manifests.forEach((m, i) => {
      const path = `spec.manifests[${i}]`;
      if (!e.object(path, m)) return;
      e.string(`${path}.apiVersion`, m.apiVersion);
      e.string(`${path}.kind`, m.kind);
      if (e.object(`${path}.metadata`, m.metadata)) e.string(`${path}.metadata.name`, m.metadata.name);
    });
  }
  if (e.array('spec.documents', spec.documents)) {
    const seen = new Set<string>();
    spec.documents.forEach((d, i) => {
      const path = `spec.documents[${i}]`;
      if (!e.object(path, d)) return;
      e.fields(path, d, ['name', 'text']);
      if (e.string(`${path}.name`, d.name)) {
        if (seen.has(d.name)) e.invalid(`${path}.name`, d.name, 'a document of this name is already listed');
        seen.add(d.name);
      }
      e.string(`${path}.text`, d.text);
    });
  }
  if (e.array('spec.timeline', spec.timeline)) {
    spec.timeline.forEach((t, i) => {
      const path = `spec.timeline[${i}]`;
      e.command(path, t);
      if (!isObj(t)) return;
      e.duration(`${path}.at`, t.at);
      // A timeline command runs inside the clock: it cannot move the clock itself.
      if (typeof t.run === 'string' && /^sim\s+advance\b/.test(t.run.trim())) e.invalid(`${path}.run`, t.run, 'a timeline entry cannot advance time: give the next entry a later "at"');
    });
  }
  if (e.array('spec.traffic', spec.traffic)) {
    spec.traffic.forEach((t, i) => {
      const path = `spec.traffic[${i}]`;
      if (!e.object(path, t)) return;
      e.fields(path, t, ['name', 'url', 'rps', 'from', 'namespace']);
      if (e.string(`${path}.name`, t.name)) for (const msg of isDNS1123Label(t.name)) e.invalid(`${path}.name`, t.name, msg);
      if (e.string(`${path}.url`, t.url) && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(t.url)) e.invalid(`${path}.url`, t.url, 'must be an http:// or https:// URL');
      if (t.rps !== undefined && (typeof t.rps !== 'number' || !(t.rps > 0))) e.invalid(`${path}.rps`, t.rps, 'must be a number of requests per second greater than 0');
      e.string(`${path}.from`, t.from, false);
      e.string(`${path}.namespace`, t.namespace, false);
    });
  }
  if (e.object('spec.exercise', spec.exercise, false)) validateExercise(e, spec.exercise);
}

function validateCluster(e: Errors, c: Obj): void {
  e.fields('spec.cluster', c, ['nodes', 'nodeGroups', 'cni', 'clusterCIDR', 'nodeCIDRMaskSize', 'scheduler', 'operators', 'featureGates']);
  if (e.object('spec.cluster.featureGates', c.featureGates, false)) {
    for (const [k, v] of Object.entries(c.featureGates)) {
      if (!KNOWN_FEATURES[k]) e.invalid(`spec.cluster.featureGates[${k}]`, k, 'unrecognized feature gate');
      else if (typeof v !== 'boolean') e.invalid(`spec.cluster.featureGates[${k}]`, v, 'must be true or false');
    }
  }
  const seen = new Set<string>();
  if (e.array('spec.cluster.nodes', c.nodes, true)) {
    c.nodes.forEach((n, i) => {
      const path = `spec.cluster.nodes[${i}]`;
      if (!e.object(path, n)) return;
      e.fields(path, n, ['name', 'count', 'cpu', 'memory', 'pods', 'gpus', 'gpuModel', 'gpuDriver', 'labels', 'taints']);
      if (e.string(`${path}.name`, n.name)) {
        for (const msg of isDNS1123Subdomain(n.name)) e.invalid(`${path}.name`, n.name, msg);
        if (seen.has(n.name)) e.list.push(`${path}.name: Duplicate value: ${formatBadValue(n.name)}`);
        seen.add(n.name);
      }
      e.integer(`${path}.count`, n.count, 1, 500);
      validateMachine(e, path, n);
    });
  }
  if (e.array('spec.cluster.nodeGroups', c.nodeGroups)) {
    c.nodeGroups.forEach((g, i) => {
      const path = `spec.cluster.nodeGroups[${i}]`;
      if (!e.object(path, g)) return;
      e.fields(path, g, ['name', 'min', 'max', 'size', 'provisionTime', 'cpu', 'memory', 'pods', 'gpus', 'gpuModel', 'gpuDriver', 'labels', 'taints']);
      if (e.string(`${path}.name`, g.name)) {
        for (const msg of isDNS1123Label(g.name)) e.invalid(`${path}.name`, g.name, msg);
        if (seen.has(g.name)) e.list.push(`${path}.name: Duplicate value: ${formatBadValue(g.name)}`);
        seen.add(g.name);
      }
      e.integer(`${path}.min`, g.min, 0, 500);
      if (g.max === undefined) e.list.push(`${path}.max: Required value`);
      e.integer(`${path}.max`, g.max, 1, 500);
      e.integer(`${path}.size`, g.size, 0, 500);
      if (g.provisionTime !== undefined && e.string(`${path}.provisionTime`, g.provisionTime)) {
        try { parseDuration(g.provisionTime); } catch { e.invalid(`${path}.provisionTime`, g.provisionTime, 'must be a duration such as 30s or 2m'); }
      }
      validateMachine(e, path, g);
    });
  }
  if (c.cni !== undefined && !(CNI_PLUGINS as readonly unknown[]).includes(c.cni)) e.unsupported('spec.cluster.cni', c.cni, CNI_PLUGINS);
  validatePodCIDRs(e, c);
  e.object('spec.cluster.scheduler', c.scheduler, false);
  if (e.array('spec.cluster.operators', c.operators)) c.operators.forEach((o, i) => e.string(`spec.cluster.operators[${i}]`, o));
}

/** A machine's shape, as a node's or a node group's (sim node add's flags). */
function validateMachine(e: Errors, path: string, n: Obj): void {
  e.quantity(`${path}.cpu`, n.cpu);
  e.quantity(`${path}.memory`, n.memory);
  e.integer(`${path}.pods`, n.pods, 1, 10_000);
  e.integer(`${path}.gpus`, n.gpus, 0, 64);
  if (n.gpuModel !== undefined) e.string(`${path}.gpuModel`, n.gpuModel);
  if (n.gpuDriver !== undefined && n.gpuDriver !== 'device-plugin' && n.gpuDriver !== 'dra') e.invalid(`${path}.gpuDriver`, n.gpuDriver, 'must be device-plugin or dra');
  if (e.object(`${path}.labels`, n.labels, false)) {
    for (const [k, v] of Object.entries(n.labels)) if (typeof v !== 'string') e.invalid(`${path}.labels[${k}]`, v, 'must be a string');
  }
  if (e.array(`${path}.taints`, n.taints)) {
    n.taints.forEach((t, j) => { if (typeof t !== 'string' || !TAINT.test(t)) e.invalid(`${path}.taints[${j}]`, t, 'must be key[=value]:Effect with Effect NoSchedule, PreferNoSchedule or NoExecute'); });
  }
}

/** kube-controller-manager's --cluster-cidr and --node-cidr-mask-size (IPv4 only: the simulation has no IPv6). */
function validatePodCIDRs(e: Errors, c: Obj, path = 'spec.cluster.'): void {
  let clusterPrefix = parseCidr(DEFAULT_NODE_IPAM.clusterCIDR).prefix;
  if (e.string(`${path}clusterCIDR`, c.clusterCIDR, false)) {
    try { clusterPrefix = parseCidr(c.clusterCIDR).prefix; } catch { e.invalid(`${path}clusterCIDR`, c.clusterCIDR, 'must be a valid IPv4 CIDR value, (e.g. 10.244.0.0/16)'); return; }
  }
  e.integer(`${path}nodeCIDRMaskSize`, c.nodeCIDRMaskSize, 1, 30);
  const mask = c.nodeCIDRMaskSize ?? DEFAULT_NODE_IPAM.nodeCIDRMaskSize;
  if (typeof mask !== 'number' || !Number.isInteger(mask) || mask < 1 || mask > 30) return;
  // kube-controller-manager's node IPAM refuses to start with this text; the sizes follow it.
  const field = c.nodeCIDRMaskSize === undefined ? `${path}clusterCIDR` : `${path}nodeCIDRMaskSize`;
  if (mask < clusterPrefix) e.invalid(field, c.nodeCIDRMaskSize ?? c.clusterCIDR, `mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family (/${clusterPrefix} > ${mask})`);
}

/** createCluster's clusterCIDR and nodeCIDRMaskSize, checked as a scenario's are (field paths without a prefix). */
export function validateNodeIpam(opts: { clusterCIDR?: unknown; nodeCIDRMaskSize?: unknown }): string[] {
  const e = new Errors();
  validatePodCIDRs(e, opts, '');
  return e.list;
}

function validateExercise(e: Errors, ex: Obj): void {
  e.fields('spec.exercise', ex, ['steps']);
  if (!e.array('spec.exercise.steps', ex.steps, true)) return;
  if (ex.steps.length === 0) e.required('spec.exercise.steps');
  const ids = new Set<string>();
  ex.steps.forEach((s, i) => {
    const path = `spec.exercise.steps[${i}]`;
    if (!e.object(path, s)) return;
    e.fields(path, s, ['id', 'goal', 'hints', 'checks', 'solution']);
    if (e.string(`${path}.id`, s.id)) {
      if (ids.has(s.id)) e.list.push(`${path}.id: Duplicate value: ${formatBadValue(s.id)}`);
      ids.add(s.id);
    }
    e.text(`${path}.goal`, s.goal);
    if (e.array(`${path}.hints`, s.hints, true)) s.hints.forEach((h, j) => e.text(`${path}.hints[${j}]`, h));
    if (e.array(`${path}.checks`, s.checks, true)) {
      if (s.checks.length === 0) e.required(`${path}.checks`);
      s.checks.forEach((c, j) => validateCheck(e, `${path}.checks[${j}]`, c));
    }
    if (e.array(`${path}.solution`, s.solution, true)) {
      if (s.solution.length === 0) e.required(`${path}.solution`);
      s.solution.forEach((c, j) => {
        if (!isObj(c) || !('save' in c)) { e.command(`${path}.solution[${j}]`, c); return; }
        e.fields(`${path}.solution[${j}]`, c, ['save', 'text']);
        e.string(`${path}.solution[${j}].save`, c.save);
        e.string(`${path}.solution[${j}].text`, c.text);
      });
    }
  });
}

function validateCheck(e: Errors, path: string, c: unknown): void {
  if (!e.object(path, c)) return;
  const kinds = Object.keys(c).filter((k) => k !== 'description');
  if (kinds.length !== 1 || !(CHECK_KINDS as readonly string[]).includes(kinds[0])) {
    e.list.push(`${path}: Invalid value: a check has exactly one of ${CHECK_KINDS.join(', ')} (and an optional description)`);
    return;
  }
  if (c.description !== undefined) e.text(`${path}.description`, c.description);
  const kind = kinds[0] as keyof Check & (typeof CHECK_KINDS)[number];
  const p = `${path}.${kind}`;
  const body = c[kind];
  if (kind === 'not') return validateCheck(e, p, body);
  if (!e.object(p, body)) return;
  switch (kind) {
    case 'jsonpath': {
      e.fields(p, body, ['get', 'namespace', 'path', 'equals', 'notEquals', 'contains', 'atLeast', 'atMost']);
      e.string(`${p}.get`, body.get);
      e.string(`${p}.namespace`, body.namespace, false);
      if (e.string(`${p}.path`, body.path)) {
        try { parseJsonPath(body.path); } catch (err) { e.invalid(`${p}.path`, body.path, (err as Error).message); }
      }
      const comparisons = ['equals', 'notEquals', 'contains', 'atLeast', 'atMost'].filter((k) => body[k] !== undefined);
      if (comparisons.length === 0) e.list.push(`${p}: Required value: one of equals, notEquals, contains, atLeast or atMost`);
      for (const k of ['equals', 'notEquals', 'contains']) if (body[k] !== undefined && typeof body[k] !== 'string') e.invalid(`${p}.${k}`, body[k], 'must be a string (quote numbers in YAML)');
      for (const k of ['atLeast', 'atMost']) if (body[k] !== undefined && typeof body[k] !== 'number') e.invalid(`${p}.${k}`, body[k], 'must be a number');
      return;
    }
    case 'podsReady':
    case 'podsOnNodes': {
      e.fields(p, body, kind === 'podsReady' ? ['owner', 'selector', 'namespace', 'count'] : ['owner', 'selector', 'namespace', 'nodeSelector', 'atLeast']);
      if ((body.owner === undefined) === (body.selector === undefined)) e.list.push(`${p}: Invalid value: give exactly one of owner (e.g. deployment/web) or selector (e.g. app=web)`);
      if (body.owner !== undefined && e.string(`${p}.owner`, body.owner) && !/^[a-z.]+\/[a-z0-9.-]+$/.test(body.owner)) e.invalid(`${p}.owner`, body.owner, 'must be KIND/NAME, e.g. deployment/web');
      if (body.selector !== undefined) e.selector(`${p}.selector`, body.selector);
      e.string(`${p}.namespace`, body.namespace, false);
      if (kind === 'podsReady') e.integer(`${p}.count`, body.count, 1);
      else { e.selector(`${p}.nodeSelector`, body.nodeSelector); e.integer(`${p}.atLeast`, body.atLeast, 1); }
      return;
    }
    case 'canI':
      e.fields(p, body, ['user', 'groups', 'verb', 'resource', 'namespace', 'allowed']);
      for (const f of ['user', 'verb', 'resource']) e.string(`${p}.${f}`, body[f]);
      if (body.groups !== undefined && (!Array.isArray(body.groups) || body.groups.some((g: unknown) => typeof g !== 'string' || !g))) e.invalid(`${p}.groups`, body.groups, 'must be a list of group names');
      e.string(`${p}.namespace`, body.namespace, false);
      if (body.allowed !== undefined && typeof body.allowed !== 'boolean') e.invalid(`${p}.allowed`, body.allowed, 'must be a boolean');
      return;
    case 'traffic':
      e.fields(p, body, ['name', 'maxErrorPercent']);
      e.string(`${p}.name`, body.name);
      if (typeof body.maxErrorPercent !== 'number' || body.maxErrorPercent < 0 || body.maxErrorPercent > 100) e.invalid(`${p}.maxErrorPercent`, body.maxErrorPercent ?? null, 'must be a percentage between 0 and 100');
      return;
    case 'event':
    case 'noEvent':
      e.fields(p, body, ['reason', 'object', 'namespace', 'within', 'atLeast']);
      e.string(`${p}.reason`, body.reason);
      e.string(`${p}.object`, body.object, false);
      e.string(`${p}.namespace`, body.namespace, false);
      e.duration(`${p}.within`, body.within, false);
      e.integer(`${p}.atLeast`, body.atLeast, 1);
  }
}
