// kubectl auth reconcile -f FILE [--remove-extra-permissions] [--remove-extra-subjects] [--dry-run]: makes the
// cluster's Roles, ClusterRoles and their bindings cover the file's (apiserver/rbac/reconciliation.ts), creating
// what is missing (with a Role's namespace) and never removing unless asked. Other kinds in the file are skipped.
import type { Namespace } from 'kubernetes-types/core/v1';
import type { PolicyRule, Subject } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../api/object.ts';
import { goList } from '../../api/validation.ts';
import { bindingToCreate, defaultSubject, reconcileBinding, reconcileRole, roleToCreate, type BindingResult, type ReconcileOperation, type RoleResult } from '../../apiserver/rbac/reconciliation.ts';
import { hasFilenames, readFilenames } from '../filenames.ts';
import { CommandError, resourceName, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { parseManifests } from '../manifests.ts';
import { commandNamespace } from '../namespace.ts';
import { dryRunMode } from './apply.ts';
import { fileObject } from './fileobject.ts';

/** Go's %+v of an rbacv1.PolicyRule. */
const ruleText = (r: PolicyRule) => `{Verbs:${goList(r.verbs)} APIGroups:${goList(r.apiGroups)} Resources:${goList(r.resources)} ResourceNames:${goList(r.resourceNames)} NonResourceURLs:${goList(r.nonResourceURLs)}}`;
/** Go's %+v of an rbacv1.Subject. */
const subjectText = (s: Subject) => `{Kind:${s.kind} APIGroup:${s.apiGroup ?? ''} Name:${s.name} Namespace:${s.namespace ?? ''}}`;

export function reconcileCommand(ctx: KubectlContext, args: ParsedArgs, rest: string[]): number {
  if (rest.length) throw new CommandError(`unknown command "${rest[0]}" for "kubectl auth reconcile"`);
  if (!hasFilenames(args)) throw new CommandError('must specify one of -f and -k');
  const dryRun = dryRunMode(flag(args, 'dry-run')) !== '';
  const removePermissions = boolFlag(args, 'remove-extra-permissions');
  const removeSubjects = boolFlag(args, 'remove-extra-subjects');
  const ns = commandNamespace(ctx, args);
  // The resource builder reads every document before the first request.
  const objects: { obj: KubeObject; name: string; printed: string }[] = [];
  for (const { text, source } of readFilenames(ctx, args)) {
    for (const m of parseManifests(text, source)) {
      if (!m.error && !m.object) continue;
      const read = fileObject(ctx, m, source, ns);
      if ('error' in read) throw new CommandError(read.error.replace(/^error: /, ''));
      objects.push({ obj: read.obj, name: read.name, printed: resourceName(read.info, read.name) });
    }
  }
  for (const { obj, printed } of objects) {
    const kind = obj.kind;
    if (kind === 'Role' || kind === 'ClusterRole') {
      const result = reconcileOneRole(ctx, obj, removePermissions, dryRun);
      report(ctx, printed, dryRun, result.operation, result.protected);
      details(ctx, 'missing rules added', result.missingRules.map(ruleText));
      if (removePermissions) details(ctx, 'extra rules removed', result.extraRules.map(ruleText));
    } else if (kind === 'RoleBinding' || kind === 'ClusterRoleBinding') {
      const result = reconcileOneBinding(ctx, obj, removeSubjects, dryRun);
      report(ctx, printed, dryRun, result.operation, result.protected);
      details(ctx, 'missing subjects added', result.missingSubjects.map(subjectText));
      if (removeSubjects) details(ctx, 'extra subjects removed', result.extraSubjects.map(subjectText));
    }
  }
  return 0;
}

function report(ctx: KubectlContext, printed: string, dryRun: boolean, operation: ReconcileOperation, isProtected: boolean): void {
  ctx.out.push(`${printed} reconciled${dryRun ? ' (dry run)' : ''}`);
  if (operation === 'none') return;
  ctx.err.push(`\treconciliation required ${operation}${isProtected ? ', but object opted out (rbac.authorization.kubernetes.io/autoupdate: false)' : ''}`);
}

function details(ctx: KubectlContext, title: string, lines: string[]): void {
  if (lines.length) ctx.err.push(`\t${title}:`, ...lines.map((l) => `\t\t${l}`));
}

function reconcileOneRole(ctx: KubectlContext, expected: KubeObject, removeExtra: boolean, dryRun: boolean): RoleResult {
  const existing = ctx.store.tryGet(expected.kind, expected.metadata.namespace, expected.metadata.name!);
  const result = existing ? reconcileRole(existing, expected, removeExtra) : roleToCreate(expected);
  if (!result.protected && !dryRun) write(ctx, result.operation, result.role);
  return result;
}

function reconcileOneBinding(ctx: KubectlContext, expected: KubeObject, removeExtra: boolean, dryRun: boolean): BindingResult {
  const binding = expected as KubeObject & { subjects?: Subject[]; roleRef: { apiGroup: string; kind: string; name: string } };
  // Compared as the API server keeps them: a User subject's apiGroup is defaulted.
  if (binding.subjects) binding.subjects = binding.subjects.map(defaultSubject);
  const existing = ctx.store.tryGet(expected.kind, expected.metadata.namespace, expected.metadata.name!);
  const result = existing ? reconcileBinding(existing as typeof binding, binding, removeExtra) : bindingToCreate(binding);
  if (!result.protected && !dryRun) write(ctx, result.operation, result.binding);
  return result;
}

/** RoleModifier / RoleBindingModifier: create (with the namespace), update, or delete and create. */
function write(ctx: KubectlContext, operation: ReconcileOperation, obj: KubeObject): void {
  if (operation === 'none') return;
  if (operation === 'update') {
    ctx.store.update(obj);
    return;
  }
  if (operation === 'recreate') ctx.store.delete(obj.kind, obj.metadata.namespace, obj.metadata.name!);
  const namespace = obj.metadata.namespace;
  if (namespace && !ctx.store.tryGet('Namespace', undefined, namespace)) {
    ctx.store.create<Namespace & KubeObject>({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } as Namespace & KubeObject);
  }
  // A recreated binding is the expected one as read from the file: nothing of the deleted one's metadata.
  ctx.store.create(obj);
}
