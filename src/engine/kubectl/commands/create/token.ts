// kubectl create token SERVICE_ACCOUNT_NAME [--duration D] [--audience A]… [--bound-object-kind K --bound-object-name N
// [--bound-object-uid U]] (create_token.go): a TokenRequest on serviceaccounts/NAME/token; prints the token, or with
// -o the TokenRequest the API server answered.
import type { TokenRequest } from 'kubernetes-types/authentication/v1';
import type { KindInfo } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import { StatusError } from '../../../apiserver/errors.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import { flag, type ParsedArgs } from '../../flags.ts';
import { namespaceOf } from '../../namespace.ts';
import { parseGoDuration } from '../../../api/cron/parser.ts';
import { outputFormat, printResult } from '../printresult.ts';
import { usageError } from '../usage.ts';

/** boundObjectKinds: the kinds a token may be bound to, with their apiVersion (sorted as kubectl lists them). */
const BOUND_OBJECT_KINDS: Record<string, string> = { Node: 'v1', Pod: 'v1', Secret: 'v1' };
const TOKEN_REQUEST: KindInfo = { kind: 'TokenRequest', group: 'authentication.k8s.io', version: 'v1', plural: 'tokenrequests', singular: 'tokenrequest', shortNames: [], namespaced: true, hasStatus: false };

export function createTokenCommand(ctx: KubectlContext, args: ParsedArgs, names: string[]): number {
  // NameFromCommandArgs, then Validate's checks in its order.
  if (names.length !== 1) throw usageError('create token', `exactly one NAME is required, got ${names.length}`);
  const name = names[0];
  const namespace = namespaceOf(ctx, args);
  const durationText = flag(args, 'duration');
  let durationMs = 0;
  try {
    // time.ParseDuration, which takes a sign (pflag's DurationVar).
    if (durationText !== undefined) durationMs = parseGoDuration(durationText);
  } catch (e) {
    throw new CommandError(`invalid argument "${durationText}" for "--duration" flag: ${(e as Error).message}`);
  }
  if (durationMs < 0) throw new CommandError('--duration must be greater than or equal to 0');
  if (durationMs % 1000 !== 0) throw new CommandError('--duration cannot be expressed in units less than seconds');
  const audiences = args.flags.get('audience') ?? [];
  if (audiences.some((a) => a === '')) throw new CommandError('--audience must not be an empty string');
  const kind = flag(args, 'bound-object-kind') ?? '';
  const boundName = flag(args, 'bound-object-name') ?? '';
  const boundUID = flag(args, 'bound-object-uid') ?? '';
  if (!kind) {
    if (boundName) throw new CommandError('--bound-object-name can only be set if --bound-object-kind is provided');
    if (boundUID) throw new CommandError('--bound-object-uid can only be set if --bound-object-kind is provided');
  } else {
    if (!Object.hasOwn(BOUND_OBJECT_KINDS, kind)) throw new CommandError(`supported --bound-object-kind values are ${Object.keys(BOUND_OBJECT_KINDS).join(', ')}`);
    if (!boundName) throw new CommandError('--bound-object-name is required if --bound-object-kind is provided');
  }
  const request: TokenRequest = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { audiences } };
  if (durationMs > 0) request.spec.expirationSeconds = durationMs / 1000;
  if (kind) request.spec.boundObjectRef = { kind, apiVersion: BOUND_OBJECT_KINDS[kind], name: boundName, ...(boundUID ? { uid: boundUID } : {}) };
  let response: TokenRequest;
  try {
    response = ctx.store.createToken(namespace, name, request);
  } catch (e) {
    if (e instanceof StatusError) throw new CommandError(`failed to create token: ${e.message}`);
    throw e;
  }
  if (outputFormat(args).output) printResult(ctx, args, TOKEN_REQUEST, response as unknown as KubeObject, 'created');
  // Simplification: kubectl adds the newline only when its output is a terminal; every line printed here ends in one.
  else ctx.out.push(response.status?.token ?? '');
  return 0;
}
