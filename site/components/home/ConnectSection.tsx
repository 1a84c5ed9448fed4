import { defaultFaqs, phoneText } from '@npo/shared';
import { useContent } from '../../lib/content';
import { InstagramIcon, MailIcon, PhoneIcon } from '../page-icons';
import { contactDetailsOf, telHref } from '../layout/contact-details';
import { SocialLinks } from '../layout/SocialLinks';
import { Island } from '../islands/Island';
import { ContactForm } from './ContactForm';
import { Section, StatusText } from './Section';

function OrganisationDetails() {
  const { data } = useContent('contactInfo');
  const contact = contactDetailsOf(data);
  const instagram = data ? data.instagram : contact.instagram;
  return (
    <div className="card organisation-details">
      <h3 className="card__title">Organisation details</h3>
      <ul className="contact-list">
        <li>
          <span className="contact-list__icon">
            <MailIcon />
          </span>
          <span>
            <span className="contact-list__label">Email</span>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </span>
        </li>
        <li>
          <span className="contact-list__icon">
            <PhoneIcon />
          </span>
          <span>
            <span className="contact-list__label">Phone</span>
            <a href={telHref(contact.phone)}>{phoneText(contact.phone)}</a>
          </span>
        </li>
        {instagram && (
          <li>
            <span className="contact-list__icon">
              <InstagramIcon />
            </span>
            <span>
              <span className="contact-list__label">Instagram</span>
              {instagram}
            </span>
          </li>
        )}
      </ul>
      <SocialLinks links={contact.socialLinks} />
    </div>
  );
}

function Faqs() {
  const { data, isPending } = useContent('faqs');
  const faqs = data && data.length > 0 ? data : defaultFaqs;
  return (
    <div className="card faqs">
      <h3 className="card__title">Frequently Asked Questions</h3>
      {isPending ? (
        <StatusText>Loading...</StatusText>
      ) : (
        <div className="faq-list">
          {faqs.map((faq, index) => (
            <details key={`${index}-${faq.question}`} className="faq">
              <summary className="faq__question">{faq.question}</summary>
              <p className="faq__answer">{faq.answer}</p>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}

export function ConnectSection({ level = 2 }: { level?: 1 | 2 }) {
  return (
    <Section
      id="connect"
      title="Connect With Us"
      eyebrow="Get in touch"
      level={level}
      tone="tinted"
      intro="Questions about membership, activities or collaboration? Send us a message and we will reply within a few working days."
    >
      <div className="connect">
        <Island name="contact-form">
          <ContactForm />
        </Island>
        <div className="connect__side">
          <OrganisationDetails />
          <Faqs />
        </div>
      </div>
    </Section>
  );
}
