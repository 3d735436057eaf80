import { describe, expect, it } from 'vitest';
import { camelSplit, smartLabelFor } from './smartlabel.ts';

describe('smartLabelFor', () => {
  it.each([
    ['apiVersion', 'API Version'], ['uid', 'UID'], ['holderIdentity', 'Holder Identity'], ['podCIDRs', 'Pod CIDRs'],
    ['leaseDurationSeconds', 'Lease Duration Seconds'], ['URL', 'URL'], ['kind', 'Kind'], ['ipv4', 'ipv4'],
    ['kubernetes.io/hostname', 'kubernetes.io/hostname'], ['HTTPServer', 'HTTPServer'],
  ])('%s → %s', (field, want) => {
    expect(smartLabelFor(field)).toBe(want);
  });

  it('splits camel case like fatih/camelcase', () => {
    expect(camelSplit('PDFLoader')).toEqual(['PDF', 'Loader']);
    expect(camelSplit('podCIDRs')).toEqual(['pod', 'CID', 'Rs']);
    expect(camelSplit('Version2Beta')).toEqual(['Version', '2', 'Beta']);
  });
});
