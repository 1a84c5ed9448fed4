/** Contact info in two cards (SPEC 2): how to reach the organisation, and its social profiles. */
import { Card } from '@blueprintjs/core';
import { contactInfoSchema, type ContactInfoInput, type ContactInfoVersion } from '@npo/shared';
import { TextField } from '../../ui/form/fields';
import type { VersionFormProps } from '../versioned/VersionedScreen';
import { VersionFormDialog } from '../versioned/VersionFormDialog';

type ContactFormValues = {
  email: string;
  phone: string;
  instagram: string;
  socialLinks: { instagram: string; facebook: string; twitter: string; linkedin: string };
};

function initialValues(version?: ContactInfoVersion): ContactFormValues {
  return {
    email: version?.email ?? '',
    phone: version?.phone ?? '',
    instagram: version?.instagram ?? '',
    socialLinks: {
      instagram: version?.socialLinks.instagram ?? '',
      facebook: version?.socialLinks.facebook ?? '',
      twitter: version?.socialLinks.twitter ?? '',
      linkedin: version?.socialLinks.linkedin ?? '',
    },
  };
}

const SOCIAL_NETWORKS = [
  { key: 'instagram', label: 'Instagram URL', placeholder: 'https://instagram.com/…' },
  { key: 'facebook', label: 'Facebook URL', placeholder: 'https://facebook.com/…' },
  { key: 'twitter', label: 'Twitter URL', placeholder: 'https://twitter.com/…' },
  { key: 'linkedin', label: 'LinkedIn URL', placeholder: 'https://linkedin.com/…' },
] as const;

export function ContactInfoForm(props: VersionFormProps<ContactInfoVersion, ContactInfoInput>) {
  return (
    <VersionFormDialog
      {...props}
      schema={contactInfoSchema}
      initialValues={initialValues}
      editTitle={(item) => `Edit Version ${item.version}`}
      newTitle="New Contact Information Version"
      icon="envelope"
      width={820}
      firstField="email"
    >
      <div className="form-cards">
        <Card className="form-card">
          <h3 className="form-card-title">Contact details</h3>
          <TextField<ContactFormValues> name="email" label="Email" type="email" autoFocus autoComplete="off" />
          <TextField<ContactFormValues> name="phone" label="Phone" type="tel" placeholder="+1 234 567 8900" />
          <TextField<ContactFormValues> name="instagram" label="Instagram handle" placeholder="@organisation" />
        </Card>
        <Card className="form-card">
          <h3 className="form-card-title">Social links</h3>
          {SOCIAL_NETWORKS.map(({ key, label, placeholder }) => (
            <TextField<ContactFormValues>
              key={key}
              name={`socialLinks.${key}`}
              label={label}
              type="url"
              placeholder={placeholder}
              optional
            />
          ))}
        </Card>
      </div>
    </VersionFormDialog>
  );
}
