import { CONTACT_MESSAGE_MAX, sanitisePhoneInput, type ContactMessageInput } from '@npo/shared';
import { useState, type FormEvent } from 'react';
import { withApi } from '../../lib/api';
import { useSchemaForm, type Schema } from '../../lib/form';
import { FormAlert, TextArea, TextField } from '../forms/Field';
import { Form } from '../forms/Form';
import { sendProven } from '../../lib/send-proven';

const EMPTY = { name: '', email: '', phone: '', message: '' };
export const CONTACT_SENT = 'Thanks! Your message has been sent.';
export const CONTACT_FAILED = 'Something went wrong. Please try again.';

type ContactSchema = Schema<ContactMessageInput>;
let schemaLoading: Promise<ContactSchema> | undefined;
/** The schema (and zod with it) loads when the visitor turns to the form, not with the page. */
function loadContactSchema(): Promise<ContactSchema> {
  schemaLoading ??= import('../../lib/contact-schema').then((module) => module.contactMessageSchema);
  return schemaLoading;
}

export function ContactForm() {
  const [schema, setSchema] = useState<ContactSchema | null>(null);
  const form = useSchemaForm({ initialValues: EMPTY, schema, mode: 'onChange' });
  const prepare = () => {
    if (!schema) void loadContactSchema().then(setSchema);
  };
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const { values, errors } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ready = schema ?? (await loadContactSchema());
    setSchema(ready);
    const message = form.validateAll(ready);
    if (!message) return;
    setStatus('sending');
    try {
      // While the site gets a flood of messages the server asks for a proof of work (428): the browser
      // solves it and sends once more, in well under a second.
      const send = (proof?: string) => withApi((api) => api.content.sendContactMessage(message, proof));
      await sendProven(send);
      form.reset();
      setStatus('sent');
    } catch (failure) {
      // A field the server refused shows its message there (and gets the focus, Form.tsx).
      form.showServerErrors(failure);
      setStatus('failed');
    }
  }

  return (
    <Form
      className="card contact-form"
      onSubmit={submit}
      onFocus={prepare}
      onPointerEnter={prepare}
      aria-labelledby="contact-form-title"
    >
      <h3 id="contact-form-title" className="card__title">
        Send us a message
      </h3>
      <div className="form-grid">
        <TextField id="contact-name" label="Name" name="name" autoComplete="name" {...form.bind('name')} />
        <TextField
          id="contact-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          {...form.bind('email')}
        />
      </div>
      <TextField
        id="contact-phone"
        label="Phone Number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+1234567890"
        hint="Start with + and your country code."
        value={values.phone}
        error={errors.phone}
        onValue={(value) => form.setValue('phone', sanitisePhoneInput(value))}
      />
      <TextArea
        id="contact-message"
        label="Message"
        name="message"
        rows={5}
        limit={CONTACT_MESSAGE_MAX}
        {...form.bind('message')}
      />
      {status === 'sent' && <FormAlert tone="success">{CONTACT_SENT}</FormAlert>}
      {status === 'failed' && <FormAlert tone="error">{CONTACT_FAILED}</FormAlert>}
      <button type="submit" className="button button--primary button--block" disabled={status === 'sending'}>
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
    </Form>
  );
}
