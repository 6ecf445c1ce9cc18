import { createHash, randomBytes } from 'node:crypto';
import { AVATAR_SIZE, AVATAR_TYPES, AvatarMessages } from '@vp/contract';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import type { AppContext } from '../../context.ts';
import { userAvatars, users } from '../../db/schema.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';

/** Pictures larger than this many pixels are refused before they are decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
const MIN_SIDE = 16;
/** Enough of the start of a file for file-type to tell PNG, JPEG and WebP (and what they are not). */
const SNIFF_BYTES = 4_100;
const STORED_TYPE = 'image/webp';

/**
 * Where a picture is served. An <img> sends no Authorization header, so the address itself is the
 * key: 128 random bits, new with each picture, so it is also cached for good.
 */
export function avatarAddress(token: string): string {
  return `/api/avatars/${token}`;
}

export const AVATAR_TOKEN = /^[0-9a-f]{32}$/;

/**
 * The picture as stored: what the bytes are is read from the bytes (never the client's type or
 * name), then it is turned upright, cut to a centred square of AVATAR_SIZE pixels and written as
 * WebP, which drops whatever metadata the original carried (location, camera).
 */
export async function resizeAvatar(data: Buffer): Promise<Buffer> {
  // What a picture is shows in its first bytes; the sniffers are never given the whole upload,
  // which some of them would scan to the end on the main thread.
  const sniffed = await fileTypeFromBuffer(data.subarray(0, SNIFF_BYTES));
  if (!sniffed || !(AVATAR_TYPES as readonly string[]).includes(sniffed.mime))
    throw new BadRequestError(AvatarMessages.notImage);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new BadRequestError(AvatarMessages.unreadable);
  }
  if ((meta.width ?? 0) < MIN_SIDE || (meta.height ?? 0) < MIN_SIDE)
    throw new BadRequestError(AvatarMessages.tooSmall);
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new BadRequestError(AvatarMessages.unreadable);
  }
}

export function avatarService({ db, sessions }: AppContext) {
  return {
    /** Stores the resized picture and points the account at it; answers the new address. */
    async save(userId: number, data: Buffer): Promise<string> {
      const image = await resizeAvatar(data);
      const sha256 = createHash('sha256').update(image).digest('hex');
      const token = randomBytes(16).toString('hex');
      const address = avatarAddress(token);
      await db.transaction(async (tx) => {
        await tx
          .insert(userAvatars)
          .values({ userId, image, contentType: STORED_TYPE, token, sha256 })
          .onConflictDoUpdate({
            target: userAvatars.userId,
            set: { image, contentType: STORED_TYPE, token, sha256, updatedAt: new Date() },
          });
        await tx.update(users).set({ avatar: address, updatedAt: new Date() }).where(eq(users.id, userId));
      });
      await sessions.userChanged(userId);
      return address;
    },

    async remove(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
        await tx.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId));
      });
      await sessions.userChanged(userId);
    },

    async read(token: string): Promise<{ image: Buffer; contentType: string }> {
      if (!AVATAR_TOKEN.test(token)) throw new NotFoundError();
      const [row] = await db
        .select({ image: userAvatars.image, contentType: userAvatars.contentType })
        .from(userAvatars)
        .where(eq(userAvatars.token, token))
        .limit(1);
      if (!row) throw new NotFoundError();
      return row;
    },
  };
}
