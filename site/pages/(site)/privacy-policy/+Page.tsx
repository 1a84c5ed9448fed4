import { defaultPrivacyPolicy } from '@npo/shared';
import { PolicyDocument } from '../../../components/content/PolicyDocument';
import { useContent } from '../../../lib/content';

export default function PrivacyPolicyPage() {
  const query = useContent('privacyPolicy');
  return (
    <PolicyDocument
      query={query}
      fallback={defaultPrivacyPolicy}
      errorText="Error loading privacy policy. Please try again later."
    />
  );
}
