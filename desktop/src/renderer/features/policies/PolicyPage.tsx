import { AnchorButton, Tag } from '@blueprintjs/core';
import type { PolicyVersion } from '@npo/shared';
import { platform } from '../../platform';
import { formatUtcDay } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { VersionedScreen } from '../versioned/VersionedScreen';
import { PolicyForm } from './PolicyForm';
import { privacyPolicyKind, termsOfServiceKind, type PolicyKind, type PolicyPayload } from './policy-kinds';

function PolicyBody({ version }: { version: PolicyVersion }) {
  return (
    <div className="item-body">
      <p className="item-meta">
        Effective date: {version.effectiveDate ? formatUtcDay(version.effectiveDate) : 'Not set'}
      </p>
      <p className="clamp-3">{version.content}</p>
    </div>
  );
}

function PolicyTitle({ version }: { version: PolicyVersion }) {
  return (
    <>
      {version.title}{' '}
      <Tag minimal round className="version-tag">
        v{version.version}
      </Tag>
    </>
  );
}

function PolicyScreen({ kind }: { kind: PolicyKind }) {
  return (
    <>
      <PageHeader
        title={kind.documentName}
        summary="The active version is published on the site."
        actions={
          <AnchorButton
            icon="share"
            variant="outlined"
            text="View on site"
            href={platform.publicSiteUrl(kind.publicPath)}
            onClick={(event) => {
              event.preventDefault();
              platform.openPublicSite(kind.publicPath);
            }}
          />
        }
      />
      <VersionedScreen<PolicyVersion, PolicyPayload>
        kind={kind}
        renderTitle={(version) => <PolicyTitle version={version} />}
        renderBody={(version) => <PolicyBody version={version} />}
        renderForm={(props) => <PolicyForm key={props.dialog.key} kind={kind} {...props} />}
        updatedLabel="Last updated"
      />
    </>
  );
}

export function PrivacyPolicyPage() {
  return <PolicyScreen kind={privacyPolicyKind} />;
}

export function TermsOfServicePage() {
  return <PolicyScreen kind={termsOfServiceKind} />;
}
