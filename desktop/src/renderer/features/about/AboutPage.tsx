import type { AboutUsVersion } from '@npo/shared';
import { PageHeader } from '../../ui/PageHeader';
import { DefaultContentNotice } from '../../ui/DefaultContentNotice';
import { VersionedScreen } from '../versioned/VersionedScreen';
import { aboutKind } from './about-kind';
import { AboutForm } from './AboutForm';

function AboutVersionBody({ version }: { version: AboutUsVersion }) {
  return (
    <div className="item-body">
      <p className="clamp-3">{version.description}</p>
      <h3 className="item-subheading">Aims</h3>
      <p className="clamp-3">{version.aims}</p>
      <h3 className="item-subheading">Objectives</h3>
      <ol className="objective-list">
        {version.objectives.map((objective, index) => (
          <li key={index}>
            <strong>{objective.title}</strong> — {objective.description}
          </li>
        ))}
      </ol>
    </div>
  );
}

export default function AboutPage() {
  return (
    <>
      <PageHeader
        title="About Us"
        summary="The About section of the public site. The active version is the one visitors see."
      />
      <DefaultContentNotice section="about" />
      <VersionedScreen
        kind={aboutKind}
        renderBody={(version) => <AboutVersionBody version={version} />}
        renderForm={(props) => <AboutForm key={props.dialog.key} {...props} />}
      />
    </>
  );
}
