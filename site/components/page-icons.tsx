/**
 * Icons of what the pages render and the home page leaves static (the footer, the home sections, Join
 * us, the error page), apart from the islands' set in icons.tsx so the home page does not load them.
 */
import { Icon, type IconProps } from './icons';

export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5l8.5 6 8.5-6" />
  </Icon>
);

export const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 3.5h3.2l1.6 4.2-2.1 1.3a11 11 0 0 0 7.3 7.3l1.3-2.1 4.2 1.6V19a2 2 0 0 1-2.2 2A17 17 0 0 1 3 5.7 2 2 0 0 1 5 3.5z" />
  </Icon>
);

export const ArrowRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

export const QuoteIcon = (props: IconProps) => (
  <Icon {...props} filled>
    <path d="M9.5 6C6.5 7.2 4.5 9.8 4.5 13.2V18h5.5v-5.5H7.3c.2-2 1.4-3.5 3.2-4.3L9.5 6zm9 0c-3 1.2-5 3.8-5 7.2V18H19v-5.5h-2.7c.2-2 1.4-3.5 3.2-4.3L18.5 6z" />
  </Icon>
);

export const InstagramIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="4.5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
  </Icon>
);

export const FacebookIcon = (props: IconProps) => (
  <Icon {...props} filled>
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4A21 21 0 0 0 14.4 4.3c-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21h3z" />
  </Icon>
);

export const TwitterIcon = (props: IconProps) => (
  <Icon {...props} filled>
    <path d="M17.6 3.5h3l-6.6 7.6 7.8 10.4h-6.1l-4.8-6.3-5.5 6.3h-3l7.1-8.1L2 3.5h6.2l4.3 5.7 5.1-5.7zm-1 16.2h1.7L7.5 5.2H5.7l10.9 14.5z" />
  </Icon>
);

export const LinkedInIcon = (props: IconProps) => (
  <Icon {...props} filled>
    <path d="M6.9 8.7H3.7V20h3.2V8.7zM5.3 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zM20.3 13.5c0-3-1.6-5-4.3-5a3.7 3.7 0 0 0-3.3 1.8V8.7H9.6V20h3.2v-5.8c0-1.6.6-2.8 2.1-2.8 1.4 0 2.1 1 2.1 2.8V20h3.3v-6.5z" />
  </Icon>
);

export const GlobeIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </Icon>
);

export const BookIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15z" />
    <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />
  </Icon>
);

export const ChatIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20.5 11.5a8 8 0 0 1-11.8 7L3.5 20l1.5-4.8a8 8 0 1 1 15.5-3.7z" />
  </Icon>
);
