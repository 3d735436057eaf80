// How argocd 2.13 prints an application: app get's summary block ("%-20s%s"), its conditions and resource tables,
// app list's table, app history's table, an operation's result, and the TIMESTAMP lines app sync prints while
// it waits (tabwriter with padding 2, as the CLI's).
import { tabwrite } from '../kubectl/printers/tabwriter.ts';
import { resourceKey, type Application, type OperationState } from '../operators/argocd/types.ts';

export const CLI_TABWRITER = { minWidth: 0, padding: 2 };
/** The address of the API server argocd --core runs for itself on the workstation. */
export const SERVER_URL = 'https://localhost:8080';

const field = (label: string, value: string) => `${label.padEnd(20)}${value}`;
const table = (rows: string[], opts = CLI_TABWRITER) => tabwrite(rows.join('\n') + '\n', opts).replace(/\n$/, '');
/** metav1.Time's String(): Go's time.Time format. */
export const goTime = (rfc3339: string | undefined) => (rfc3339 ? `${rfc3339.replace('T', ' ').replace('Z', '')} +0000 UTC` : '<nil>');

export const qualifiedName = (app: Application) => `${app.metadata.namespace}/${app.metadata.name}`;
const server = (app: Application) => app.spec.destination.server || app.spec.destination.name || '';

export function summary(app: Application): string[] {
  const src = app.spec.source;
  const target = src.targetRevision ?? '';
  const out = [
    field('Name:', qualifiedName(app)), field('Project:', app.spec.project || 'default'), field('Server:', server(app)),
    field('Namespace:', app.spec.destination.namespace ?? ''), field('URL:', `${SERVER_URL}/applications/${app.metadata.name}`),
    'Source:', field('- Repo:', src.repoURL), field('  Target:', target),
  ];
  if (src.path) out.push(field('  Path:', src.path));
  if (src.helm?.valueFiles?.length) out.push(field('  Helm Values:', src.helm.valueFiles.join(',')));
  if (src.kustomize?.namePrefix) out.push(field('  Name Prefix:', src.kustomize.namePrefix));
  out.push(field('SyncWindow:', 'Sync Allowed'));
  const auto = app.spec.syncPolicy?.automated;
  out.push(field('Sync Policy:', auto ? `Automated${auto.prune ? ' (Prune)' : ''}` : 'Manual'));
  const s = app.status?.sync;
  let sync = s?.status ?? '';
  if (s?.status === 'Synced') sync += ` to ${target}`;
  if (s?.status === 'OutOfSync') sync += ` from ${target}`;
  if (!/^[0-9a-f]{7,40}$/.test(target) && (s?.revision?.length ?? 0) > 7) sync += ` (${s!.revision!.slice(0, 7)})`;
  out.push(field('Sync Status:', sync));
  const h = app.status?.health;
  out.push(field('Health Status:', h?.message ? `${h.status} (${h.message})` : h?.status ?? ''));
  return out;
}

export function conditionsTable(app: Application): string {
  return table(['CONDITION\tMESSAGE\tLAST TRANSITION', ...(app.status?.conditions ?? []).map((c) => `${c.type}\t${c.message}\t${goTime(c.lastTransitionTime)}`)]);
}

export interface ResourceState { group: string; kind: string; namespace: string; name: string; status: string; health: string; hook: string; message: string }

/** getResourceStates: the last operation's results first (with the current sync and health), then the others by key. */
export function resourceStates(app: Application): ResourceState[] {
  const byKey = new Map((app.status?.resources ?? []).map((r) => [resourceKey(r), r]));
  const out: ResourceState[] = [];
  for (const res of app.status?.operationState?.syncResult?.resources ?? []) {
    const key = resourceKey(res);
    const cur = byKey.get(key);
    out.push({ group: res.group, kind: res.kind, namespace: res.namespace, name: res.name, status: cur ? cur.status : res.hookPhase, health: cur ? cur.health?.status ?? '' : res.status, hook: '', message: res.message });
    byKey.delete(key);
  }
  for (const key of [...byKey.keys()].sort()) {
    const r = byKey.get(key)!;
    out.push({ group: r.group ?? '', kind: r.kind, namespace: r.namespace ?? '', name: r.name, status: r.status, health: r.health?.status ?? '', hook: '', message: '' });
  }
  return out;
}

