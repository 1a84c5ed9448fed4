/** Memberships that renew (issue 57): staff's renewal date of a member, and the member's own status. */
import { API } from '@npo/shared';
import { ok, okItem } from '../../lib/respond.js';
import { callerOf } from '../../middleware/session.js';
import type { ModuleContext } from '../context.js';
import { createRenewalsService, MEMBERSHIP_CLEARED, MEMBERSHIP_SAVED } from './service.js';

export function registerRenewals({ deps, route }: ModuleContext): void {
  const renewals = createRenewalsService(deps);

  route(API.members.setMembership, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    const member = await renewals.setRenewalDate(params.id, body.renewalDate, expectedRevision);
    okItem(ctx, member, { message: body.renewalDate === null ? MEMBERSHIP_CLEARED : MEMBERSHIP_SAVED });
  });

  route(API.account.membership, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, await renewals.own(callerOf(ctx)));
  });
}
