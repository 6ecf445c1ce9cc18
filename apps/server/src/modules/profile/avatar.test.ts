import { AVATAR_MAX_BYTES, AVATAR_SIZE, AvatarMessages, profileSchema } from '@vp/contract';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
let demo: string;
let viewer: string;
beforeAll(async () => {
  t = await setup();
  demo = await t.login('demo');
  viewer = await t.login('viewer');
});
afterAll(async () => {
  await t.close();
});

/** A photo-like test picture: a gradient, so the encoder has real work and the bytes are real. */
async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 800, height = 600): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    raw[i * 3] = (i % width) % 256;
    raw[i * 3 + 1] = Math.floor(i / width) % 256;
    raw[i * 3 + 2] = 128;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const upload = (token: string, body: Buffer, type = 'image/png') =>
  t.inject({
    method: 'PUT',
    url: '/api/profile/avatar',
    headers: { ...t.auth(token), 'content-type': type },
    payload: body,
  });

describe('the profile picture', () => {
  it('stores a PNG as a 256 px WebP square and points the profile at it', async () => {
    const res = await upload(demo, await picture('png'));
    expect(res.statusCode).toBe(200);
    const profile = profileSchema.parse(res.json());
    expect(profile.avatar).toMatch(/^\/api\/avatars\/[0-9a-f]{32}$/);

    // An <img> sends no token: the address itself is the key.
    const image = await t.inject({ method: 'GET', url: profile.avatar! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });

    const again = await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(demo) });
    expect(again.json().avatar).toBe(profile.avatar);
  });

  it('takes JPEG and WebP too, whatever type the client claims, and a new picture gets a new address', async () => {
    const first = (await upload(demo, await picture('jpeg', 300, 900), 'application/octet-stream')).json();
    const second = await upload(demo, await picture('webp', 400, 400), 'image/png');
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar).not.toBe(first.avatar);
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, with the reason', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(demo) })).json()
      .avatar;
    for (const body of [
      await picture('gif', 50, 50),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7\n'),
    ]) {
      const res = await upload(demo, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AvatarMessages.notImage);
    }
    const empty = await upload(demo, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const after = (await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(demo) })).json()
      .avatar;
    expect(after).toBe(before);
  });

  it('refuses a damaged image and one too small to show', async () => {
    const png = await picture('png', 200, 200);
    const cut = await upload(demo, png.subarray(0, 200));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(AvatarMessages.unreadable);
    const tiny = await upload(demo, await picture('png', 8, 8));
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().message).toBe(AvatarMessages.tooSmall);
  });

  it('refuses a body over 2 MB with its own message', async () => {
    const big = Buffer.concat([await picture('png', 64, 64), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(demo, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(AvatarMessages.tooLarge);
  });

  it('refuses a picture whose pixel count would exhaust memory when decoded', async () => {
    // A PNG whose header claims 30,000 × 30,000 pixels: a few KB on the wire, gigabytes decoded.
    const bomb = Buffer.from(await picture('png', 64, 64));
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    const res = await upload(demo, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AvatarMessages.unreadable);
  });

  it("is the read-only user's own to set and remove; the picture is never another user's", async () => {
    const set = await upload(viewer, await picture('jpeg', 256, 256), 'image/jpeg');
    expect(set.statusCode).toBe(200);
    const address = set.json().avatar as string;
    const demos = (await t.inject({ method: 'GET', url: '/api/profile', headers: t.auth(demo) })).json();
    expect(address).not.toBe(demos.avatar);

    const replaced = await upload(viewer, await picture('png', 300, 300));
    const old = await t.inject({ method: 'GET', url: address });
    expect(old.statusCode).toBe(404);

    const removed = await t.inject({ method: 'DELETE', url: '/api/profile/avatar', headers: t.auth(viewer) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().avatar).toBeNull();
    const gone = await t.inject({ method: 'GET', url: replaced.json().avatar });
    expect(gone.statusCode).toBe(404);
    const guessed = await t.inject({ method: 'GET', url: '/api/avatars/..%2F..%2Fetc' });
    expect(guessed.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/profile/avatar',
      headers: { 'content-type': 'image/png' },
      payload: await picture('png', 64, 64),
    });
    expect(res.statusCode).toBe(401);
    const removal = await t.inject({ method: 'DELETE', url: '/api/profile/avatar' });
    expect(removal.statusCode).toBe(401);
  });

  it('is the only route that takes an image body', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...t.auth(demo), 'content-type': 'image/png' },
      payload: await picture('png', 64, 64),
    });
    expect(res.statusCode).toBe(415);
  });
});
