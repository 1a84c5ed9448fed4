/**
 * New contact messages while the console runs (issue 54): the dock or launcher badge shows how many
 * are unread, and a desktop notification says how many arrived; a click on it opens the inbox. The
 * console reports both (renderer/shell/useMessageNotifications.ts); the text is written here, so a
 * page cannot put words of its own in a system notification. It names no sender and quotes nothing:
 * notifications show on a locked screen, and a message's author and text are personal data.
 */

export interface MessageNotification {
  title: string;
  body: string;
}

export function messagesNotification(arrived: number): MessageNotification {
  return arrived === 1
    ? { title: 'New contact message', body: 'A visitor sent a message. Open the inbox to read it.' }
    : { title: `${arrived} new contact messages`, body: 'Visitors sent messages. Open the inbox to read them.' };
}

export interface UnreadReporterDeps {
  /** app.setBadgeCount: the dock (macOS) or the launcher (Linux Unity); 0 removes it. */
  setBadgeCount(count: number): void;
  /** Shows a system notification (where the OS supports them); `onClick` when it is clicked. */
  notify(notification: MessageNotification, onClick: () => void): void;
  /** Brings the console forward on its inbox. */
  openInbox(): void;
}

/** What reportUnreadMessages does in the main process. */
export function createUnreadReporter(deps: UnreadReporterDeps): (unread: number, arrived: number) => void {
  return (unread, arrived) => {
    deps.setBadgeCount(unread);
    if (arrived > 0) deps.notify(messagesNotification(arrived), () => deps.openInbox());
  };
}
