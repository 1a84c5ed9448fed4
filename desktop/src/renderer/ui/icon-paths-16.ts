/** The 16 px paths of every icon the console names; one chunk, loaded by ./icons.ts on first use. */
import type { IconName } from '@blueprintjs/icons';
import add from '@blueprintjs/icons/lib/esm/generated/16px/paths/add';
import arrowDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-down';
import arrowUp from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up';
import calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import caretDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import chevronLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import chevronRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import clipboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard';
import comment from '@blueprintjs/icons/lib/esm/generated/16px/paths/comment';
import comparison from '@blueprintjs/icons/lib/esm/generated/16px/paths/comparison';
import confirm from '@blueprintjs/icons/lib/esm/generated/16px/paths/confirm';
import cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import doubleChevronLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-chevron-left';
import doubleChevronRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-chevron-right';
import dragHandleVertical from '@blueprintjs/icons/lib/esm/generated/16px/paths/drag-handle-vertical';
import duplicate from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import edit from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import endorsed from '@blueprintjs/icons/lib/esm/generated/16px/paths/endorsed';
import envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';
import gitMerge from '@blueprintjs/icons/lib/esm/generated/16px/paths/git-merge';
import help from '@blueprintjs/icons/lib/esm/generated/16px/paths/help';
import history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import idNumber from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number';
import inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox';
import notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import sendMessage from '@blueprintjs/icons/lib/esm/generated/16px/paths/send-message';
import infoSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import logOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import mapMarker from '@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker';
import menu from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import minus from '@blueprintjs/icons/lib/esm/generated/16px/paths/minus';
import moon from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import newPerson from '@blueprintjs/icons/lib/esm/generated/16px/paths/new-person';
import offline from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';
import people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import share from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import shield from '@blueprintjs/icons/lib/esm/generated/16px/paths/shield';
import star from '@blueprintjs/icons/lib/esm/generated/16px/paths/star';
import starEmpty from '@blueprintjs/icons/lib/esm/generated/16px/paths/star-empty';
import learning from '@blueprintjs/icons/lib/esm/generated/16px/paths/learning';
import tag from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag';
import tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import time from '@blueprintjs/icons/lib/esm/generated/16px/paths/time';
import trash from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import trendingDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/trending-down';
import trendingUp from '@blueprintjs/icons/lib/esm/generated/16px/paths/trending-up';
import warningSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';

export const PATHS: Partial<Record<IconName, string[]>> = {
  add: add,
  'arrow-down': arrowDown,
  'chevron-left': chevronLeft,
  'chevron-right': chevronRight,
  'double-chevron-left': doubleChevronLeft,
  'double-chevron-right': doubleChevronRight,
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
  learning: learning,
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
