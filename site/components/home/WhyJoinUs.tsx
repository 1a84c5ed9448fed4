import { defaultTestimonials } from '@npo/shared';
import { useContent } from '../../lib/content';
import { QuoteIcon } from '../page-icons';
import { Section, StatusText } from './Section';

export const WHY_JOIN_US_INTRO =
  'Nutrition science moves quickly and practice differs from one country to the next. Members learn from colleagues who face the same questions in other settings, find mentors and collaborators, and hear about opportunities they would not otherwise see.';

export function Testimonials() {
  const { data, isPending } = useContent('testimonials');
  if (isPending) return <StatusText>Loading testimonials...</StatusText>;
  const testimonials = data && data.length > 0 ? data : defaultTestimonials;
  return (
    <ul className="testimonial-grid">
      {testimonials.map((testimonial, index) => (
        <li key={`${index}-${testimonial.name}`} className="card testimonial">
          <QuoteIcon size={28} className="testimonial__mark" />
          <blockquote className="testimonial__quote">
            <p>{testimonial.quote}</p>
          </blockquote>
          <p className="testimonial__author">
            <span className="avatar" aria-hidden="true">
              {testimonial.name.charAt(0).toUpperCase()}
            </span>
            <span>
              <span className="testimonial__name">{testimonial.name}</span>
              <span className="testimonial__role">{testimonial.role}</span>
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function WhyJoinUs() {
  return (
    <Section id="why-join-us" title="Why Join Us" eyebrow="Grow with us" intro={WHY_JOIN_US_INTRO}>
      <h3 className="subheading">What Members Say</h3>
      <Testimonials />
      <div className="button-row button-row--center">
        <a href="/signup" className="button button--primary">
          Register Now
        </a>
      </div>
    </Section>
  );
}
