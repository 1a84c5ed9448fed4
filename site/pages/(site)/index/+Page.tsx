import { useData } from 'vike-react/useData';
import { AboutSection } from '../../../components/home/AboutSection';
import { ActivitiesSection } from '../../../components/home/ActivitiesSection';
import { ConnectSection } from '../../../components/home/ConnectSection';
import { Hero } from '../../../components/home/Hero';
import { MembershipBenefits } from '../../../components/home/MembershipBenefits';
import { WhyJoinUs } from '../../../components/home/WhyJoinUs';
import { Island } from '../../../components/islands/Island';
import type { PageContent } from '../../../lib/content';

/**
 * One scrolling page with SPEC 2's sections in order, each an anchor of the header. Only its
 * islands are hydrated in the browser (+client.ts): the header, the contact form and the activities.
 */
export default function HomePage() {
  const data = useData<Partial<PageContent> | null>();
  return (
    <>
      <Hero />
      <AboutSection />
      <ConnectSection />
      <MembershipBenefits />
      <WhyJoinUs />
      <Island
        name="activities"
        props={{ upcomingActivities: data?.upcomingActivities, pastActivities: data?.pastActivities }}
      >
        <ActivitiesSection />
      </Island>
    </>
  );
}
