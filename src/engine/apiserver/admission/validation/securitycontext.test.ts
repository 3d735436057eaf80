// Security context validation: profile types, procMount, and the fields a pod's spec.os forbids.
import { describe, expect, it } from 'vitest';
import { admit, pod } from '../testing.ts';

const c = (securityContext: Record<string, unknown>) => ({ name: 'web', image: 'nginx:1.25', securityContext });

describe('security context validation', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a seccomp type that does not exist', { containers: [c({ seccompProfile: { type: 'Default' } })] },
      ['spec.containers[0].securityContext.seccompProfile.type: Unsupported value: "Default": supported values: "Localhost", "RuntimeDefault", "Unconfined"']],
    ['a Localhost seccomp profile without its name', { securityContext: { seccompProfile: { type: 'Localhost' } } },
      ['spec.securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost']],
    ['an AppArmor profile without a type', { containers: [c({ appArmorProfile: {} })] },
      ['spec.containers[0].securityContext.appArmorProfile.type: Required value: type is required when appArmorProfile is set']],
    ['an AppArmor localhostProfile beside RuntimeDefault', { securityContext: { appArmorProfile: { type: 'RuntimeDefault', localhostProfile: 'p' } } },
      ['spec.securityContext.appArmorProfile.localhostProfile: Invalid value: "p": can only be set when AppArmor type is Localhost']],
    ['a procMount that does not exist', { containers: [c({ procMount: 'Masked' })] },
      ['spec.containers[0].securityContext.procMount: Unsupported value: "Masked": supported values: "Default", "Unmasked"']],
    ['a negative runAsUser', { containers: [c({ runAsUser: -1 })] },
      ['spec.containers[0].securityContext.runAsUser: Invalid value: -1: must be greater than or equal to 0']],
    ['Linux fields in a windows pod', { os: { name: 'windows' }, securityContext: { runAsUser: 0 }, containers: [c({ privileged: true, capabilities: { drop: ['ALL'] } })] },
      ['spec.securityContext.runAsUser: Forbidden: cannot be set for a windows pod', 'spec.containers[0].securityContext.capabilities: Forbidden: cannot be set for a windows pod', 'spec.containers[0].securityContext.privileged: Forbidden: cannot be set for a windows pod']],
    ['windows options in a linux pod', { os: { name: 'linux' }, containers: [c({ windowsOptions: { hostProcess: true } })] },
      ['spec.containers[0].securityContext.windowsOptions: Forbidden: windows options cannot be set for a linux pod']],
    ['an unknown OS', { os: { name: 'plan9' } }, ['spec.os.name: Unsupported value: "plan9": supported values: "linux", "windows"']],
  ])('rejects %s', (_name, spec, want) => {
    expect(admit(pod(spec))).toEqual(want);
  });

  it('accepts a restricted pod', () => {
    expect(admit(pod({ securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } }, containers: [c({ allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } })] }))).toEqual([]);
  });
});
