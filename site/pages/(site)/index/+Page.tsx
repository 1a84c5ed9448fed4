import { AboutSection } from '../../../components/home/AboutSection';
import { ActivitiesSection } from '../../../components/home/ActivitiesSection';
import { ConnectSection } from '../../../components/home/ConnectSection';
import { Hero } from '../../../components/home/Hero';
import { MembershipBenefits } from '../../../components/home/MembershipBenefits';
import { WhyJoinUs } from '../../../components/home/WhyJoinUs';

/** One scrolling page with SPEC 2's sections in order, each an anchor of the header. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <AboutSection />
      <ConnectSection />
      <MembershipBenefits />
      <WhyJoinUs />
      <ActivitiesSection />
    </>
  );
}
