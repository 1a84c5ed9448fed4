/** The 20 px paths of every icon the console names; one chunk, loaded by ./icons.ts on first use. */
// Every icon named in the renderer must be here: ./icon-paths.test.ts checks the sources against this list.
import type { IconName } from '@blueprintjs/icons';
import add from '@blueprintjs/icons/lib/esm/generated/20px/paths/add';
import archive from '@blueprintjs/icons/lib/esm/generated/20px/paths/archive';
import arrowDown from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-down';
import arrowUp from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-up';
import banCircle from '@blueprintjs/icons/lib/esm/generated/20px/paths/ban-circle';
import calendar from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar';
import caretDown from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down';
import chevronDown from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down';
import chevronLeft from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left';
import chevronRight from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right';
import chevronUp from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up';
import clipboard from '@blueprintjs/icons/lib/esm/generated/20px/paths/clipboard';
import comment from '@blueprintjs/icons/lib/esm/generated/20px/paths/comment';
import comparison from '@blueprintjs/icons/lib/esm/generated/20px/paths/comparison';
import confirm from '@blueprintjs/icons/lib/esm/generated/20px/paths/confirm';
import cross from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import dashboard from '@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard';
import disable from '@blueprintjs/icons/lib/esm/generated/20px/paths/disable';
import document from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import doubleCaretVertical from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical';
import doubleChevronLeft from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-chevron-left';
import doubleChevronRight from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-chevron-right';
import download from '@blueprintjs/icons/lib/esm/generated/20px/paths/download';
import dragHandleVertical from '@blueprintjs/icons/lib/esm/generated/20px/paths/drag-handle-vertical';
import duplicate from '@blueprintjs/icons/lib/esm/generated/20px/paths/duplicate';
import edit from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import endorsed from '@blueprintjs/icons/lib/esm/generated/20px/paths/endorsed';
import envelope from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope';
import error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open';
import flash from '@blueprintjs/icons/lib/esm/generated/20px/paths/flash';
import floppyDisk from '@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk';
import gitMerge from '@blueprintjs/icons/lib/esm/generated/20px/paths/git-merge';
import help from '@blueprintjs/icons/lib/esm/generated/20px/paths/help';
import history from '@blueprintjs/icons/lib/esm/generated/20px/paths/history';
import home from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import idNumber from '@blueprintjs/icons/lib/esm/generated/20px/paths/id-number';
import inbox from '@blueprintjs/icons/lib/esm/generated/20px/paths/inbox';
import infoSign from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import key from '@blueprintjs/icons/lib/esm/generated/20px/paths/key';
import learning from '@blueprintjs/icons/lib/esm/generated/20px/paths/learning';
import lock from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import logOut from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import mapMarker from '@blueprintjs/icons/lib/esm/generated/20px/paths/map-marker';
import menu from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu';
import minus from '@blueprintjs/icons/lib/esm/generated/20px/paths/minus';
import moon from '@blueprintjs/icons/lib/esm/generated/20px/paths/moon';
import more from '@blueprintjs/icons/lib/esm/generated/20px/paths/more';
import newPerson from '@blueprintjs/icons/lib/esm/generated/20px/paths/new-person';
import notifications from '@blueprintjs/icons/lib/esm/generated/20px/paths/notifications';
import offline from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import people from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import person from '@blueprintjs/icons/lib/esm/generated/20px/paths/person';
import refresh from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import remove from '@blueprintjs/icons/lib/esm/generated/20px/paths/remove';
import search from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import sendMessage from '@blueprintjs/icons/lib/esm/generated/20px/paths/send-message';
import share from '@blueprintjs/icons/lib/esm/generated/20px/paths/share';
import shield from '@blueprintjs/icons/lib/esm/generated/20px/paths/shield';
import sortAsc from '@blueprintjs/icons/lib/esm/generated/20px/paths/sort-asc';
import sortDesc from '@blueprintjs/icons/lib/esm/generated/20px/paths/sort-desc';
import star from '@blueprintjs/icons/lib/esm/generated/20px/paths/star';
import starEmpty from '@blueprintjs/icons/lib/esm/generated/20px/paths/star-empty';
import tag from '@blueprintjs/icons/lib/esm/generated/20px/paths/tag';
import tags from '@blueprintjs/icons/lib/esm/generated/20px/paths/tags';
import tick from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import time from '@blueprintjs/icons/lib/esm/generated/20px/paths/time';
import trash from '@blueprintjs/icons/lib/esm/generated/20px/paths/trash';
import trendingDown from '@blueprintjs/icons/lib/esm/generated/20px/paths/trending-down';
import trendingUp from '@blueprintjs/icons/lib/esm/generated/20px/paths/trending-up';
import unarchive from '@blueprintjs/icons/lib/esm/generated/20px/paths/unarchive';
import unlock from '@blueprintjs/icons/lib/esm/generated/20px/paths/unlock';
import upload from '@blueprintjs/icons/lib/esm/generated/20px/paths/upload';
import warningSign from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';

export const PATHS: Partial<Record<IconName, string[]>> = {
  add: add,
  archive: archive,
  'arrow-down': arrowDown,
  'arrow-up': arrowUp,
  'ban-circle': banCircle,
  calendar: calendar,
  'caret-down': caretDown,
  'chevron-down': chevronDown,
  'chevron-left': chevronLeft,
  'chevron-right': chevronRight,
  'chevron-up': chevronUp,
  clipboard: clipboard,
  comment: comment,
  comparison: comparison,
  confirm: confirm,
  cross: cross,
  dashboard: dashboard,
  disable: disable,
  document: document,
  'double-caret-vertical': doubleCaretVertical,
  'double-chevron-left': doubleChevronLeft,
  'double-chevron-right': doubleChevronRight,
  download: download,
  'drag-handle-vertical': dragHandleVertical,
  duplicate: duplicate,
  edit: edit,
  endorsed: endorsed,
  envelope: envelope,
  error: error,
  'eye-off': eyeOff,
  'eye-open': eyeOpen,
  flash: flash,
  'floppy-disk': floppyDisk,
  'git-merge': gitMerge,
  help: help,
  history: history,
  home: home,
  'id-number': idNumber,
  inbox: inbox,
  'info-sign': infoSign,
  key: key,
  learning: learning,
  lock: lock,
  'log-out': logOut,
  'map-marker': mapMarker,
  menu: menu,
  minus: minus,
  moon: moon,
  more: more,
  'new-person': newPerson,
  notifications: notifications,
  offline: offline,
  people: people,
  person: person,
  refresh: refresh,
  remove: remove,
  search: search,
  'send-message': sendMessage,
  share: share,
  shield: shield,
  'sort-asc': sortAsc,
  'sort-desc': sortDesc,
  star: star,
  'star-empty': starEmpty,
  tag: tag,
  tags: tags,
  tick: tick,
  'tick-circle': tickCircle,
  time: time,
  trash: trash,
  'trending-down': trendingDown,
  'trending-up': trendingUp,
  unarchive: unarchive,
  unlock: unlock,
  upload: upload,
  'warning-sign': warningSign,
};
