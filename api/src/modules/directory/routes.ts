/** The public directory (issue 57): its pages, a professional's page, and "Contact this professional". */
import { API, PROOF_OF_WORK_HEADER } from '@npo/shared';
import { ok } from '../../lib/respond.js';
import { createContactFloodGuard } from '../contact-messages/flood.js';
import type { ModuleContext } from '../context.js';
import { createDirectoryService, DIRECTORY_CONTACT_SENT } from './service.js';

export function registerDirectory({ deps, route }: ModuleContext): void {
  const directory = createDirectoryService(deps);
  const flood = createContactFloodGuard(deps);

  route(API.directory.list, async (ctx) => ok(ctx, await directory.list(ctx.state.input.query)));
  route(API.directory.get, async (ctx) => ok(ctx, await directory.profile(ctx.state.input.params.slug)));
  route(
    API.directory.contact,
    async (ctx) => {
      // Past the site-wide rate a message needs a solved proof of work, as on the contact form.
      if (ctx.state.pastSiteRate === true) await flood.requireProofOfWork(ctx.get(PROOF_OF_WORK_HEADER));
      await directory.contact(ctx.state.input.params.slug, ctx.state.input.body, flood.limits);
      ok(ctx, null, { message: DIRECTORY_CONTACT_SENT });
    },
    { before: [flood.limit('directoryContact')] },
  );
}
