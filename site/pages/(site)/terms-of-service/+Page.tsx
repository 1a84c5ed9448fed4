import { defaultTermsOfService } from '@npo/shared';
import { PolicyDocument } from '../../../components/content/PolicyDocument';
import { useContent } from '../../../lib/content';

export default function TermsOfServicePage() {
  const query = useContent('termsOfService');
  return (
    <PolicyDocument
      query={query}
      fallback={defaultTermsOfService}
      errorText="Error loading terms of service. Please try again later."
    />
  );
}
