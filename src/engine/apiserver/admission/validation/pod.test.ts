import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { fieldErrorText } from '../../errors.ts';
import { admit, pod, stored } from '../testing.ts';
import { validateContainersOnlyForPod } from './containers.ts';
import { nameIsDNSSubdomain, validateObjectMeta } from './objectmeta.ts';
import { validatePod } from './pod.ts';
import { validatePodSpec } from './podspec.ts';

const DNS_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const FORBIDDEN_UPDATE = 'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

const c = (extra: Record<string, unknown> = {}) => ({ name: 'web', image: 'nginx:1.25', ...extra });
const res = (resources: Record<string, unknown>) => ({ containers: [c({ resources })] });

describe('Pod create', () => {
  it('accepts a minimal pod', () => {
    expect(admit(pod())).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['no containers', { containers: [] }, ['spec.containers: Required value']],
    ['a container without name or image', { containers: [{}] }, ['spec.containers[0].name: Required value', 'spec.containers[0].image: Required value']],
    ['an upper-case container name', { containers: [c({ name: 'Web' })] }, [`spec.containers[0].name: Invalid value: "Web": ${DNS_LABEL}`]],
    ['a container name with dots', { containers: [c({ name: 'web.v1' })] }, ['spec.containers[0].name: Invalid value: "web.v1": must not contain dots']],
    ['two containers with one name', { containers: [c(), c()] }, ['spec.containers[1].name: Duplicate value: "web"']],
    ['an init container named like an app container', { initContainers: [c({ image: 'busybox' })] }, ['spec.initContainers[0].name: Duplicate value: "web"']],
    ['an image with spaces', { containers: [c({ image: ' nginx' })] }, ['spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace']],
    ['requests above limits', res({ requests: { cpu: '600m' }, limits: { cpu: '0.5' } }), [
      'spec.containers[0].resources.requests: Invalid value: "600m": must be less than or equal to cpu limit of 500m',
    ]],
    ['memory requests above limits', res({ requests: { memory: '2Gi' }, limits: { memory: '1024Mi' } }), [
      'spec.containers[0].resources.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi',
    ]],
    ['an extended resource requested below its limit', res({ requests: { 'nvidia.com/gpu': 1 }, limits: { 'nvidia.com/gpu': 2 } }), [
      'spec.containers[0].resources.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2',
    ]],
    ['an extended resource requested without a limit', res({ requests: { 'nvidia.com/gpu': 1 } }), [
      'spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources',
    ]],
    ['half a GPU', res({ limits: { 'nvidia.com/gpu': '0.5' } }), [
      'spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "500m": must be an integer',
      'spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: "500m": must be an integer',
    ]],
    ['a negative request', res({ requests: { cpu: '-1' } }), ['spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0']],
    ['a resource without a domain that containers do not have', res({ requests: { gpu: '1' } }), [
      'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified',
      'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers',
    ]],
    ['an unknown restartPolicy', { restartPolicy: 'Sometimes' }, ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"']],
    ['an unknown dnsPolicy', { dnsPolicy: 'Google' }, ['spec.dnsPolicy: Unsupported value: "Google": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"']],
    ['an unknown imagePullPolicy', { containers: [c({ imagePullPolicy: 'Sometimes' })] }, [
      'spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
    ]],
    ['bad ports', { containers: [c({ ports: [{ containerPort: 0 }, { containerPort: 70000 }, { containerPort: 80, protocol: 'HTTP' }] })] }, [
      'spec.containers[0].ports[0].containerPort: Required value',
      'spec.containers[0].ports[1].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
      'spec.containers[0].ports[2].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
    ]],
    ['bad and duplicate port names', { containers: [c({ ports: [{ name: 'web_port', containerPort: 80 }, { name: 'http', containerPort: 81 }, { name: 'http', containerPort: 82 }] })] }, [
      'spec.containers[0].ports[0].name: Invalid value: "web_port": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      'spec.containers[0].ports[2].name: Duplicate value: "http"',
    ]],
    ['one host port twice', { containers: [c({ ports: [{ containerPort: 80, hostPort: 80 }] }), c({ name: 'b', ports: [{ containerPort: 81, hostPort: 80 }] })] }, [
      'spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//80"',
    ]],
    ['a mount of a missing volume', { containers: [c({ volumeMounts: [{ name: 'data', mountPath: '/data' }] })] }, ['spec.containers[0].volumeMounts[0].name: Not found: "data"']],
    ['a volume named badly', { volumes: [{ name: 'Data' }] }, [`spec.volumes[0].name: Invalid value: "Data": ${DNS_LABEL}`]],
    ['a volume with two sources', { volumes: [{ name: 'v', emptyDir: {}, configMap: { name: 'c' } }] }, ['spec.volumes[0].configMap: Forbidden: may not specify more than 1 volume type']],
    ['an env var without name', { containers: [c({ env: [{ value: 'x' }] })] }, ['spec.containers[0].env[0].name: Required value']],
    ['a probe without handler', { containers: [c({ livenessProbe: { periodSeconds: 5 } })] }, ['spec.containers[0].livenessProbe: Required value: must specify a handler type']],
    ['a probe with two handlers', { containers: [c({ readinessProbe: { httpGet: { port: 80 }, tcpSocket: { port: 80 } } })] }, [
      'spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type',
    ]],
    ['a liveness probe that needs two successes', { containers: [c({ livenessProbe: { tcpSocket: { port: 80 }, successThreshold: 2 } })] }, [
      'spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
    ]],
    ['a probe on an init container', { initContainers: [c({ name: 'init', livenessProbe: { tcpSocket: { port: 80 } } })] }, [
      'spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always',
    ]],
    ['a zero activeDeadlineSeconds', { activeDeadlineSeconds: 0 }, ['spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive']],
    ['a bad nodeName', { nodeName: 'Node_1' }, [`spec.nodeName: Invalid value: "Node_1": ${SUBDOMAIN}`]],
    ['a bad nodeSelector', { nodeSelector: { disk: 'ssd!' } }, [
      "spec.nodeSelector: Invalid value: \"ssd!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]],
    ['an unknown preemptionPolicy', { preemptionPolicy: 'Sometimes' }, ['spec.preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"']],
    ['ephemeral containers on create', { ephemeralContainers: [{ name: 'debug', image: 'busybox' }] }, ['spec.ephemeralContainers: Forbidden: cannot be set on create']],
  ])('rejects %s', (_name, spec, want) => {
    expect(admit(pod(spec))).toEqual(want);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['an empty key with Equal', { key: '', operator: 'Equal' }, ['spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"']],
    ['tolerationSeconds without NoExecute', { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 10 }, [
      "spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
    ]],
    ['a value with Exists', { key: 'gpu', operator: 'Exists', value: 'yes' }, [
      'spec.tolerations[0].operator: Invalid value: core.Toleration{Key:"gpu", Operator:"Exists", Value:"yes", Effect:"", TolerationSeconds:(*int64)(nil)}: value must be empty when `operator` is \'Exists\'',
    ]],
    ['an unknown operator', { key: 'gpu', operator: 'In' }, ['spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists"']],
    ['an unknown effect', { key: 'gpu', operator: 'Exists', effect: 'NoRun' }, ['spec.tolerations[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"']],
  ])('rejects a toleration with %s', (_name, toleration, want) => {
    expect(admit(pod({ tolerations: [toleration] }))).toEqual(want);
  });

  it('rejects a bad name with the metadata error first', () => {
    expect(admit(pod({ containers: [] }, { name: 'Web' }))).toEqual([`metadata.name: Invalid value: "Web": ${SUBDOMAIN}`, 'spec.containers: Required value']);
  });
});

describe('Pod update', () => {
  const old = stored(pod({ containers: [c({ resources: { requests: { cpu: '100m' } } })] }, { uid: 'u1', resourceVersion: '3' }));
  const spec = old.spec as Record<string, unknown> & { containers: Record<string, unknown>[]; tolerations: Record<string, unknown>[] };
  const update = (s: Record<string, unknown>, meta: Record<string, unknown> = {}) => ({ ...old, metadata: { ...old.metadata, ...meta }, spec: { ...spec, ...s } });

  it.each<[string, Record<string, unknown>]>([
    ['nothing', {}],
    ['an image', { containers: [{ ...spec.containers[0], image: 'nginx:1.26' }] }],
    ['an added toleration', { tolerations: [...spec.tolerations, { key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }] }],
    ['a toleration\'s seconds', { tolerations: [{ ...spec.tolerations[0], tolerationSeconds: 30 }, spec.tolerations[1]] }],
    ['an activeDeadlineSeconds set from nil', { activeDeadlineSeconds: 60 }],
    ['a spec sent without the defaults', { containers: [c({ resources: { requests: { cpu: '0.1' } } })], tolerations: undefined, priority: undefined, schedulerName: undefined }],
  ])('allows %s', (_n, s) => {
    expect(admit(update(s), old)).toEqual([]);
  });

  it('allows label changes', () => {
    expect(admit(update({}, { labels: { app: 'web', rev: '2' } }), old)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['resources', { containers: [{ ...spec.containers[0], resources: { requests: { cpu: '200m' } } }] }, [FORBIDDEN_UPDATE]],
    ['the restart policy', { restartPolicy: 'Never' }, [FORBIDDEN_UPDATE]],
    ['the node', { nodeName: 'w2' }, [FORBIDDEN_UPDATE]],
    ['an added container', { containers: [...spec.containers, c({ name: 'side' })] }, ['spec.containers: Forbidden: pod updates may not add or remove containers']],
    ['an emptied image', { containers: [{ ...spec.containers[0], image: '' }] }, ['spec.containers[0].image: Required value']],
  ])('rejects a change of %s', (_n, s, want) => {
    expect(admit(update(s), old)).toEqual(want);
  });

  it('rejects a removed toleration (a removed default one is added back by DefaultTolerationSeconds)', () => {
    const tolerating = stored({ ...old, spec: { ...spec, tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }, ...spec.tolerations] } });
    const s = tolerating.spec as { tolerations: unknown[] };
    expect(admit({ ...tolerating, spec: { ...s, tolerations: s.tolerations.slice(1) } }, tolerating)).toEqual([
      'spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds',
    ]);
    expect(admit({ ...tolerating, spec: { ...s, tolerations: [s.tolerations[0]] } }, tolerating)).toEqual([]);
  });

  it('keeps activeDeadlineSeconds from going up or away', () => {
    const withDeadline = stored({ ...old, spec: { ...spec, activeDeadlineSeconds: 30 } });
    const s = withDeadline.spec as Record<string, unknown>;
    expect(admit({ ...withDeadline, spec: { ...s, activeDeadlineSeconds: 10 } }, withDeadline)).toEqual([]);
    expect(admit({ ...withDeadline, spec: { ...s, activeDeadlineSeconds: 60 } }, withDeadline)).toEqual(['spec.activeDeadlineSeconds: Invalid value: 60: must be less than or equal to previous value']);
    expect(admit({ ...withDeadline, spec: { ...s, activeDeadlineSeconds: undefined } }, withDeadline)).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: "null": must not update from a positive integer to nil value',
    ]);
  });
});

