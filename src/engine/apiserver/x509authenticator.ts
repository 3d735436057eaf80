// The API server's x509 request authenticator (--client-ca-file, k8s.io/apiserver's x509.Authenticator with
// CommonNameUserConversion): a client certificate the cluster's CA issued, valid now and for client auth, makes
// its subject's common name the user and its organizations the groups (with system:authenticated). Anything else
// it verifies is refused (401); a verified certificate without a common name authenticates no one.
import { parseCertificatePEM, commonName, organizations } from '../api/pki/x509.ts';
import { verify } from '../api/pki/rsa.ts';
import { ALL_AUTHENTICATED, type UserInfo } from './rbac/authorizer.ts';
import { CLUSTER_CA_KEY, CLUSTER_CA_NAME } from './clusterca.ts';
import { sameJson } from '../api/samejson.ts';

export type CertificateAuthentication = UserInfo | { error: string } | undefined;

export function authenticateCertificate(pem: string, nowMs: number): CertificateAuthentication {
  const cert = parseCertificatePEM(pem);
  if (!cert) return { error: 'x509: malformed certificate' };
  // The chain's verification: issued by the CA (name and signature), in its validity period, for client auth.
  if (!sameJson(cert.issuer, CLUSTER_CA_NAME) || !verify(CLUSTER_CA_KEY.n, cert.tbs, cert.signature)) return { error: 'x509: certificate signed by unknown authority' };
  if (nowMs < cert.notBefore || nowMs > cert.notAfter) return { error: 'x509: certificate has expired or is not yet valid' };
  if (!cert.extKeyUsage.includes('clientAuth') && !cert.extKeyUsage.includes('any')) return { error: 'x509: certificate specifies an incompatible key usage' };
  const name = commonName(cert.subject);
  if (!name) return undefined;
  return { name, groups: [...organizations(cert.subject), ALL_AUTHENTICATED] };
}
