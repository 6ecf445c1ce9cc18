import type { Role } from '@vp/contract';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from './scope.ts';

/**
 * Who acts. The names are snapshotted into History entries and requests so they outlive the user;
 * the role decides the moves only MLS staff may make.
 */
export interface Actor {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** The actor of a route declared `session` or stricter. */
export function actorOf(request: FastifyRequest): Actor {
  const { user, apiKey } = sessionOf(request);
  // A key is named in History and notifications with the person who made it.
  if (apiKey)
    return {
      userId: user.id,
      username: `API key ${apiKey.name}`,
      firstName: `API key ${apiKey.name},`,
      lastName: `created by ${user.firstName} ${user.lastName}`.trim(),
      role: user.role,
    };
  return {
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
  };
}

/** Who acts, a user or the portal itself (a scheduled job), whose changes name no user. */
export type Acting = Omit<Actor, 'userId'> & { userId: number | null };

/** The portal's own scheduled work, as History and notifications name it. */
export const SYSTEM_ACTOR: Acting = {
  userId: null,
  username: 'system',
  firstName: 'Vendor Portal',
  lastName: '',
  role: 'admin',
};
