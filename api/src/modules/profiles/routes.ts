/** Professional profiles (issue 57): the member's own (/api/account/profile) and staff's (/api/admin/members/:id/profile). */
import { API, type PhotoSize } from '@npo/shared';
import { notFound } from '../../errors.js';
import { ok, okItem } from '../../lib/respond.js';
import { callerOf } from '../../middleware/session.js';
import type { ModuleContext } from '../context.js';
import { createProfilesService, PROFILE_SAVED } from './service.js';

const PHOTO_SAVED = 'Photo saved';
const PHOTO_REMOVED = 'Photo removed';
/** A photo's path names its content, so what it answers never changes: caches keep it for a year. */
const PHOTO_CACHE = 'public, max-age=31536000, immutable';

const LISTING_ON = 'You will be listed in the directory once your registration is verified.';
const LISTED = 'You are listed in the directory.';
const LISTING_OFF = 'You are not listed in the directory.';
const VERIFICATION_MESSAGES = {
  pending: 'Registration set back to pending',
  verified: 'Registration verified',
  declined: 'Registration declined; the member has been mailed the reason',
} as const;

export function registerProfiles({ deps, route }: ModuleContext): void {
  const profiles = createProfilesService(deps);

  route(API.directory.specialties, async (ctx) => ok(ctx, await profiles.specialties()));

  route(API.directory.photo, async (ctx) => {
    const { key, size } = ctx.state.input.params;
    const image = await profiles.photoImage(key, Number(size) as PhotoSize);
    if (!image) throw notFound('Photo');
    ctx.set('Cache-Control', PHOTO_CACHE);
    ctx.type = 'image/webp';
    ctx.body = image;
  });

  route(API.account.profile, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    okItem(ctx, await profiles.own(callerOf(ctx)));
  });
  route(API.account.setProfile, async (ctx) => {
    const { body, expectedRevision } = ctx.state.input;
    okItem(ctx, await profiles.saveOwn(callerOf(ctx), body, expectedRevision), { message: PROFILE_SAVED });
  });

  route(API.account.setListing, async (ctx) => {
    const { body, expectedRevision } = ctx.state.input;
    const profile = await profiles.setListing(callerOf(ctx), body.listed, expectedRevision);
    const listedNow = profile.verification.status === 'verified' ? LISTED : LISTING_ON;
    okItem(ctx, profile, { message: body.listed ? listedNow : LISTING_OFF });
  });

  route(API.account.setPhoto, async (ctx) => {
    const { body, expectedRevision } = ctx.state.input;
    okItem(ctx, await profiles.setOwnPhoto(callerOf(ctx), body.image, expectedRevision), { message: PHOTO_SAVED });
  });
  route(API.account.removePhoto, async (ctx) => {
    okItem(ctx, await profiles.removeOwnPhoto(callerOf(ctx), ctx.state.input.expectedRevision), {
      message: PHOTO_REMOVED,
    });
  });

  route(API.members.profile, async (ctx) => okItem(ctx, await profiles.ofMember(ctx.state.input.params.id)));
  route(API.members.setProfile, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await profiles.saveForMember(params.id, body, expectedRevision), { message: PROFILE_SAVED });
  });
  route(API.members.setPhoto, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await profiles.setMemberPhoto(params.id, body.image, expectedRevision), { message: PHOTO_SAVED });
  });
  route(API.members.removePhoto, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await profiles.removeMemberPhoto(params.id, expectedRevision), { message: PHOTO_REMOVED });
  });
  route(API.members.verify, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    const profile = await profiles.verify(params.id, body, ctx.state.user.id, expectedRevision);
    okItem(ctx, profile, { message: VERIFICATION_MESSAGES[body.status] });
  });
}
