import { defaultMembershipCards } from '@npo/shared';
import { useContent } from '../../lib/content';
import { CheckIcon } from '../icons';
import { Section, StatusText } from './Section';

export function BenefitCards() {
  const { data, isPending } = useContent('membershipCards');
  if (isPending) return <StatusText>Loading...</StatusText>;
  const cards = data && data.length > 0 ? data : defaultMembershipCards;
  return (
    <ul className="benefit-grid">
      {cards.map((card, index) => (
        <li key={`${index}-${card.title}`} className="card benefit-card">
          <span className="tag">{card.type}</span>
          <h3 className="benefit-card__title">{card.title}</h3>
          <p className="benefit-card__description">{card.subtitle}</p>
          <ul className="checklist">
            {card.points.map((point, pointIndex) => (
              <li key={pointIndex}>
                <CheckIcon size={18} className="checklist__icon" />
                {point.value}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function MembershipBenefits() {
  return (
    <Section
      id="membership-benefits"
      title="Membership Benefits"
      eyebrow="What you get"
      tone="tinted"
      intro="Membership connects you with colleagues, learning and opportunities throughout your career."
    >
      <BenefitCards />
      <div className="button-row button-row--center">
        <a href="/join-us" className="button button--primary">
          Join Now
        </a>
        <a href="/why-join-us" className="button button--secondary">
          Why Join Us
        </a>
      </div>
    </Section>
  );
}