describe('Pod validation of runs of equal specs', () => {
  const variants: Record<string, unknown>[] = [
    {},
    { nodeSelector: { disk: 'ssd' } },
    { restartPolicy: 'Sometimes' },
    { containers: [c({ image: ' nginx' })] },
    { containers: [c({ name: 'Web' })] },
    { containers: [c({ resources: { requests: { cpu: '100m' } } })] },
  ];
  /** What validatePod checks, each time from scratch. */
  const fromScratch = (p: Pod) => [
    ...validateObjectMeta(p.metadata, nameIsDNSSubdomain), ...validatePodSpec(p.spec, 'spec'),
    ...validateContainersOnlyForPod(p.spec?.containers, 'spec.containers'), ...validateContainersOnlyForPod(p.spec?.initContainers, 'spec.initContainers'),
  ].map(fieldErrorText);
  it('property: the errors of validating from scratch, whatever came before, also when the last pod is changed in place', () => {
    fc.assert(fc.property(fc.array(fc.record({ variant: fc.nat(variants.length - 1), changeLast: fc.constantFrom(undefined, 'Always', 'Sometimes') }), { maxLength: 12 }), (steps) => {
      let last: Pod | undefined;
      for (const { variant, changeLast } of steps) {
        const p = last && changeLast ? last : stored(pod(variants[variant])) as Pod;
        if (p === last) p.spec!.restartPolicy = changeLast;
        expect(validatePod(p).map(fieldErrorText)).toEqual(fromScratch(p));
        last = p;
      }
    }));
  });
});
