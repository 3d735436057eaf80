// kubectl auth can-i (a SelfSubjectAccessReview, or with --list a SelfSubjectRulesReview) and kubectl auth whoami
// (a SelfSubjectReview): questions about the request's own user that every authenticated user may ask; and
// kubectl auth reconcile (reconcile.ts).
import type { PolicyRule } from 'kubernetes-types/rbac/v1';
import { authorize, rulesFor } from '../../apiserver/rbac/authorizer.ts';
import type { RequestAttributes } from '../../apiserver/rbac/rules.ts';
import { policyRuleRows } from '../printers/policyrules.ts';
import { goList } from '../../api/validation.ts';
import { CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { requestUserOf } from '../identity.ts';
import { namespaceOf } from '../namespace.ts';
import { reconcileCommand } from './reconcile.ts';
import { tabwrite, TABLE_TABWRITER } from '../printers/tabwriter.ts';

/** cani.go's known verbs (a warning, not an error, for others). */
const RESOURCE_VERBS = new Set(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest']);
const NON_RESOURCE_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);
/** Resources the server accepts that discovery does not list (the impersonate verb's). */
const NON_STANDARD = new Set(['users', 'groups']);

export function authCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const [sub, ...rest] = args.positional;
  if (sub === 'can-i') return canI(ctx, args, rest);
  if (sub === 'whoami') return whoami(ctx, rest);
  if (sub === 'reconcile') return reconcileCommand(ctx, args, rest);
  if (sub === undefined) {
    ctx.out.push('Inspect authorization\n\nAvailable Commands:\n  can-i         Check whether an action is allowed\n  reconcile     Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects\n  whoami        Experimental: Check self subject attributes\n\nUsage:\n  kubectl auth [flags] [options]');
    return 0;
  }
  throw new CommandError(`unknown command "${sub}" for "kubectl auth"`);
}

/** The namespace asked about: -n, else the kubeconfig context's; every namespace ('') with -A. */
function askedNamespace(ctx: KubectlContext, args: ParsedArgs): string {
  return boolFlag(args, 'all-namespaces') ? '' : namespaceOf(ctx, args);
}

function canI(ctx: KubectlContext, args: ParsedArgs, rest: string[]): number {
  const user = requestUserOf(ctx);
  const store = ctx.apiserver ?? ctx.store;
  const warn = (text: string) => ctx.err.push(`Warning: ${text}`);
  if (boolFlag(args, 'list')) {
    if (rest.length) throw new CommandError('list option must be specified with no arguments');
    if (boolFlag(args, 'quiet') || boolFlag(args, 'all-namespaces') || flag(args, 'subresource')) throw new CommandError("list option can't be specified with neither quiet, all-namespaces nor subresource options");
    // Only RBAC resolves rules: members of system:masters (or kubeadm:cluster-admins) see what cluster-admin's bindings grant them.
    printRules(ctx, rulesFor(store, user, askedNamespace(ctx, args)), !boolFlag(args, 'no-headers'));
    return 0;
  }
  if (rest.length !== 2) throw new CommandError("you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.");
  if (boolFlag(args, 'no-headers')) throw new CommandError('--no-headers cannot be set without --list specified');
  const [verb, target] = rest;
  const subresource = flag(args, 'subresource');
  let attrs: RequestAttributes;
  if (target.startsWith('/')) {
    if (subresource) throw new CommandError('--subresource can not be used with NonResourceURL');
    if (!NON_RESOURCE_VERBS.has(verb)) warn(`verb '${verb}' is not a known verb`);
    attrs = { verb, path: target };
  } else {
    const slash = target.indexOf('/');
    const typed = (slash < 0 ? target : target.slice(0, slash)).toLowerCase();
    const name = slash < 0 ? '' : target.slice(slash + 1);
    let resource = typed;
    let group = '';
    let namespaced = true;
    const info = typed === '*' ? undefined : store.kinds.resolve(typed);
    if (info) {
      resource = info.plural;
      group = info.group;
      namespaced = info.namespaced;
    } else if (typed !== '*') {
      // An unknown "foos.example.com" keeps its group; kubectl asks about it anyway.
      const dot = typed.indexOf('.');
      if (dot > 0) { resource = typed.slice(0, dot); group = typed.slice(dot + 1); }
      if (!NON_STANDARD.has(typed)) warn(group ? `the server doesn't have a resource type '${resource}' in group '${group}'` : `the server doesn't have a resource type '${resource}'`);
    }
    const all = boolFlag(args, 'all-namespaces');
    if (info && !namespaced && !all) warn(group ? `resource '${resource}' is not namespace scoped in group '${group}'` : `resource '${resource}' is not namespace scoped`);
    if (!RESOURCE_VERBS.has(verb)) warn(`verb '${verb}' is not a known verb`);
    // kubectl sends its namespace whatever the resource's scope; the authorizer sees it as the API server would.
    attrs = { verb, apiGroup: group, resource, subresource, name, namespace: askedNamespace(ctx, args) || undefined };
  }
  const allowed = authorize(store, user, attrs);
  if (!boolFlag(args, 'quiet')) ctx.out.push(allowed ? 'yes' : 'no');
  return allowed ? 0 : 1;
}

/** printStatus: the rules as kubectl shows them, under its header unless --no-headers. */
function printRules(ctx: KubectlContext, rules: PolicyRule[], headers: boolean): void {
  const lines = headers ? ['Resources\tNon-Resource URLs\tResource Names\tVerbs'] : [];
  for (const row of policyRuleRows(rules)) lines.push(row.join('\t'));
  ctx.out.push(tabwrite(lines.join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
}

function whoami(ctx: KubectlContext, rest: string[]): number {
  if (rest.length) throw new CommandError(`unknown command "${rest[0]}" for "kubectl auth whoami"`);
  const user = requestUserOf(ctx);
  const lines = ['ATTRIBUTE\tVALUE', `Username\t${user.name}`];
  if (user.uid) lines.push(`UID\t${user.uid}`);
  if (user.groups.length) lines.push(`Groups\t${goList(user.groups)}`);
  // Extra: KEY rows in key order, each with its values as Go prints a []string.
  for (const key of Object.keys(user.extra ?? {}).sort()) lines.push(`Extra: ${key}\t${goList(user.extra![key])}`);
  ctx.out.push(tabwrite(lines.join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
  return 0;
}
