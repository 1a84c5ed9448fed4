import { API, type Member } from '@npo/shared';
import { csvPages, sendCsvExport } from '../../lib/csv.js';
import { ok, okItem, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { createMemberImport } from './import.js';
import { createMembersService } from './service.js';

const CSV_HEADER = ['Name', 'E-mail', 'Status', 'Joined at', 'Last sign-in'];
const csvRow = (member: Member) => [
  member.name,
  member.email,
  member.isActive ? 'Active' : 'Deactivated',
  member.joinedAt,
  member.lastLogin,
];

export function registerMembers({ deps, route }: ModuleContext): void {
  const members = createMembersService(deps);
  const imports = createMemberImport(deps);

  route(API.members.list, async (ctx) => {
    const { query } = ctx.state.input;
    okPage(ctx, 'members', await members.list(query), query);
  });
  route(API.members.exportCsv, async (ctx) => {
    const { query } = ctx.state.input;
    await sendCsvExport(ctx, deps, ctx.state.user.id, 'members.csv', CSV_HEADER, async () =>
      csvPages(await members.exportPages(query), csvRow),
    );
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
  route(API.members.importPreview, async (ctx) => ok(ctx, await imports.preview(ctx.state.input.body.csv)));
  route(API.members.import, async (ctx) => {
    const { csv, sendWelcomeMail } = ctx.state.input.body;
    const result = await imports.run(csv, sendWelcomeMail);
    ok(ctx, result, { message: `${result.imported} ${result.imported === 1 ? 'member' : 'members'} imported` });
  });
}
