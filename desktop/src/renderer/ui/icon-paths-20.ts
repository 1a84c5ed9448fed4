/** The 20 px paths of every icon the console names; one chunk, loaded by ./icons.ts on first use. */
import type { IconName } from '@blueprintjs/icons';
import add from '@blueprintjs/icons/lib/esm/generated/20px/paths/add';
import arrowDown from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-down';
import arrowUp from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-up';
import calendar from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar';
import caretDown from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down';
import clipboard from '@blueprintjs/icons/lib/esm/generated/20px/paths/clipboard';
import comment from '@blueprintjs/icons/lib/esm/generated/20px/paths/comment';
import comparison from '@blueprintjs/icons/lib/esm/generated/20px/paths/comparison';
import confirm from '@blueprintjs/icons/lib/esm/generated/20px/paths/confirm';
import cross from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import dashboard from '@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard';
import document from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import dragHandleVertical from '@blueprintjs/icons/lib/esm/generated/20px/paths/drag-handle-vertical';
import duplicate from '@blueprintjs/icons/lib/esm/generated/20px/paths/duplicate';
import edit from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import endorsed from '@blueprintjs/icons/lib/esm/generated/20px/paths/endorsed';
import envelope from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope';
import error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open';
import flash from '@blueprintjs/icons/lib/esm/generated/20px/paths/flash';
import gitMerge from '@blueprintjs/icons/lib/esm/generated/20px/paths/git-merge';
import help from '@blueprintjs/icons/lib/esm/generated/20px/paths/help';
import history from '@blueprintjs/icons/lib/esm/generated/20px/paths/history';
import home from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import idNumber from '@blueprintjs/icons/lib/esm/generated/20px/paths/id-number';
import inbox from '@blueprintjs/icons/lib/esm/generated/20px/paths/inbox';
import notifications from '@blueprintjs/icons/lib/esm/generated/20px/paths/notifications';
import sendMessage from '@blueprintjs/icons/lib/esm/generated/20px/paths/send-message';
import infoSign from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import lock from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import logOut from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import mapMarker from '@blueprintjs/icons/lib/esm/generated/20px/paths/map-marker';
import menu from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu';
import minus from '@blueprintjs/icons/lib/esm/generated/20px/paths/minus';
import moon from '@blueprintjs/icons/lib/esm/generated/20px/paths/moon';
import newPerson from '@blueprintjs/icons/lib/esm/generated/20px/paths/new-person';
import offline from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import people from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import person from '@blueprintjs/icons/lib/esm/generated/20px/paths/person';
import refresh from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import search from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import share from '@blueprintjs/icons/lib/esm/generated/20px/paths/share';
import shield from '@blueprintjs/icons/lib/esm/generated/20px/paths/shield';
import star from '@blueprintjs/icons/lib/esm/generated/20px/paths/star';
import starEmpty from '@blueprintjs/icons/lib/esm/generated/20px/paths/star-empty';
import tag from '@blueprintjs/icons/lib/esm/generated/20px/paths/tag';
import tick from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import time from '@blueprintjs/icons/lib/esm/generated/20px/paths/time';
import trash from '@blueprintjs/icons/lib/esm/generated/20px/paths/trash';
import trendingDown from '@blueprintjs/icons/lib/esm/generated/20px/paths/trending-down';
import trendingUp from '@blueprintjs/icons/lib/esm/generated/20px/paths/trending-up';
import warningSign from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';

export const PATHS: Partial<Record<IconName, string[]>> = {
  add: add,
  'arrow-down': arrowDown,
  'arrow-up': arrowUp,
  calendar: calendar,
  'caret-down': caretDown,
  clipboard: clipboard,
  comment: comment,
  comparison: comparison,
  confirm: confirm,
  cross: cross,
  dashboard: dashboard,
  document: document,
  'drag-handle-vertical': dragHandleVertical,
  duplicate: duplicate,
  edit: edit,
  endorsed: endorsed,
  envelope: envelope,
  error: error,
  'eye-off': eyeOff,
  'eye-open': eyeOpen,
  flash: flash,
  'git-merge': gitMerge,
  help: help,
  history: history,
  home: home,
  'id-number': idNumber,
  inbox: inbox,
  notifications: notifications,
  'send-message': sendMessage,
  'info-sign': infoSign,
  lock: lock,
  'log-out': logOut,
  'map-marker': mapMarker,
  menu: menu,
  minus: minus,
  moon: moon,
  'new-person': newPerson,
  offline: offline,
  people: people,
  person: person,
  refresh: refresh,
  search: search,
  share: share,
  shield: shield,
  star: star,
  'star-empty': starEmpty,
  tag: tag,
  tick: tick,
  'tick-circle': tickCircle,
  time: time,
  trash: trash,
  'trending-down': trendingDown,
  'trending-up': trendingUp,
  'warning-sign': warningSign,
};
