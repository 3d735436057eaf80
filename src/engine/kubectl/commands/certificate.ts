// kubectl certificate approve|deny (NAME… | -f FILE) [--force]: adds the Approved or Denied condition through a
// CertificateSigningRequest's approval subresource. A request that already has the condition is left as it is
// (printed all the same) unless --force writes it again.
import type { CertificateSigningRequest, CertificateSigningRequestCondition } from 'kubernetes-types/certificates/v1';
import type { KubeObject } from '../../api/object.ts';
import { CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, type ParsedArgs } from '../flags.ts';
import { readFilenames } from '../filenames.ts';
import { parseManifests } from '../manifests.ts';
import { usageError } from './usage.ts';
import { checkOutput, printResult } from './printresult.ts';

type CSR = CertificateSigningRequest & KubeObject;

const ACTIONS = {
  approve: { type: 'Approved', reason: 'KubectlApprove', message: 'This CSR was approved by kubectl certificate approve.', done: 'approved' },
  deny: { type: 'Denied', reason: 'KubectlDeny', message: 'This CSR was denied by kubectl certificate deny.', done: 'denied' },
} as const;

export function certificateCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const [sub, ...names] = args.positional;
  if (sub !== 'approve' && sub !== 'deny') {
    if (sub) throw new CommandError(`unknown command "${sub}" for "kubectl certificate"`);
    ctx.out.push('Modify certificate resources.\n\nAvailable Commands:\n  approve     Approve a certificate signing request\n  deny        Deny a certificate signing request\n\nUsage:\n  kubectl certificate SUBCOMMAND [options]');
    return 0;
  }
  checkOutput(args);
  const fromFiles = readFilenames(ctx, args).flatMap((s) => parseManifests(s.text, s.source)).map((m) => String((m.object as KubeObject | undefined)?.metadata?.name ?? ''));
  const all = [...names, ...fromFiles];
  if (!all.length) throw usageError(`certificate ${sub}`, 'one or more CSRs must be specified as <name> or -f <filename>');
  const action = ACTIONS[sub];
  const info = ctx.store.info('CertificateSigningRequest');
  for (const name of all) {
    const csr = ctx.store.get<CSR>('CertificateSigningRequest', undefined, name);
    const has = (csr.status?.conditions ?? []).some((c) => c.type === action.type);
    let result: CSR = csr;
    if (!has || boolFlag(args, 'force')) {
      const condition: CertificateSigningRequestCondition = { type: action.type, status: 'True', reason: action.reason, message: action.message, lastUpdateTime: ctx.clock.nowRFC3339() };
      const conditions = [...(csr.status?.conditions ?? []).filter((c) => !(has && c.type === action.type)), condition];
      result = ctx.store.update<CSR>({ ...csr, status: { ...csr.status, conditions } }, { subresource: 'approval' });
    }
    printResult(ctx, args, info, result, action.done);
  }
  return 0;
}
