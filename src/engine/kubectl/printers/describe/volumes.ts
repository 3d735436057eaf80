// The Volumes section of pod and pod template descriptions (describeVolumes), for the volume sources the
// simulator knows; any other source prints "<unknown>" as upstream does for unrecognised ones.
import type { Volume } from 'kubernetes-types/core/v1';
import { Quantity } from '../../../api/quantity.ts';
import { sortedKeys } from '../labelmap.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './writer.ts';

export function describeVolumes(volumes: Volume[] | undefined, w: PrefixWriter, space: string): void {
  if (!volumes || volumes.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  for (const v of volumes) {
    const nameIndent = space ? ' ' : '';
    w.write(LEVEL_1, `${nameIndent}${v.name}:\n`);
    describeVolumeSource(v, w);
  }
}

function describeVolumeSource(v: Volume, w: PrefixWriter): void {
  if (v.hostPath) {
    w.write(LEVEL_2, 'Type:\tHostPath (bare host directory volume)\n' +
      `    Path:\t${v.hostPath.path}\n` +
      `    HostPathType:\t${v.hostPath.type || '<none>'}\n`);
  } else if (v.emptyDir) {
    const sizeLimit = positiveQuantity(v.emptyDir.sizeLimit) ?? '<unset>';
    w.write(LEVEL_2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n" +
      `    Medium:\t${v.emptyDir.medium ?? ''}\n` +
      `    SizeLimit:\t${sizeLimit}\n`);
  } else if (v.secret) {
    w.write(LEVEL_2, 'Type:\tSecret (a volume populated by a Secret)\n' +
      `    SecretName:\t${v.secret.secretName ?? ''}\n` +
      `    Optional:\t${v.secret.optional === true}\n`);
  } else if (v.configMap) {
    w.write(LEVEL_2, 'Type:\tConfigMap (a volume populated by a ConfigMap)\n' +
      `    Name:\t${v.configMap.name ?? ''}\n` +
      `    Optional:\t${v.configMap.optional === true}\n`);
  } else if (v.persistentVolumeClaim) {
    w.write(LEVEL_2, 'Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n' +
      `    ClaimName:\t${v.persistentVolumeClaim.claimName}\n` +
      `    ReadOnly:\t${v.persistentVolumeClaim.readOnly === true}\n`);
  } else if (v.downwardAPI) {
    w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
    for (const item of v.downwardAPI.items ?? []) {
      if (item.fieldRef) w.write(LEVEL_3, `${item.fieldRef.fieldPath} -> ${item.path}\n`);
      if (item.resourceFieldRef) w.write(LEVEL_3, `${item.resourceFieldRef.resource} -> ${item.path}\n`);
    }
  } else if (v.projected) {
    w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
    for (const source of v.projected.sources ?? []) {
      if (source.secret) {
        w.write(LEVEL_2, `SecretName:\t${source.secret.name ?? ''}\n    Optional:\t${source.secret.optional === true}\n`);
      } else if (source.downwardAPI) {
        w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
      } else if (source.configMap) {
        w.write(LEVEL_2, `ConfigMapName:\t${source.configMap.name ?? ''}\n    Optional:\t${source.configMap.optional === true}\n`);
      } else if (source.serviceAccountToken) {
        w.write(LEVEL_2, `TokenExpirationSeconds:\t${source.serviceAccountToken.expirationSeconds ?? 0}\n`);
      }
    }
  } else if (v.nfs) {
    w.write(LEVEL_2, 'Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n' +
      `    Server:\t${v.nfs.server}\n    Path:\t${v.nfs.path}\n    ReadOnly:\t${v.nfs.readOnly === true}\n`);
  } else if (v.csi) {
    w.write(LEVEL_2, 'Type:\tCSI (a Container Storage Interface (CSI) volume source)\n' +
      `    Driver:\t${v.csi.driver}\n    FSType:\t${v.csi.fsType ?? ''}\n    ReadOnly:\t${v.csi.readOnly === true}\n`);
    printVolumeAttributes(w, v.csi.volumeAttributes);
  } else {
    w.write(LEVEL_1, '<unknown>\n');
  }
}

/** The canonical string of a quantity greater than zero, else undefined. */
function positiveQuantity(q: string | undefined): string | undefined {
  if (q === undefined) return undefined;
  try {
    const parsed = Quantity.parse(q);
    return parsed.sign() > 0 ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** printCSIPersistentVolumeAttributesMultiline, continuation lines indented as upstream writes them. */
function printVolumeAttributes(w: PrefixWriter, attributes: Record<string, string> | undefined): void {
  w.write(LEVEL_2, 'VolumeAttributes:\t');
  const keys = sortedKeys(attributes);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) {
      w.write(LEVEL_2, '');
      w.write(LEVEL_2, '\t');
    }
    const line = `${key}=${attributes?.[key] ?? ''}`;
    w.write(LEVEL_2, line.length > 140 ? `${line.slice(0, 140)}...\n` : `${line}\n`);
  });
}
