/**
 * The mails about one activity (issue 58): the confirmation of a registration and the reminder before
 * the activity (both with the check-in code to show at the door and the calendar file), a waitlist
 * place offered, the notice that its date changed (with its calendar file), and staff's message to
 * its attendees.
 */
import { formatAdminDate, organisationName, timeZoneLongName, type Activity } from '@npo/shared';
import type { MailMessage } from '../../mail/mailer.js';
import type { MailAttachment } from '../../mail/outgoing.js';
import { layout } from '../../mail/templates.js';
import { activityCalendar, activityUrl, calendarFileName, type CalendarSite } from './calendar.js';

export interface Recipient {
  email: string;
  name: string;
}

/** A registered person: the code they show at the door (null only for registrations made before codes). */
export interface Registrant extends Recipient {
  checkInCode: string | null;
}

/** The line of a mail that gives the check-in code, as /account/activities shows it. */
const checkInLine = (code: string | null): string[] =>
  code ? [`Your check-in code: ${code}. Show it at the door; staff type it to mark you present.`] : [];

/** "Dec 14, 2026, 10:00 AM (India Standard Time)": the stored wall clock, named by its zone. */
export function whenText(activity: Activity, site: CalendarSite): string {
  return `${formatAdminDate(activity.date)} (${timeZoneLongName(site.timeZone, new Date(activity.date))})`;
}

function calendarAttachment(activity: Activity, site: CalendarSite): MailAttachment {
  return {
    filename: calendarFileName(activity),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: activityCalendar(activity, site),
  };
}

function message(
  kind: MailMessage['kind'],
  to: string,
  subject: string,
  lines: string[],
  link?: { label: string; url: string },
): MailMessage {
  const linkText = link ? `\n\n${link.url}` : '';
  return {
    kind,
    to,
    subject,
    text: `${lines.join('\n\n')}${linkText}\n\n${organisationName}\n`,
    html: layout(lines, link),
  };
}

export function waitlistOfferMail(
  person: Recipient,
  activity: Activity,
  site: CalendarSite,
  offer: { url: string; offeredAt: Date; expiresAt: Date },
): MailMessage {
  const until = `${formatAdminDate(offer.expiresAt.toISOString())} UTC`;
  const hours = Math.round((offer.expiresAt.getTime() - offer.offeredAt.getTime()) / 3_600_000);
  const lines = [
    `Hello ${person.name},`,
    `A place has become free in “${activity.title}” on ${whenText(activity, site)}, and you are first on its waitlist.`,
    `The place is held for you for ${hours} hours, until ${until}. Take it with the link below; after that it goes to the next person in line.`,
    'If you no longer want it, do nothing: you will not be registered.',
  ];
  return message('waitlist_offer', person.email, `A place is free: ${activity.title}`, lines, {
    label: 'Take the place',
    url: offer.url,
  });
}

/** Sent when a member registers (or takes a waitlist place): what, when, where, and the check-in code. */
export function registrationConfirmedMail(person: Registrant, activity: Activity, site: CalendarSite): MailMessage {
  const lines = [
    `Hello ${person.name},`,
    `You are registered for “${activity.title}” on ${whenText(activity, site)}, at ${activity.location}.`,
    ...checkInLine(person.checkInCode),
    'The calendar file is attached. If you cannot come, please cancel your registration so that someone else can have your place.',
  ];
  return {
    ...message('activity_registered', person.email, `Registered: ${activity.title}`, lines, {
      label: 'See the activity',
      url: activityUrl(activity.id, site),
    }),
    attachment: calendarAttachment(activity, site),
  };
}

export function reminderMail(person: Registrant, activity: Activity, site: CalendarSite): MailMessage {
  const lines = [
    `Hello ${person.name},`,
    `This is a reminder that you are registered for “${activity.title}” on ${whenText(activity, site)}, at ${activity.location}.`,
    ...checkInLine(person.checkInCode),
    'The calendar file is attached. If you cannot come, please cancel your registration so that someone on the waitlist can have your place.',
  ];
  return {
    ...message('activity_reminder', person.email, `Reminder: ${activity.title}`, lines, {
      label: 'See the activity',
      url: activityUrl(activity.id, site),
    }),
    attachment: calendarAttachment(activity, site),
  };
}

export function dateChangedMail(person: Recipient, activity: Activity, site: CalendarSite): MailMessage {
  const lines = [
    `Hello ${person.name},`,
    `The time of “${activity.title}”, which you are registered for, has changed. It now takes place on ${whenText(activity, site)}, at ${activity.location}.`,
    'The updated calendar file is attached: opening it moves the event in your calendar.',
  ];
  return {
    ...message('activity_update', person.email, `New time: ${activity.title}`, lines, {
      label: 'See the activity',
      url: activityUrl(activity.id, site),
    }),
    attachment: calendarAttachment(activity, site),
  };
}

/** Staff's own words to the attendees, under the activity's name and time. */
export function attendeeMessageMail(
  person: Recipient,
  activity: Activity,
  site: CalendarSite,
  mail: { subject: string; message: string },
): MailMessage {
  const lines = [`Hello ${person.name},`, mail.message, `About “${activity.title}” on ${whenText(activity, site)}.`];
  return message('activity_message', person.email, mail.subject, lines);
}
