import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for server tests: it makes ES256 credentials and answers
 * registration and authentication challenges the way a browser's authenticator does (attestation
 * "none"). The end-to-end tests use Chromium's own virtual authenticator instead.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  constructor(
    private readonly origin: string,
    /** Whether the authenticator says it verified its user (a PIN, a fingerprint). */
    private readonly verifiesUser = true,
  ) {}

  private get rpIdHash(): Buffer {
    return sha256(new URL(this.origin).hostname);
  }

  private flags(attested: boolean): number {
    return 0x01 | (this.verifiesUser ? 0x04 : 0) | (attested ? 0x40 : 0);
  }

  /** Answers `navigator.credentials.create` for the options the server sent. */
  register(options: Record<string, unknown>): Record<string, unknown> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash,
      Buffer.from([this.flags(true)]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const user = options.user as { id: string };
    this.passkeys.push({ id: b64url(credentialId), privateKey, userHandle: user.id, counter: 0 });
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', String(options.challenge), this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** Answers `navigator.credentials.get` with a passkey (the newest allowed one unless named). */
  authenticate(options: Record<string, unknown>, passkey?: SoftPasskey): Record<string, unknown> {
    const allowed = ((options.allowCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    const key =
      passkey ?? [...this.passkeys].reverse().find((p) => allowed.length === 0 || allowed.includes(p.id));
    if (!key) throw new Error('no passkey for these options');
    key.counter += 1;
    const authData = Buffer.concat([
      this.rpIdHash,
      Buffer.from([this.flags(false)]),
      counterBytes(key.counter),
    ]);
    const data = clientData('webauthn.get', String(options.challenge), this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), key.privateKey);
    return {
      id: key.id,
      rawId: key.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
