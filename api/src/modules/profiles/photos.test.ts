/**
 * Profile photos (issue 57) over real HTTP on each engine: a member's upload checked by its content
 * (JPEG, PNG, WebP; SVG, GIF, text and damaged files refused with the field's message, nothing
 * changed), the size and pixel limits (a 100-megapixel PNG of a few hundred bytes is refused from its
 * header), EXIF stripped, three square WebP sizes at a content-addressed path cached for good, If-Match,
 * staff uploading (members:edit, audited) and removing (members:delete), and erasure taking it away.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, type MemberProfile } from '@npo/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';

const base64 = (bytes: Buffer) => bytes.toString('base64');

/** A JPEG carrying EXIF: an artist's name and a GPS position. */
const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Asha at home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 0/1' },
    })
    .toBuffer();

let shade = 0;
/** A PNG of its own colour: photos are content-addressed, so two tests' photos must differ. */
const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 40, g: shade++ % 256, b: 90 } } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 200, height: 300, channels: 3, background: '#33c' } })
    .webp()
    .toBuffer();

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header says 10,000 x 10,000 pixels (100 MP), in a file of a few hundred bytes. */
function hundredMegapixelPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(10_000, 0);
  header.writeUInt32BE(10_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const firstRows = deflateSync(Buffer.alloc(10 * 10_001));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEngines('profile photos on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  let editorToken: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    superToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    editorToken = (
      await app.createUser({ role: 'admin', permissions: { members: { view: true, edit: true, delete: false } } })
    ).token;
  });
  afterAll(() => app.close());

  const upload = (token: string, image: string, ifMatch?: string) =>
    app.request<{ data: MemberProfile; message?: string; errors?: { field: string; message: string }[] }>(
      'PUT',
      '/api/account/profile/photo',
      { token, body: { image }, ...(ifMatch && { headers: { 'if-match': ifMatch } }) },
    );
  const served = (path: string) => fetch(`${app.baseUrl}${path}`);
  const photoRows = (userId: number) => app.runtime.deps.db('member_photos').where({ user_id: userId });

  it('takes a JPEG: three square WebP sizes, EXIF (GPS) gone, at a content-addressed path cached for good', async () => {
    const { user, token } = await app.createUser({ role: 'member' });
    const original = await jpegWithGps();
    const exif = (await sharp(original).metadata()).exif!;
    expect(exif.includes('Asha at home')).toBe(true);
    expect(exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))).toBe(true); // GPS IFD

    const saved = await upload(token, base64(original), '"1"');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Photo saved');
    expect(saved.headers.get('etag')).toBe('"2"');
    const photo = saved.body.data.photo!;
    expect(photo.key).toMatch(/^[0-9a-f]{32}$/);
    expect(photo).toEqual({
      key: photo.key,
      small: `/api/photos/${photo.key}/96`,
      medium: `/api/photos/${photo.key}/256`,
      large: `/api/photos/${photo.key}/512`,
    });
    expect((await app.request('GET', '/api/account/profile', { token })).body.data.photo).toEqual(photo);

    for (const [path, size] of [
      [photo.small, 96],
      [photo.medium, 256],
      [photo.large, 512],
    ] as const) {
      const answer = await served(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await answer.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: size, height: size });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(bytes.includes('Asha at home')).toBe(false);
      expect(bytes.includes('Exif')).toBe(false);
    }
    expect(await photoRows(user.id)).toHaveLength(1);
  });

  it('takes a PNG and a WebP; a new photo replaces the old, whose path then answers 404', async () => {
    const { token } = await app.createUser({ role: 'member' });
    const first = await upload(token, base64(await png()));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await upload(token, base64(await webp()), first.headers.get('etag')!);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.photo!.key).not.toBe(first.body.data.photo!.key);
    expect((await served(second.body.data.photo!.medium)).status).toBe(200);
    expect((await served(first.body.data.photo!.medium)).status).toBe(404);
  });

  it('refuses what is not a JPEG, PNG or WebP by its content, with the field message, changing nothing', async () => {
    const { user, token } = await app.createUser({ role: 'member' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const damagedJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]);
    const cases: [string, string][] = [
      [base64(svg), PHOTO_MESSAGES.type],
      [base64(gif), PHOTO_MESSAGES.type],
      [base64(Buffer.from('%PDF-1.7 a document')), PHOTO_MESSAGES.type],
      [base64(Buffer.from('just some text')), PHOTO_MESSAGES.type],
      [base64(damagedJpeg), PHOTO_MESSAGES.unreadable],
      ['data:image/png;base64,iVBORw0KGgo=', PHOTO_MESSAGES.notBase64],
      ['', PHOTO_MESSAGES.missing],
    ];
    for (const [image, message] of cases) {
      const refused = await upload(token, image);
      expect(refused.status, message).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'image', message }]);
    }
    const wrongType = await app.request('PUT', '/api/account/profile/photo', { token, body: { image: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0].field).toBe('image');
    expect(await photoRows(user.id)).toEqual([]);
    expect((await app.request('GET', '/api/account/profile', { token })).body.data).toMatchObject({
      revision: 1,
      photo: null,
    });
  });

  it('refuses a 100-megapixel PNG from its header, before decoding it', async () => {
    const { user, token } = await app.createUser({ role: 'member' });
    const bomb = hundredMegapixelPng();
    expect(bomb.length).toBeLessThan(2_000);
    const started = performance.now();
    const refused = await upload(token, base64(bomb));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'image', message: PHOTO_MESSAGES.tooManyPixels }]);
    // Decoding 100 MP would take seconds and 100 MB; reading the header takes a moment.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(await photoRows(user.id)).toEqual([]);
  });

  it('refuses a file over the size limit (field message) and a body over the route’s limit (413)', async () => {
    const { token } = await app.createUser({ role: 'member' });
    const overFile = Buffer.concat([await png(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const tooLarge = await upload(token, base64(overFile));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors).toEqual([{ field: 'image', message: PHOTO_MESSAGES.tooLarge }]);
    const overBody = await app.request('PUT', '/api/account/profile/photo', {
      token,
      rawBody: JSON.stringify({ image: 'A'.repeat(9 * 1024 * 1024) }),
    });
    expect(overBody.status).toBe(413);
  });

  it('honours If-Match, and is for members only', async () => {
    const { token } = await app.createUser({ role: 'member' });
    const image = base64(await png());
    expect((await upload(token, image, '"1"')).status).toBe(200);
    const stale = await upload(token, image, '"1"');
    expect(stale.status).toBe(409);
    const staleRemove = await app.request('DELETE', '/api/account/profile/photo', {
      token,
      headers: { 'if-match': '"1"' },
    });
    expect(staleRemove.status).toBe(409);
    expect((await upload(editorToken, image)).status).toBe(403);
    expect((await app.request('PUT', '/api/account/profile/photo', { body: { image } })).status).toBe(401);
  });

  it('“Remove photo” deletes every size; removing none changes nothing', async () => {
    const { user, token } = await app.createUser({ role: 'member' });
    const saved = await upload(token, base64(await png()));
    const photo = saved.body.data.photo!;
    const removed = await app.request('DELETE', '/api/account/profile/photo', {
      token,
      headers: { 'if-match': saved.headers.get('etag')! },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Photo removed');
    expect(removed.body.data.photo).toBeNull();
    expect(await photoRows(user.id)).toEqual([]);
    for (const path of [photo.small, photo.medium, photo.large]) expect((await served(path)).status).toBe(404);
    const again = await app.request('DELETE', '/api/account/profile/photo', { token });
    expect(again.status).toBe(200);
    expect(again.body.data.revision).toBe(removed.body.data.revision);
  });

  it('answers 404 for an unknown photo and for a path that names none (no such size or key)', async () => {
    expect((await served('/api/photos/0123456789abcdef0123456789abcdef/96')).status).toBe(404);
    expect((await served('/api/photos/0123456789abcdef0123456789abcdef/100')).status).toBe(404);
    expect((await served('/api/photos/not-a-key/96')).status).toBe(404);
  });

  describe('staff in the member’s detail', () => {
    it('upload with members:edit (audited), remove with members:delete', async () => {
      const { user } = await app.createUser({ role: 'member' });
      const path = `/api/admin/members/${user.id}/profile/photo`;
      const saved = await app.request('PUT', path, {
        token: editorToken,
        body: { image: base64(await jpegWithGps()) },
        headers: { 'if-match': '"1"' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const key = saved.body.data.photo.key;
      const entry = await app.runtime.deps
        .db(AUDIT_TABLE)
        .where({ module: 'members', entity_id: String(user.id), action: 'update' })
        .first();
      expect((JSON.parse(entry?.changes ?? 'null') as { photo: unknown }).photo).toMatchObject({
        before: null,
        after: { key },
      });

      expect((await app.request('DELETE', path, { token: editorToken })).status).toBe(403);
      const removed = await app.request('DELETE', path, { token: superToken, headers: { 'if-match': '"2"' } });
      expect(removed.status).toBe(200);
      expect(removed.body.data.photo).toBeNull();
      expect(await photoRows(user.id)).toEqual([]);
    });

    it('refuses a bad file with the field message, and answers 404 for no member', async () => {
      const { user } = await app.createUser({ role: 'member' });
      const svg = base64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
      const refused = await app.request('PUT', `/api/admin/members/${user.id}/profile/photo`, {
        token: editorToken,
        body: { image: svg },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'image', message: PHOTO_MESSAGES.type }]);
      const staff = await app.createUser({ role: 'admin' });
      for (const id of [999_999, staff.user.id]) {
        const missing = await app.request('PUT', `/api/admin/members/${id}/profile/photo`, {
          token: editorToken,
          body: { image: base64(await png()) },
        });
        expect(missing.status).toBe(404);
      }
    });

    it('erasure removes the photo: its paths answer 404', async () => {
      const { user, token } = await app.createUser({ role: 'member' });
      const photo = (await upload(token, base64(await png()))).body.data.photo!;
      expect((await app.request('DELETE', `/api/admin/members/${user.id}`, { token: superToken })).status).toBe(200);
      expect(await photoRows(user.id)).toEqual([]);
      expect((await served(photo.large)).status).toBe(404);
    });
  });
});
