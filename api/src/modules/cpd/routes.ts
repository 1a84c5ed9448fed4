/** CPD (issue 58): the member's /account/activities, its CSV and certificates, and the public check of a code. */
import { API } from '@npo/shared';
import { setCsvHeaders } from '../../lib/csv.js';
import { createRateLimiter } from '../../lib/rate-limits.js';
import { ok } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { createCpdService } from './service.js';

export function registerCpd({ deps, route }: ModuleContext): void {
  const cpd = createCpdService(deps);
  const limits = createRateLimiter(deps);

  route(API.account.activities, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, await cpd.own(ctx.state.user));
  });
  route(API.account.exportCpd, async (ctx) => {
    const text = await cpd.csv(ctx.state.user);
    setCsvHeaders(ctx, 'cpd-record.csv');
    ctx.body = text;
  });
  route(API.account.certificate, async (ctx) => {
    const activityId = ctx.state.input.params.id;
    const { pdf } = await cpd.certificate(ctx.state.user, activityId);
    ctx.status = 200;
    ctx.set('Content-Type', 'application/pdf');
    ctx.set('Content-Disposition', `attachment; filename="cpd-certificate-${activityId}.pdf"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = Buffer.from(pdf);
  });

  // Counted per address like sign-in (lib/rate-limits.ts): codes cannot be tried in bulk.
  route(
    API.certificates.verify,
    async (ctx) => {
      ctx.set('Cache-Control', 'private, no-store');
      ok(ctx, await cpd.verify(ctx.state.input.params.code));
    },
    { before: [limits.limit('verifyCertificate')] },
  );
}
