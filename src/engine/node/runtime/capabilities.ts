// The Linux capabilities of a container's processes, as containerd sets them: its default set, plus what the
// securityContext adds, minus what it drops ("ALL" drops every one); privileged containers have all of them. A
// process that runs as another user than root keeps none in its effective set (no file or ambient capabilities).
import type { ProcessSecurity } from './cri.ts';

/** containerd's default capabilities (oci.DefaultSpec / the CRI plugin's defaults). */
const CONTAINERD_DEFAULTS = ['CHOWN', 'DAC_OVERRIDE', 'FSETID', 'FOWNER', 'MKNOD', 'NET_RAW', 'SETGID', 'SETUID', 'SETFCAP', 'SETPCAP', 'NET_BIND_SERVICE', 'SYS_CHROOT', 'KILL', 'AUDIT_WRITE'];

/** "CAP_NET_RAW" and "NET_RAW" name the same capability, in any case. */
const bare = (cap: string) => cap.toUpperCase().replace(/^CAP_/, '');

/** Whether the process has `cap` in its effective set. */
export function hasCapability(security: ProcessSecurity | undefined, cap: string): boolean {
  if (security?.privileged) return true;
  if ((security?.runAsUser ?? 0) !== 0) return false;
  const add = (security?.capabilities?.add ?? []).map(bare);
  const drop = (security?.capabilities?.drop ?? []).map(bare);
  if (add.includes(cap) || add.includes('ALL')) return true;
  return CONTAINERD_DEFAULTS.includes(cap) && !drop.includes(cap) && !drop.includes('ALL');
}

/** A raw socket (ping's ICMP socket) needs CAP_NET_RAW. */
export function mayOpenRawSockets(security: ProcessSecurity | undefined): boolean {
  return hasCapability(security, 'NET_RAW');
}
