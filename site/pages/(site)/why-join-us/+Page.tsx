import { PageHeader } from '../../../components/content/PageHeader';
import { BenefitCards } from '../../../components/home/MembershipBenefits';
import { Testimonials, WHY_JOIN_US_INTRO } from '../../../components/home/WhyJoinUs';

export default function WhyJoinUsPage() {
  return (
    <>
      <PageHeader eyebrow="Grow with us" title="Why Join Us">
        {WHY_JOIN_US_INTRO}
      </PageHeader>
      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title" className="section__title section__title--small">
            Membership Benefits
          </h2>
          <BenefitCards />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="members-say-title">
        <div className="container">
          <h2 id="members-say-title" className="section__title section__title--small">
            What Members Say
          </h2>
          <Testimonials />
          <div className="button-row button-row--center">
            <a href="/signup" className="button button--primary">
              Register Now
            </a>
            <a href="/join-us" className="button button--secondary">
              Join Us
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
