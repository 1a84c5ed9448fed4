import { organisationTagline } from '@npo/shared';
import { scrollToSection } from '../../lib/navigation';
import { BookIcon, ChatIcon, GlobeIcon } from '../page-icons';

const HIGHLIGHTS = [
  { Icon: ChatIcon, text: 'Case study discussions' },
  { Icon: BookIcon, text: 'Webinars and workshops' },
  { Icon: GlobeIcon, text: 'Colleagues across borders' },
];

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">International network of nutrition professionals</p>
          <h1 id="hero-title" className="hero__title">
            Better nutrition care, <span className="hero__title-accent">shared across borders</span>
          </h1>
          <p className="hero__lead">{organisationTagline}</p>
          <div className="button-row">
            <a href="/join-us" className="button button--primary button--large">
              Join Us
            </a>
            <a
              href="#about"
              className="button button--secondary button--large"
              onClick={(event) => scrollToSection('about') && event.preventDefault()}
            >
              Learn More
            </a>
          </div>
          <ul className="hero__highlights">
            {HIGHLIGHTS.map(({ Icon, text }) => (
              <li key={text}>
                <Icon size={18} />
                {text}
              </li>
            ))}
          </ul>
        </div>
        {/* A network of members over a globe. A file, not inline markup: cached, and out of the JS; its
            width and height reserve the box before it loads, so nothing shifts. */}
        <img
          className="hero__art"
          src="/images/hero-network.svg"
          width={480}
          height={420}
          alt=""
          fetchPriority="high"
          decoding="async"
        />
      </div>
    </section>
  );
}
