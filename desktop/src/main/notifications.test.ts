import { describe, expect, it } from 'vitest';
import { createUnreadReporter, messagesNotification, type MessageNotification } from './notifications';

describe('unread contact messages', () => {
  function reporter() {
    const badges: number[] = [];
    const shown: { notification: MessageNotification; click: () => void }[] = [];
    let inboxOpened = 0;
    const report = createUnreadReporter({
      setBadgeCount: (count) => void badges.push(count),
      notify: (notification, click) => void shown.push({ notification, click }),
      openInbox: () => void (inboxOpened += 1),
    });
    return { report, badges, shown, opened: () => inboxOpened };
  }

  it('keeps the badge at the unread count, and notifies only when messages arrived', () => {
    const { report, badges, shown } = reporter();
    report(0, 0);
    report(2, 0);
    report(3, 1);
    report(0, 0);
    expect(badges).toEqual([0, 2, 3, 0]);
    expect(shown.map(({ notification }) => notification.title)).toEqual(['New contact message']);
  });

  it('opens the inbox when the notification is clicked', () => {
    const { report, shown, opened } = reporter();
    report(5, 2);
    expect(shown[0]!.notification).toEqual(messagesNotification(2));
    expect(opened()).toBe(0);
    shown[0]!.click();
    expect(opened()).toBe(1);
  });

  it('says how many arrived, and nothing of who wrote or what', () => {
    expect(messagesNotification(1)).toEqual({
      title: 'New contact message',
      body: 'A visitor sent a message. Open the inbox to read it.',
    });
    expect(messagesNotification(4).title).toBe('4 new contact messages');
  });
});
