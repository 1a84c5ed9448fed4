import { joinGroupChatUrl } from '@npo/shared';
import { CheckIcon } from '../../../components/icons';
import { ChatIcon, MailIcon } from '../../../components/page-icons';
import { PageHeader } from '../../../components/content/PageHeader';
import { contactDetailsOf } from '../../../components/layout/contact-details';
import { useContent } from '../../../lib/content';

const WHO_CAN_JOIN = [
  'Registered dietitians and clinical nutritionists',
  'Public health and community nutrition professionals',
  'Nutrition researchers and educators',
  'Students of nutrition, dietetics and related health sciences',
];

export default function JoinUsPage() {
  const { data } = useContent('contactInfo');
  const { email } = contactDetailsOf(data);
  return (
    <>
      <PageHeader eyebrow="Membership" title="Join Us">
        We invite health professionals who care about nutrition to join the Global Nutrition Network: a friendly,
        international community for learning, sharing experience and growing together.
      </PageHeader>
      <section className="section" aria-labelledby="join-how">
        <div className="container join">
          <div className="join__main">
            <p className="free-badge">
              <CheckIcon size={18} /> Joining is currently free
            </p>
            <h2 id="join-how" className="section__title section__title--small">
              How to join
            </h2>
            <ol className="steps">
              <li>
                <strong>Join our member group chat.</strong> It is where members share cases, questions, resources and
                news every day.
              </li>
              <li>
                <strong>Create your account on this website</strong> so you can register for webinars, workshops and
                other activities.
              </li>
              <li>
                <strong>Introduce yourself</strong> and tell us about your work and interests. We will help you find the
                right people and activities.
              </li>
            </ol>
            <div className="button-row">
              <a href={joinGroupChatUrl} className="button button--primary" target="_blank" rel="noopener noreferrer">
                <ChatIcon size={18} /> Join the group chat
              </a>
              <a href="/signup" className="button button--secondary">
                Create an account
              </a>
            </div>
          </div>
          <aside className="card join__aside" aria-labelledby="join-who">
            <h2 id="join-who" className="card__title">
              Who can join
            </h2>
            <ul className="checklist">
              {WHO_CAN_JOIN.map((who) => (
                <li key={who}>
                  <CheckIcon size={18} className="checklist__icon" />
                  {who}
                </li>
              ))}
            </ul>
            <p className="join__contact">
              Questions before you join? Write to us at{' '}
              <a href={`mailto:${email}`} className="inline-icon-link">
                <MailIcon size={16} />
                {email}
              </a>
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
