import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRODUCT_NAME } from '@vp/contract';
import forge from 'node-forge';
import type { Config } from '../../config.ts';

/**
 * The portal's sealing certificate: the PKCS#12 named by SIGNING_P12 / SIGNING_P12_PASSWORD, or a
 * self-signed one generated once into `<DATA_DIR>/signing/` and reused on later starts. Readers show
 * a self-signed seal as valid but untrusted; production supplies a certificate its readers trust.
 */

export interface CertificateDetails {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  sha256Fingerprint: string;
}

export interface SealingCertificate {
  p12: Buffer;
  password: string;
  details: CertificateDetails;
}

const GENERATED_P12 = 'seal.p12';
const GENERATED_PASSWORD = 'seal.password';

const dn = (attrs: forge.pki.CertificateField[]): string =>
  attrs.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(', ');

export function describeCertificate(cert: forge.pki.Certificate): CertificateDetails {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return {
    subject: dn(cert.subject.attributes),
    issuer: dn(cert.issuer.attributes),
    validFrom: cert.validity.notBefore.toISOString(),
    validTo: cert.validity.notAfter.toISOString(),
    sha256Fingerprint: crypto.createHash('sha256').update(der).digest('hex').toUpperCase(),
  };
}

/** The certificate of a P12 whose key it holds (the one that signs). */
function certificateOfP12(p12: Buffer, password: string): forge.pki.Certificate {
  const parsed = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))),
    false,
    password,
  );
  const certBag = forge.pki.oids.certBag!;
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certs: forge.pkcs12.Bag[] = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const keys = parsed.getBags({ bagType: keyBag })[keyBag];
  const key = keys?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('the signing P12 holds no private key');
  const own = certs.find((b) => {
    const pub = b.cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
    return pub && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
  });
  if (!own?.cert) throw new Error('the signing P12 holds no certificate for its key');
  return own.cert;
}

/** A self-signed RSA certificate for sealing, ten years valid, as a password-protected P12. */
export function generateSelfSigned(commonName: string): { p12: Buffer; password: string } {
  // Node's key generation is native and far faster than forge's.
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const pub = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: commonName },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const password = crypto.randomBytes(18).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, {
    algorithm: '3des',
    friendlyName: commonName,
  });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password };
}

function readOrGenerate(config: Config): { p12: Buffer; password: string } {
  if (config.signingP12) {
    return { p12: fs.readFileSync(config.signingP12.path), password: config.signingP12.password };
  }
  const dir = path.join(config.dataDir, 'signing');
  const p12Path = path.join(dir, GENERATED_P12);
  const passwordPath = path.join(dir, GENERATED_PASSWORD);
  if (fs.existsSync(p12Path) && fs.existsSync(passwordPath)) {
    return { p12: fs.readFileSync(p12Path), password: fs.readFileSync(passwordPath, 'utf8').trim() };
  }
  const made = generateSelfSigned(PRODUCT_NAME);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written beside and renamed, so a crash never leaves half a certificate to be reused.
  const suffix = `.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(passwordPath + suffix, made.password, { mode: 0o600 });
  fs.writeFileSync(p12Path + suffix, made.p12, { mode: 0o600 });
  fs.renameSync(passwordPath + suffix, passwordPath);
  fs.renameSync(p12Path + suffix, p12Path);
  return made;
}

const loaded = new Map<string, SealingCertificate>();

/** The sealing certificate for this configuration, loaded (or generated) once per process. */
export function sealingCertificate(config: Config): SealingCertificate {
  const cacheKey = config.signingP12 ? `p12:${config.signingP12.path}` : `dir:${config.dataDir}`;
  const cached = loaded.get(cacheKey);
  if (cached) return cached;
  const { p12, password } = readOrGenerate(config);
  const cert: SealingCertificate = {
    p12,
    password,
    details: describeCertificate(certificateOfP12(p12, password)),
  };
  loaded.set(cacheKey, cert);
  return cert;
}
