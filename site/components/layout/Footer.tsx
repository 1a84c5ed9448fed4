import { organisationName, phoneText } from '@npo/shared';
import { useContent } from '../../lib/content';
import { InstagramIcon, MailIcon, PhoneIcon } from '../page-icons';
import { contactDetailsOf, telHref } from './contact-details';
import { LogoMark } from './Logo';
import { SocialLinks } from './SocialLinks';

const PAGE_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/#about', label: 'About' },
  { href: '/connect', label: 'Contact' },
  { href: '/#membership-benefits', label: 'Membership Benefits' },
  { href: '/#why-join-us', label: 'Why Join Us' },
  { href: '/#activities', label: 'Activities' },
  // A page of its own (issue 57), as in the header.
  { href: '/directory', label: 'Directory' },
  { href: '/signup', label: 'Sign Up' },
];

export function Footer() {
  const { data } = useContent('contactInfo');
  const contact = contactDetailsOf(data);
  const instagramUrl = contact.socialLinks.instagram;

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <LogoMark size={32} />
            <span>{organisationName}</span>
          </p>
          <p>
            An international community of dietitians and nutritionists sharing knowledge, supporting one another and
            advancing education, research and public health across borders.
          </p>
          <SocialLinks links={contact.socialLinks} className="social-links--footer" />
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Pages</h2>
          <ul className="site-footer__links">
            {PAGE_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <ul className="site-footer__contact">
            <li>
              <MailIcon size={18} />
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
            <li>
              <PhoneIcon size={18} />
              <a href={telHref(contact.phone)}>{phoneText(contact.phone)}</a>
            </li>
            <li>
              <InstagramIcon size={18} />
              {instagramUrl ? (
                <a href={instagramUrl} target="_blank" rel="noopener noreferrer">
                  {contact.instagram}
                </a>
              ) : (
                <span>{contact.instagram}</span>
              )}
            </li>
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {organisationName}. All rights reserved.
        </p>
        <ul className="site-footer__legal">
          <li>
            <a href="/privacy-policy">Privacy Policy</a>
          </li>
          <li>
            <a href="/terms-of-service">Terms of Service</a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
