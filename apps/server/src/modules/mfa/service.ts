import {
  CODE_FAILURE_WINDOW_MS,
  CODE_FAILURES_PER_ACCOUNT,
  CODE_FAILURES_PER_ADDRESS,
  FACTOR_CONFIRM_MS,
  FACTOR_LABELS,
  Messages,
  MfaMessages,
  PASSKEYS_PER_USER,
  PRODUCT_NAME,
  SIGN_IN_TICKET_ATTEMPTS,
  SIGN_IN_TICKET_TTL_MS,
  ErrorCodes,
  mfaRequiredFor,
  normaliseCode,
  type Enrolled,
  type Factor,
  type Factors,
  type LoginResponse,
  type PasskeyOptions,
  type RecoveryCodes,
  type Role,
  type SecondStep,
  type SecondStepMethod,
  type StaffFactors,
  type TotpSetup,
} from '@vp/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { userFactors } from '../../db/schema.ts';
import type { Acting } from '../../platform/actor.ts';
import { addressGroup } from '../../platform/client-address.ts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../platform/errors.ts';
import {
  currentPasswordLimits,
  limitedPasswordCheck,
  release,
  reserve,
  type Limit,
} from '../../platform/login-limit.ts';
import { newToken, sha256, verifyPassword } from '../../platform/passwords.ts';
import type { Session } from '../../platform/sessions.ts';
import { newRecoveryCodes, newTotpSecret, totpSetup, totpStep } from './codes.ts';
import * as store from './store.ts';

/**
 * Two-step sign-in. Every way into a session comes through `begin` (a password, a login code, an
 * accepted invitation, single sign-on) or a passkey: a user with a second factor, or of a role that
 * must have one, gets a ticket instead of a session, and only the second step (or enrolment) turns
 * the ticket into a session. A ticket is not a session: no other call, the live channel included,
 * takes it, and it cannot make an API key.
 */

export type FirstStep = 'password' | 'code' | 'invitation' | 'sso';

export interface SignInMeta {
  address: string;
  userAgent?: string;
}

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const passkeyLabel = (n: number) => (n === 0 ? 'Passkey' : `Passkey ${n + 1}`);

export class ConfirmFirstError extends AppError {
  constructor() {
    super(403, MfaMessages.confirmFirst, ErrorCodes.confirmFirst);
  }
}

