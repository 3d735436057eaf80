// kubectl create role | clusterrole | rolebinding | clusterrolebinding (create_role.go, create_clusterrole.go,
// create_rolebinding.go, create_clusterrolebinding.go): rules from --verb/--resource/--resource-name, one rule per
// API group; bindings from --role/--clusterrole and --user/--group/--serviceaccount.
import type { PolicyRule, Subject } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../../api/object.ts';
import { CommandError } from '../../context.ts';
import { flag, type ParsedArgs } from '../../flags.ts';
import type { CreateInput, Generator } from './generator.ts';
import { newMeta } from './objects.ts';
import { RBAC_GROUP as RBAC } from '../../../apiserver/rbac/rules.ts';

const API_VERSION = `${RBAC}/v1`;
const RESOURCE_VERBS = ['*', 'get', 'delete', 'list', 'create', 'update', 'patch', 'watch', 'proxy', 'deletecollection', 'use', 'bind', 'escalate', 'impersonate'];
const NON_RESOURCE_VERBS = ['*', 'get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

/** A string-slice flag: repeatable and comma separated. */
const slice = (args: ParsedArgs, name: string): string[] => (args.flags.get(name) ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);

function verbsOf(args: ParsedArgs): string[] {
  const verbs = slice(args, 'verb');
  return verbs.includes('*') ? ['*'] : verbs;
}

/** generateResourcePolicyRules: resources resolved through discovery ("deploy" → deployments in apps), grouped. */
function resourceRules({ ctx, args }: CreateInput, verbs: string[]): PolicyRule[] {
  const byGroup = new Map<string, string[]>();
  for (const r of slice(args, 'resource')) {
    const slash = r.indexOf('/');
    const [typed, sub] = slash < 0 ? [r, ''] : [r.slice(0, slash), r.slice(slash + 1)];
    const dot = typed.indexOf('.');
    let resource = dot < 0 ? typed : typed.slice(0, dot);
    let group = dot < 0 ? '' : typed.slice(dot + 1);
    if (!resource) throw new CommandError('resource must be specified if apiGroup/subresource specified');
    if (resource !== '*') {
      const info = ctx.store.kinds.resolve(typed);
      if (!info) throw new CommandError(`the server doesn't have a resource type "${typed}"`);
      resource = info.plural;
      group = info.group;
    }
    if (sub) resource += `/${sub}`;
    const list = byGroup.get(group) ?? [];
    if (!list.includes(resource)) list.push(resource);
    byGroup.set(group, list);
  }
  const names = slice(args, 'resource-name');
  return [...byGroup.keys()].sort().map((g) => ({ verbs, apiGroups: [g], resources: byGroup.get(g)!, ...(names.length ? { resourceNames: names } : {}) }));
}

function checkVerbs(verbs: string[], allowed: string[]): void {
  if (!verbs.length) throw new CommandError('at least one verb must be specified');
  for (const v of verbs) if (!allowed.includes(v)) throw new CommandError(`invalid verb: '${v}'`);
}

export const roleGenerator: Generator = {
  kind: 'Role',
  build(input) {
    const verbs = verbsOf(input.args);
    checkVerbs(verbs, RESOURCE_VERBS);
    if (!slice(input.args, 'resource').length) throw new CommandError('at least one resource must be specified');
    return { apiVersion: API_VERSION, kind: 'Role', metadata: newMeta(input.name, input.namespace), rules: resourceRules(input, verbs) } as KubeObject;
  },
};

/** --aggregation-rule "k1=v1,k2=v2": one selector matching all the labels. */
function aggregationRule(text: string): { clusterRoleSelectors: { matchLabels: Record<string, string> }[] } {
  const matchLabels: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CommandError(`invalid aggregation rule: ${text}`);
    matchLabels[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { clusterRoleSelectors: [{ matchLabels }] };
}

export const clusterRoleGenerator: Generator = {
  kind: 'ClusterRole',
  build(input) {
    const { args, name } = input;
    const verbs = verbsOf(args);
    const urls = slice(args, 'non-resource-url');
    const resources = slice(args, 'resource');
    const aggregation = flag(args, 'aggregation-rule');
    if (aggregation) {
      if (urls.length || verbs.length || resources.length || slice(args, 'resource-name').length) throw new CommandError('aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames');
      return { apiVersion: API_VERSION, kind: 'ClusterRole', metadata: newMeta(name), aggregationRule: aggregationRule(aggregation), rules: [] } as unknown as KubeObject;
    }
    if (!verbs.length) throw new CommandError('at least one verb must be specified');
    if (!resources.length && !urls.length) throw new CommandError('one of resource or nonResourceURL must be specified');
    if (resources.length) checkVerbs(verbs, RESOURCE_VERBS);
    for (const u of urls) if (!u.startsWith('/')) throw new CommandError(`${u} should start with /`);
    if (urls.length) checkVerbs(verbs, NON_RESOURCE_VERBS);
    const rules = resources.length ? resourceRules(input, verbs) : [];
    if (urls.length) rules.push({ verbs, nonResourceURLs: urls });
    return { apiVersion: API_VERSION, kind: 'ClusterRole', metadata: newMeta(name), rules } as KubeObject;
  },
};

/** --user, --group, then --serviceaccount NAMESPACE:NAME, in that order. */
function subjects(args: ParsedArgs): Subject[] {
  const out: Subject[] = [];
  for (const u of args.flags.get('user') ?? []) out.push({ kind: 'User', apiGroup: RBAC, name: u });
  for (const g of args.flags.get('group') ?? []) out.push({ kind: 'Group', apiGroup: RBAC, name: g });
  for (const sa of args.flags.get('serviceaccount') ?? []) {
    const parts = sa.split(':');
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw new CommandError(`serviceaccount must be <namespace>:<name>`);
    out.push({ kind: 'ServiceAccount', namespace: parts[0], name: parts[1] });
  }
  return out;
}

export const roleBindingGenerator: Generator = {
  kind: 'RoleBinding',
  build({ args, name, namespace }) {
    const role = flag(args, 'role');
    const clusterRole = flag(args, 'clusterrole');
    if (!role === !clusterRole) throw new CommandError('exactly one of clusterrole or role must be specified');
    return {
      apiVersion: API_VERSION, kind: 'RoleBinding', metadata: newMeta(name, namespace),
      roleRef: { apiGroup: RBAC, kind: role ? 'Role' : 'ClusterRole', name: role ?? clusterRole },
      subjects: subjects(args),
    } as KubeObject;
  },
};

export const clusterRoleBindingGenerator: Generator = {
  kind: 'ClusterRoleBinding',
  build({ args, name }) {
    const clusterRole = flag(args, 'clusterrole');
    if (!clusterRole) throw new CommandError('clusterrole must be specified');
    return {
      apiVersion: API_VERSION, kind: 'ClusterRoleBinding', metadata: newMeta(name),
      roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: clusterRole },
      subjects: subjects(args),
    } as KubeObject;
  },
};
