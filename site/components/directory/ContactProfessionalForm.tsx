/**
 * "Contact this professional" (issue 57): the site's contact form without the phone number, with
 * the same checks (the shared schema, loaded when the visitor turns to the form) and the same answer
 * to a flood (a 428's proof of work solved by the browser). The server relays the message by mail,
 * so the professional's address is never shown; their reply reaches the visitor's.
 */
import { CONTACT_MESSAGE_MAX, type DirectoryContactInput } from '@npo/shared';
import { useState, type FormEvent } from 'react';
import { withApi } from '../../lib/api';
import { useSchemaForm, type Schema } from '../../lib/form';
import { FormAlert, TextArea, TextField } from '../forms/Field';
import { Form } from '../forms/Form';
import { sendProven } from '../../lib/send-proven';

const EMPTY = { name: '', email: '', message: '' };
export const PROFESSIONAL_CONTACT_SENT = 'Thanks! Your message has been sent. The reply will come to your e-mail.';
const FAILED = 'Something went wrong. Please try again.';

type ContactSchema = Schema<DirectoryContactInput>;
let schemaLoading: Promise<ContactSchema> | undefined;
function loadSchema(): Promise<ContactSchema> {
  schemaLoading ??= import('../../lib/contact-schema').then((module) => module.directoryContactSchema);
  return schemaLoading;
}

export function ContactProfessionalForm({ slug, name }: { slug: string; name: string }) {
  const [schema, setSchema] = useState<ContactSchema | null>(null);
  const form = useSchemaForm({ initialValues: EMPTY, schema, mode: 'onChange' });
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const prepare = () => {
    if (!schema) void loadSchema().then(setSchema);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ready = schema ?? (await loadSchema());
    setSchema(ready);
    const message = form.validateAll(ready);
    if (!message) return;
    setStatus('sending');
    try {
      const send = (proof?: string) => withApi((api) => api.content.contactProfessional(slug, message, proof));
      await sendProven(send);
      form.reset();
      setStatus('sent');
    } catch (failure) {
      form.showServerErrors(failure);
      setStatus('failed');
    }
  }

  return (
    <Form
      className="card contact-form directory-profile__contact"
      onSubmit={submit}
      onFocus={prepare}
      onPointerEnter={prepare}
      aria-labelledby="professional-contact-title"
    >
      <h2 id="professional-contact-title" className="card__title">
        Contact this professional
      </h2>
      <p className="field__hint">
        Your message goes to {name} by e-mail; their reply comes to your address. We do not show their address.
      </p>
      <TextField id="professional-name" label="Name" name="name" autoComplete="name" {...form.bind('name')} />
      <TextField
        id="professional-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        {...form.bind('email')}
      />
      <TextArea
        id="professional-message"
        label="Message"
        name="message"
        rows={5}
        limit={CONTACT_MESSAGE_MAX}
        {...form.bind('message')}
      />
      {status === 'sent' && <FormAlert tone="success">{PROFESSIONAL_CONTACT_SENT}</FormAlert>}
      {status === 'failed' && <FormAlert tone="error">{FAILED}</FormAlert>}
      <button type="submit" className="button button--primary button--block" disabled={status === 'sending'}>
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
    </Form>
  );
}
