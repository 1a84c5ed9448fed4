/** The specialties list as staff keep it (issue 57): /api/admin/specialties. */
import { API } from '@npo/shared';
import { ok, okItem } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { createSpecialtiesService } from './service.js';

export function registerSpecialties({ deps, route }: ModuleContext): void {
  const specialties = createSpecialtiesService(deps);

  route(API.specialties.list, async (ctx) => ok(ctx, await specialties.list()));
  route(API.specialties.create, async (ctx) => {
    okItem(ctx, await specialties.create(ctx.state.input.body.name), { status: 201, message: 'Specialty added' });
  });
  route(API.specialties.update, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await specialties.rename(params.id, body.name, expectedRevision), { message: 'Specialty renamed' });
  });
  route(API.specialties.remove, async (ctx) => {
    const { params, query, expectedRevision } = ctx.state.input;
    await specialties.remove(params.id, query.removeFromProfiles, expectedRevision);
    ok(ctx, null, { message: 'Specialty removed' });
  });
}