export function resourcesTable(app: Application): string {
  return table(['GROUP\tKIND\tNAMESPACE\tNAME\tSTATUS\tHEALTH\tHOOK\tMESSAGE', ...resourceStates(app).map((r) => `${r.group}\t${r.kind}\t${r.namespace}\t${r.name}\t${r.status}\t${r.health}\t${r.hook}\t${r.message}`)]);
}

/** The wait's progress lines: waitFormatString's right-aligned fields, through a tabwriter of min width 5 (one flush). */
export function waitLines(states: readonly ResourceState[], nowRfc3339: string, header: boolean): string {
  const stamp = nowRfc3339.replace('Z', '+00:00');
  const row = (c: string[]) => `${c[0]}\t${c[1].padStart(5)}\t${c[2].padStart(10)}\t${c[3].padStart(10)}\t${c[4].padStart(20)}\t${c[5].padStart(8)}\t${c[6].padStart(7)}\t${c[7].padStart(10)}\t${c[8]}`;
  return table([...(header ? [row(['TIMESTAMP', 'GROUP', 'KIND', 'NAMESPACE', 'NAME', 'STATUS', 'HEALTH', 'HOOK', 'MESSAGE'])] : []),
    ...states.map((r) => row([stamp, r.group, r.kind, r.namespace, r.name, r.status, r.health, r.hook, r.message]))], { minWidth: 5, padding: 2 });
}

export function operationResult(op: OperationState): string[] {
  const out: string[] = [];
  if (op.syncResult) out.push(field('Operation:', 'Sync'), field('Sync Revision:', op.syncResult.revision));
  const secs = op.finishedAt ? Math.round((Date.parse(op.finishedAt) - Date.parse(op.startedAt)) / 1000) : 0;
  out.push(field('Phase:', op.phase), field('Start:', goTime(op.startedAt)), field('Finished:', goTime(op.finishedAt)), field('Duration:', `${secs}s`));
  if (op.message) out.push(field('Message:', op.message));
  return out;
}

function conditionsSummary(app: Application): string {
  const counts = new Map<string, number>();
  for (const c of app.status?.conditions ?? []) counts.set(c.type, (counts.get(c.type) ?? 0) + 1);
  const items = [...counts].map(([t, n]) => (n > 1 ? `${t}(${n})` : t));
  return items.length ? items.join(',') : '<none>';
}

export function listTable(apps: Application[], wide: boolean): string {
  const head = ['NAME', 'CLUSTER', 'NAMESPACE', 'PROJECT', 'STATUS', 'HEALTH', 'SYNCPOLICY', 'CONDITIONS', ...(wide ? ['REPO', 'PATH', 'TARGET'] : [])];
  const rows = apps.map((a) => {
    const auto = a.spec.syncPolicy?.automated;
    const cells = [qualifiedName(a), server(a), a.spec.destination.namespace ?? '', a.spec.project || 'default', a.status?.sync?.status ?? '', a.status?.health?.status ?? '', auto ? `Auto${auto.prune ? '-Prune' : ''}` : 'Manual', conditionsSummary(a)];
    if (wide) cells.push(a.spec.source.repoURL, a.spec.source.path ?? '', a.spec.source.targetRevision ?? '');
    return cells.join('\t');
  });
  return table([head.join('\t'), ...rows]);
}

export function historyTable(app: Application): string {
  const history = app.status?.history ?? [];
  if (!history.length) return '';
  const repos = [...new Set(history.map((h) => h.source.repoURL))];
  const blocks = repos.map((repo) => [`SOURCE\t${repo}`, 'ID\tDATE\tREVISION', ...history.filter((h) => h.source.repoURL === repo).map((h) => {
    const rev = h.revision.length >= 7 ? `${h.source.targetRevision ?? ''} (${h.revision.slice(0, 7)})` : h.source.targetRevision ?? '';
    return `${h.id}\t${goTime(h.deployedAt)}\t${rev}`;
  })].join('\n'));
  return table(blocks.join('\n\n').split('\n'));
}
