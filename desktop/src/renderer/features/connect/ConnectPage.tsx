import { Card, Tab, Tabs, Tag } from '@blueprintjs/core';
import type { ContactInfoVersion } from '@npo/shared';
import { useNavigate, useParams } from 'react-router-dom';
import { useModuleAccess } from '../../data/useModuleAccess';
import { PageHeader } from '../../ui/PageHeader';
import { DefaultContentNotice } from '../../ui/DefaultContentNotice';
import { VersionedScreen } from '../versioned/VersionedScreen';
import { contactInfoKind } from './contact-info-kind';
import { ContactInfoForm } from './ContactInfoForm';
import { MessagesInbox } from './MessagesInbox';
import { useUnreadMessages } from './unread';

const SOCIAL_LABELS = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
} as const;

function ContactInfoBody({ version }: { version: ContactInfoVersion }) {
  const links = (Object.keys(SOCIAL_LABELS) as (keyof typeof SOCIAL_LABELS)[]).filter(
    (key) => version.socialLinks[key],
  );
  return (
    <div className="item-body contact-grid">
      <Card compact className="detail-card">
        <dl className="details">
          <div className="details-row">
            <dt>Email</dt>
            <dd>{version.email}</dd>
          </div>
          <div className="details-row">
            <dt>Phone</dt>
            <dd>{version.phone}</dd>
          </div>
          <div className="details-row">
            <dt>Instagram</dt>
            <dd>{version.instagram}</dd>
          </div>
        </dl>
      </Card>
      <Card compact className="detail-card">
        {links.length === 0 ? (
          <p className="muted">No social links</p>
        ) : (
          <dl className="details">
            {links.map((key) => (
              <div key={key} className="details-row">
                <dt>{SOCIAL_LABELS[key]}</dt>
                <dd className="break-all">{version.socialLinks[key]}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </div>
  );
}

type ConnectTab = 'info' | 'messages';

/** The tab is the address: /connect is the contact information, /connect/messages the inbox. */
function useConnectTab(): [ConnectTab, (next: ConnectTab) => void] {
  const { tab } = useParams();
  const navigate = useNavigate();
  const current: ConnectTab = tab === 'messages' ? 'messages' : 'info';
  // The open tab clicked again keeps its address, with the inbox's state and search in it.
  return [current, (next) => next !== current && void navigate(next === 'messages' ? '/connect/messages' : '/connect')];
}

export default function ConnectPage() {
  const access = useModuleAccess('connect');
  const [tab, setTab] = useConnectTab();
  const unread = useUnreadMessages(access.canView);
  return (
    <>
      <PageHeader title="Connect Us" summary="Contact details shown on the site, and the messages visitors send." />
      <DefaultContentNotice section="contactInfo" />
      <Tabs
        id="connect-tabs"
        selectedTabId={tab}
        onChange={(next) => setTab(next as ConnectTab)}
        large
        // Only the open tab's panel: the contact information's "New Version" sits in the header.
        renderActiveTabPanelOnly
      >
        <Tab
          id="info"
          title="Contact Information"
          panel={
            <VersionedScreen
              kind={contactInfoKind}
              renderBody={(version) => <ContactInfoBody version={version} />}
              renderForm={(props) => <ContactInfoForm key={props.dialog.key} {...props} />}
            />
          }
        />
        <Tab
          id="messages"
          title={
            <>
              Messages{' '}
              {unread > 0 && (
                <Tag round intent="primary" className="tab-count" aria-label={`${unread} unread`}>
                  {unread}
                </Tag>
              )}
            </>
          }
          panel={<MessagesInbox access={access} />}
        />
      </Tabs>
    </>
  );
}
