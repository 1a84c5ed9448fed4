import { defaultAboutUs } from '@npo/shared';
import { useContent } from '../../lib/content';
import { ArrowRightIcon } from '../page-icons';
import { Section, StatusText } from './Section';

export function AboutSection() {
  const { data, isPending } = useContent('aboutUs');
  // No active version (or a failed fetch) shows the built-in text of SPEC 2.
  const about = data ?? defaultAboutUs;
  return (
    <Section id="about" title="About Us" eyebrow="Who we are">
      {isPending ? (
        <StatusText>Loading...</StatusText>
      ) : (
        <div className="about">
          <div className="about__text">
            <p className="about__description">{about.description}</p>
            <div className="about__aims">
              <h3>Aims</h3>
              <p>{about.aims}</p>
            </div>
          </div>
          <div className="about__objectives">
            <h3>Objectives</h3>
            <ol className="objectives">
              {about.objectives.map((objective, index) => (
                <li key={`${index}-${objective.title}`} className="objectives__item">
                  <span className="objectives__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <h4 className="objectives__title">{objective.title}</h4>
                    <p>{objective.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          {/* SPEC 2: the button comes after the Objectives, in reading order and on every screen width. */}
          <div className="about__join">
            <a href="/join-us" className="button button--primary">
              Join Us <ArrowRightIcon size={18} />
            </a>
          </div>
        </div>
      )}
    </Section>
  );
}
