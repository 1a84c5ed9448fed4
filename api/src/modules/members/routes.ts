import { API } from '@npo/shared';
import { sendCsvExport } from '../../lib/csv.js';
import { createRateLimiter } from '../../lib/rate-limits.js';
import { ok, okItem, okPage } from '../../lib/respond.js';
import { callerOf } from '../../middleware/session.js';
import type { ModuleContext } from '../context.js';
import { createMemberImport } from './import.js';
import { ACCOUNT_CLOSED, createOwnDataService } from './own-data.js';
import { MEMBERS_CSV } from './presenter.js';
import { createMembersService } from './service.js';

export function registerMembers({ deps, route }: ModuleContext): void {
  const members = createMembersService(deps);
  const own = createOwnDataService(deps);
  const limits = createRateLimiter(deps);
  const imports = createMemberImport(deps);

  route(API.members.list, async (ctx) => {
    const { query } = ctx.state.input;
    okPage(ctx, 'members', await members.list(query), query);
  });
  route(API.members.exportCsv, async (ctx) => {
    const { query } = ctx.state.input;
    await sendCsvExport(ctx, deps, ctx.state.user.id, 'members.csv', MEMBERS_CSV, () => members.exportPages(query));
  });
  route(API.members.get, async (ctx) => okItem(ctx, await members.get(ctx.state.input.params.id)));
  route(API.members.deactivate, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await members.deactivate(params.id, expectedRevision), { message: 'Member deactivated' });
  });
  route(API.members.reactivate, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await members.reactivate(params.id, expectedRevision), { message: 'Member reactivated' });
  });
  route(API.members.erase, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    await members.erase(params.id, expectedRevision);
    ok(ctx, null, { message: 'Member erased' });
  });

  // The JSON file itself (not the envelope), as a download that no cache keeps.
  route(API.account.data, async (ctx) => {
    const data = await own.exportData(ctx.state.user.id);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(data, null, 2);
  });

  // Rate-limited like a password change: a stolen session must not be a way to guess the password.
  route(
    API.account.close,
    async (ctx) => {
      await own.close(callerOf(ctx), ctx.state.input.body.password);
      ok(ctx, null, { message: ACCOUNT_CLOSED });
    },
    { before: [limits.limit('changePassword')] },
  );
  route(API.members.importPreview, async (ctx) => ok(ctx, await imports.preview(ctx.state.input.body.csv)));
  route(API.members.import, async (ctx) => {
    const { csv, sendWelcomeMail } = ctx.state.input.body;
    const result = await imports.run(csv, sendWelcomeMail);
    ok(ctx, result, { message: `${result.imported} ${result.imported === 1 ? 'member' : 'members'} imported` });
  });
}