function toFactor(row: store.FactorRow): Factor {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function mfaService(ctx: AppContext) {
  const { db, sessions, config } = ctx;
  const origin = new URL(config.publicUrl).origin;
  const rpID = new URL(config.publicUrl).hostname;
  const required = (role: Role) => mfaRequiredFor(role, config.mfaRequiredRoles);

  async function openSession(userId: number, role: Role, meta: Partial<SignInMeta>): Promise<LoginResponse> {
    const token = await sessions.create(userId, { ...meta, confirmed: true });
    return { token, role };
  }

  /** The methods a user's second step may use. */
  async function methodsOf(userId: number): Promise<SecondStepMethod[]> {
    const kinds = new Set((await store.factorsOf(db, userId)).map((f) => f.kind));
    const methods: SecondStepMethod[] = [];
    if (kinds.has('totp')) methods.push('totp');
    if (kinds.has('passkey')) methods.push('passkey');
    if ((await store.recoveryCodesLeft(db, userId)) > 0) methods.push('recovery');
    return methods;
  }

  /** The open ticket of a sign-in at the stage given, or the 401 that sends the user back to log in. */
  async function ticketAt(ticket: string | undefined, stage: 'verify' | 'enrol'): Promise<store.TicketRow> {
    const row = ticket ? await store.openTicket(db, sha256(ticket)) : null;
    if (!row || row.stage !== stage) throw new UnauthorizedError(MfaMessages.ticketInvalid);
    return row;
  }

  async function ticketUser(row: store.TicketRow): Promise<store.SignInUser> {
    const user = await store.userOf(db, row.userId);
    if (!user?.active) throw new UnauthorizedError(MfaMessages.ticketInvalid);
    return user;
  }

  /** Closes a ticket and opens its session; a ticket used by a request at the same moment is refused. */
  async function finish(row: store.TicketRow, user: store.SignInUser): Promise<LoginResponse> {
    if (!(await store.closeTicket(db, row.id))) throw new UnauthorizedError(MfaMessages.ticketInvalid);
    return openSession(user.id, user.role, {
      address: row.address ?? '',
      ...(row.userAgent ? { userAgent: row.userAgent } : {}),
    });
  }

  const codeLimits = (userId: number, address: string): Limit[] => [
    { key: `code-user:${userId}`, windowMs: CODE_FAILURE_WINDOW_MS, max: CODE_FAILURES_PER_ACCOUNT },
    {
      key: `code-addr:${addressGroup(address)}`,
      windowMs: CODE_FAILURE_WINDOW_MS,
      max: CODE_FAILURES_PER_ADDRESS,
    },
  ];

  /**
   * Checks a code within the account's and the address's limits: a wrong code counts, a right one
   * does not. `check` answers true, or the message of the refusal.
   */
  async function limitedCode(
    userId: number,
    address: string,
    check: () => Promise<true | string>,
  ): Promise<void> {
    const admission = await reserve(db, codeLimits(userId, address));
    if ('retryAfterMs' in admission)
      throw new TooManyRequestsError(MfaMessages.tooManyCodes, Math.ceil(admission.retryAfterMs / 1000));
    let result: true | string;
    try {
      result = await check();
    } catch (err) {
      await release(db, admission.reservation);
      throw err;
    }
    if (result !== true) throw new BadRequestError(result);
    await release(db, admission.reservation);
  }

  /** An authenticator or recovery code of a user's confirmed factors; true or the refusal's message. */
  async function checkCode(user: store.SignInUser, input: string): Promise<true | string> {
    const { kind, code } = normaliseCode(input);
    if (kind === 'totp') {
      const totp = (await store.factorsOf(db, user.id)).find((f) => f.kind === 'totp');
      if (!totp?.totpSecret) return MfaMessages.codeWrong;
      const step = totpStep(totp.totpSecret, code);
      if (step === null) return MfaMessages.codeWrong;
      return (await store.takeTotpStep(db, totp.id, step, false)) ? true : MfaMessages.codeUsed;
    }
    if (!/^[a-z0-9]{10}$/.test(code)) return MfaMessages.codeFormat;
    if (!(await store.spendRecoveryCode(db, user.id, code))) return MfaMessages.codeWrong;
    const left = await store.recoveryCodesLeft(db, user.id);
    await mail(
      user,
      'a recovery code was used',
      `A recovery code was used to sign in to your account just now. You have ${left} left.\n\nIf this was not you, reset your password at once and tell the MLS.`,
    );
    return true;
  }

  /** Confirms the authenticator app being set up with its first code. */
  async function confirmPendingTotp(user: store.SignInUser, input: string, address: string): Promise<void> {
    const pending = await store.pendingTotp(db, user.id);
    if (!pending?.totpSecret) throw new ConflictError(MfaMessages.enrolFirst);
    if ((await store.factorsOf(db, user.id)).some((f) => f.kind === 'totp'))
      throw new ConflictError(MfaMessages.totpExists);
    await limitedCode(user.id, address, async () => {
      const { kind, code } = normaliseCode(input);
      if (kind !== 'totp') return MfaMessages.codeFormat;
      const step = totpStep(pending.totpSecret!, code);
      if (step === null) return MfaMessages.codeWrong;
      return (await store.takeTotpStep(db, pending.id, step, true)) ? true : MfaMessages.codeUsed;
    });
  }

  /** Registers a passkey from the browser's answer to a registration challenge. */
  async function registerPasskey(
    user: store.SignInUser,
    challenge: { challenge: string },
    response: Record<string, unknown>,
    name: string | undefined,
  ): Promise<void> {
    const existing = (await store.factorsOf(db, user.id)).filter((f) => f.kind === 'passkey');
    if (existing.length >= PASSKEYS_PER_USER) throw new ConflictError(MfaMessages.passkeyLimit);
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch {
      throw new BadRequestError(MfaMessages.passkeyFailed);
    }
    if (!verified.verified) throw new BadRequestError(MfaMessages.passkeyFailed);
    const { credential } = verified.registrationInfo;
    if (await store.passkeyByCredential(db, credential.id))
      throw new ConflictError(MfaMessages.passkeyFailed);
    await db.insert(userFactors).values({
      userId: user.id,
      kind: 'passkey',
      name: name ?? passkeyLabel(existing.length),
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      confirmedAt: new Date(),
    });
  }

  async function registrationOptions(user: store.SignInUser): Promise<Record<string, unknown>> {
    const passkeys = (await store.factorsOf(db, user.id)).filter((f) => f.kind === 'passkey');
    const options = await generateRegistrationOptions({
      rpName: PRODUCT_NAME,
      rpID,
      userName: user.username,
      userID: Buffer.from(sha256(`webauthn-user:${user.id}`).slice(0, 32), 'hex'),
      attestationType: 'none',
      excludeCredentials: passkeys.map((p) => ({ id: p.credentialId!, transports: p.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    return options as unknown as Record<string, unknown>;
  }

  async function newChallenge(
    purpose: 'sign-in' | 'second-step' | 'enrol' | 'add',
    challenge: string,
    owner: { userId?: number; ticketId?: number },
  ): Promise<string> {
    const id = newToken();
    await store.insertChallenge(db, {
      id,
      purpose,
      challenge,
      userId: owner.userId ?? null,
      ticketId: owner.ticketId ?? null,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return id;
  }

  /** Checks a passkey's answer to an authentication challenge; answers the factor and its user. */
  async function checkPasskey(
    challenge: string,
    response: Record<string, unknown>,
    requireUserVerification: boolean,
  ): Promise<{ factor: store.FactorRow; user: store.SignInUser }> {
    const id = typeof response.id === 'string' ? response.id : '';
    const factor = id ? await store.passkeyByCredential(db, id) : null;
    if (!factor) throw new BadRequestError(MfaMessages.passkeyUnknown);
    const user = await store.userOf(db, factor.userId);
    if (!user?.active) throw new UnauthorizedError(Messages.loginFailed);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: factor.credentialId!,
          publicKey: new Uint8Array(Buffer.from(factor.publicKey!, 'base64url')),
          counter: factor.counter,
          transports: factor.transports,
        },
        requireUserVerification,
      });
    } catch {
      throw new BadRequestError(MfaMessages.passkeyFailed);
    }
    if (!verified.verified) throw new BadRequestError(MfaMessages.passkeyFailed);
    await store.usePasskey(db, factor.id, verified.authenticationInfo.newCounter);
    return { factor, user };
  }

  /** Queues a mail to the user about their sign-in methods. */
  async function mail(user: store.SignInUser, what: string, body: string, tx: Db = db): Promise<void> {
    if (!user.email) return;
    await ctx.mailer.send(
      {
        to: user.email,
        subject: `${PRODUCT_NAME}: ${what}`,
        text: `Hello ${user.username},\n\n${body}\n`,
      },
      tx,
    );
  }

  /** The first factor of a user comes with recovery codes; later ones do not change them. */
  async function recoveryCodesForFirstFactor(userId: number): Promise<string[]> {
    if ((await store.factorsOf(db, userId)).length !== 1) return [];
    const codes = newRecoveryCodes();
    await db.transaction((tx) => store.replaceRecoveryCodes(tx, userId, codes));
    // What hung on the user's having a factor (their API keys, under a required role) is read again.
    await sessions.userChanged(userId);
    return codes;
  }

  async function sessionUser(session: Session): Promise<store.SignInUser> {
    const user = await store.userOf(db, session.user.id);
    if (!user) throw new NotFoundError();
    return user;
  }

  /** Changes to sign-in methods need the password or a factor given in this session lately. */
  async function requireConfirmed(session: Session): Promise<void> {
    const at = await store.confirmedAtOf(db, session.id);
    if (!at || sessions.clock() - at.getTime() > FACTOR_CONFIRM_MS) throw new ConfirmFirstError();
  }

  return {
    /**
     * The end of a sign-in's first step: a session when nothing more is needed, else a ticket for
     * the second step (or enrolment). `secondFactorDone`: single sign-on whose provider says it
     * asked for a second factor.
     */
    async begin(
      user: { id: number; role: Role },
      meta: SignInMeta,
      firstStep: FirstStep,
      secondFactorDone = false,
    ): Promise<LoginResponse | SecondStep> {
      const methods = await methodsOf(user.id);
      const hasFactor = methods.some((m) => m !== 'recovery');
      if (secondFactorDone || (!hasFactor && !required(user.role))) {
        const token = await sessions.create(user.id, {
          ...meta,
          confirmed: firstStep === 'password' || firstStep === 'invitation',
        });
        return { token, role: user.role };
      }
      const ticket = newToken();
      const stage = hasFactor ? 'verify' : 'enrol';
      await store.insertTicket(db, {
        tokenHash: sha256(ticket),
        userId: user.id,
        stage,
        firstStep,
        address: meta.address,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        expiresAt: new Date(Date.now() + SIGN_IN_TICKET_TTL_MS),
      });
      return {
        secondStep: stage,
        ticket,
        role: user.role,
        methods: hasFactor ? methods : ['totp', 'passkey'],
      };
    },

    /** The second step with an authenticator or recovery code. */
    async verify(ticket: string, code: string, address: string): Promise<LoginResponse> {
      const row = await ticketAt(ticket, 'verify');
      const user = await ticketUser(row);
      try {
        await limitedCode(user.id, address, () => checkCode(user, code));
      } catch (err) {
        // The last wrong code a ticket takes ends the sign-in, and says why.
        if (err instanceof BadRequestError && (await store.failTicket(db, row.id, SIGN_IN_TICKET_ATTEMPTS)))
          throw new UnauthorizedError(MfaMessages.ticketSpent);
        throw err;
      }
      return finish(row, user);
    },

    /**
     * A passkey challenge: for a ticket's second step, the user's passkeys; without one, any
     * passkey of the portal (a sign-in by passkey alone, which must verify its user).
     */
    async passkeyOptions(ticket: string | undefined): Promise<PasskeyOptions> {
      if (ticket) {
        const row = await ticketAt(ticket, 'verify');
        const passkeys = (await store.factorsOf(db, row.userId)).filter((f) => f.kind === 'passkey');
        const options = await generateAuthenticationOptions({
          rpID,
          userVerification: 'preferred',
          allowCredentials: passkeys.map((p) => ({ id: p.credentialId!, transports: p.transports })),
        });
        const challengeId = await newChallenge('second-step', options.challenge, { ticketId: row.id });
        return { challengeId, options: options as unknown as Record<string, unknown> };
      }
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      const challengeId = await newChallenge('sign-in', options.challenge, {});
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    async passkeySignIn(
      body: { ticket?: string | undefined; challengeId: string; response: Record<string, unknown> },
      meta: SignInMeta,
    ): Promise<LoginResponse> {
      if (body.ticket) {
        const row = await ticketAt(body.ticket, 'verify');
        const challenge = await store.takeChallenge(db, body.challengeId, 'second-step');
        if (!challenge || challenge.ticketId !== row.id) throw new BadRequestError(MfaMessages.passkeyFailed);
        const { user } = await checkPasskey(challenge.challenge, body.response, false);
        if (user.id !== row.userId) throw new BadRequestError(MfaMessages.passkeyUnknown);
        return finish(row, user);
      }
      const challenge = await store.takeChallenge(db, body.challengeId, 'sign-in');
      if (!challenge) throw new BadRequestError(MfaMessages.passkeyFailed);
      const { user } = await checkPasskey(challenge.challenge, body.response, true);
      return openSession(user.id, user.role, meta);
    },

    /** Enrolment at sign-in: a new authenticator app's key for the ticket's user. */
    async enrolTotp(ticket: string): Promise<TotpSetup> {
      const row = await ticketAt(ticket, 'enrol');
      const user = await ticketUser(row);
      const secret = newTotpSecret();
      await store.insertPendingTotp(db, user.id, secret, FACTOR_LABELS.totp);
      return totpSetup(secret, user.username);
    },

    async enrolTotpConfirm(ticket: string, code: string, address: string): Promise<Enrolled> {
      const row = await ticketAt(ticket, 'enrol');
      const user = await ticketUser(row);
      await confirmPendingTotp(user, code, address);
      return enrolled(row, user);
    },

    async enrolPasskeyOptions(ticket: string): Promise<PasskeyOptions> {
      const row = await ticketAt(ticket, 'enrol');
      const user = await ticketUser(row);
      const options = await registrationOptions(user);
      const challengeId = await newChallenge('enrol', String(options.challenge), { ticketId: row.id });
      return { challengeId, options };
    },

    async enrolPasskey(body: {
      ticket?: string | undefined;
      challengeId: string;
      response: Record<string, unknown>;
      name?: string | undefined;
    }): Promise<Enrolled> {
      const row = await ticketAt(body.ticket, 'enrol');
      const user = await ticketUser(row);
      const challenge = await store.takeChallenge(db, body.challengeId, 'enrol');
      if (!challenge || challenge.ticketId !== row.id) throw new BadRequestError(MfaMessages.passkeyFailed);
      await registerPasskey(user, challenge, body.response, body.name);
      return enrolled(row, user);
    },

    // The profile: a signed-in user's own methods.

    async factors(session: Session): Promise<Factors> {
      const rows = await store.factorsOf(db, session.user.id);
      const at = await store.confirmedAtOf(db, session.id);
      const until = at ? at.getTime() + FACTOR_CONFIRM_MS : 0;
      // Confirmations are on the sessions' clock, as the session's own times are.
      return {
        factors: rows.map(toFactor),
        recoveryCodesLeft: await store.recoveryCodesLeft(db, session.user.id),
        required: required(session.user.role),
        confirmedUntil: until > sessions.clock() ? new Date(until).toISOString() : null,
      };
    },

    /** Confirms it is the user, with the password or a code, before changes to the methods. */
    async confirm(
      session: Session,
      body: { password?: string | undefined; code?: string | undefined },
      address: string,
    ): Promise<{ confirmedUntil: string }> {
      const user = await sessionUser(session);
      if (body.password !== undefined) {
        const who = { account: user.username, address };
        const stored = await store.passwordHashOf(db, user.id);
        const ok = await limitedPasswordCheck(db, who, currentPasswordLimits(who), () =>
          verifyPassword(body.password ?? '', stored),
        );
        if (!ok) throw new BadRequestError(MfaMessages.confirmWrong);
      } else {
        await limitedCode(user.id, address, async () =>
          (await checkCode(user, body.code ?? '')) === true ? true : MfaMessages.confirmWrong,
        );
      }
      const now = new Date(sessions.clock());
      await store.markConfirmed(db, session.id, now);
      return { confirmedUntil: new Date(now.getTime() + FACTOR_CONFIRM_MS).toISOString() };
    },

    async addTotp(session: Session): Promise<TotpSetup> {
      await requireConfirmed(session);
      const user = await sessionUser(session);
      if ((await store.factorsOf(db, user.id)).some((f) => f.kind === 'totp'))
        throw new ConflictError(MfaMessages.totpExists);
      const secret = newTotpSecret();
      await store.insertPendingTotp(db, user.id, secret, FACTOR_LABELS.totp);
      return totpSetup(secret, user.username);
    },

    async addTotpConfirm(
      session: Session,
      body: { code: string; name?: string | undefined },
      address: string,
    ): Promise<RecoveryCodes> {
      const user = await sessionUser(session);
      await confirmPendingTotp(user, body.code, address);
      if (body.name)
        await db
          .update(userFactors)
          .set({ name: body.name })
          .where(and(eq(userFactors.userId, user.id), eq(userFactors.kind, 'totp')));
      await mail(user, 'an authenticator app was added', addedText(FACTOR_LABELS.totp));
      return { recoveryCodes: await recoveryCodesForFirstFactor(user.id) };
    },

    async addPasskeyOptions(session: Session): Promise<PasskeyOptions> {
      await requireConfirmed(session);
      const user = await sessionUser(session);
      const options = await registrationOptions(user);
      const challengeId = await newChallenge('add', String(options.challenge), { userId: user.id });
      return { challengeId, options };
    },

    async addPasskey(
      session: Session,
      body: { challengeId: string; response: Record<string, unknown>; name?: string | undefined },
    ): Promise<RecoveryCodes> {
      const user = await sessionUser(session);
      const challenge = await store.takeChallenge(db, body.challengeId, 'add');
      if (!challenge || challenge.userId !== user.id) throw new BadRequestError(MfaMessages.passkeyFailed);
      await registerPasskey(user, challenge, body.response, body.name);
      await mail(user, 'a passkey was added', addedText(FACTOR_LABELS.passkey));
      return { recoveryCodes: await recoveryCodesForFirstFactor(user.id) };
    },

    async remove(session: Session, id: number): Promise<{ message: string }> {
      await requireConfirmed(session);
      const user = await sessionUser(session);
      const factors = await store.factorsOf(db, user.id);
      const factor = factors.find((f) => f.id === id);
      if (!factor) throw new NotFoundError(MfaMessages.factorNotFound);
      if (factors.length === 1 && required(user.role))
        throw new ConflictError(MfaMessages.lastFactorRequired);
      await db.transaction(async (tx) => {
        await tx.delete(userFactors).where(eq(userFactors.id, id));
        // Without a factor, recovery codes would stand in for one that is gone.
        if (factors.length === 1) await store.removeAllFactors(tx, user.id);
        await mail(
          user,
          `${factor.kind === 'passkey' ? 'a passkey' : 'an authenticator app'} was removed`,
          `The ${FACTOR_LABELS[factor.kind].toLowerCase()} "${factor.name}" was removed from your account's sign-in methods.\n\nIf this was not you, reset your password at once and tell the MLS.`,
          tx,
        );
      });
      return { message: MfaMessages.removed };
    },

    async regenerateRecoveryCodes(session: Session): Promise<RecoveryCodes> {
      await requireConfirmed(session);
      const user = await sessionUser(session);
      if ((await store.factorsOf(db, user.id)).length === 0) throw new ConflictError(MfaMessages.enrolFirst);
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await store.replaceRecoveryCodes(tx, user.id, codes);
        await mail(
          user,
          'new recovery codes were made',
          'New recovery codes were made for your account; the earlier ones no longer work.\n\nIf this was not you, reset your password at once and tell the MLS.',
          tx,
        );
      });
      return { recoveryCodes: codes };
    },

    // The console.

    async staffFactors(userId: number): Promise<StaffFactors> {
      const user = await store.userOf(db, userId);
      if (!user) throw new NotFoundError();
      return {
        factors: (await store.factorsOf(db, userId)).map(toFactor),
        recoveryCodesLeft: await store.recoveryCodesLeft(db, userId),
        required: required(user.role),
      };
    },

    /**
     * Removes every factor and recovery code of a user, in the caller's transaction (which records
     * who did it), ends their sessions, and mails them.
     */
    async resetInTransaction(
      tx: Db,
      actor: Acting,
      userId: number,
    ): Promise<store.SignInUser & { required: boolean }> {
      const user = await store.userOf(tx, userId);
      if (!user) throw new NotFoundError();
      await store.removeAllFactors(tx, userId);
      await sessions.endAllInTransaction(tx, userId, 'factors-reset');
      const who =
        actor.userId === null ? 'The MLS' : `${actor.firstName} ${actor.lastName}`.trim() || actor.username;
      await mail(
        user,
        'two-step sign-in was reset',
        `${who} reset two-step sign-in on your account: your authenticator app, passkeys and recovery codes no longer sign you in.${required(user.role) ? ' You will set up a new one at your next sign-in.' : ' You can set up a new one from your profile.'}\n\nIf you did not ask for this, tell the MLS at once.`,
        tx,
      );
      return { ...user, required: required(user.role) };
    },

    prune: () => store.pruneTickets(db),
  };

  function addedText(label: string): string {
    return `${label === FACTOR_LABELS.totp ? 'An authenticator app' : 'A passkey'} was added to your account's sign-in methods.\n\nIf this was not you, reset your password at once and tell the MLS.`;
  }

  /** Enrolment at sign-in done: the first recovery codes, the mail, and the session. */
  async function enrolled(row: store.TicketRow, user: store.SignInUser): Promise<Enrolled> {
    const recoveryCodes = await recoveryCodesForFirstFactor(user.id);
    const session = await finish(row, user);
    const added = (await store.factorsOf(db, user.id)).at(-1);
    await mail(
      user,
      `${added?.kind === 'passkey' ? 'a passkey' : 'an authenticator app'} was added`,
      addedText(FACTOR_LABELS[added?.kind ?? 'totp']),
    );
    return { ...session, recoveryCodes };
  }
}

export type MfaService = ReturnType<typeof mfaService>;
