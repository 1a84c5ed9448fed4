import { useEffect, useRef, useState, type FormHTMLAttributes, type SubmitEvent } from 'react';

/**
 * A form sent by script only. A visitor who submits before the page has hydrated gets the browser's
 * own submission: as POST (the server answers it with a redirect back to the page) nothing typed,
 * a password least of all, lands in the address bar, the history or a log.
 */
export function Form({ onSubmit, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const form = useRef<HTMLFormElement>(null);
  // Counts finished submits: once one has rendered its outcome, a refused one (the browser's check is
  // off, so the form's own or the server's field messages) sends focus to its first invalid field,
  // which its message describes (Field.tsx describedBy), so a screen reader reads field and message.
  const [finished, setFinished] = useState(0);
  useEffect(() => {
    if (finished > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [finished]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    // The handlers are async (they validate, may load a schema, then call the server): wait for the end.
    await (onSubmit?.(event) as unknown);
    setFinished((count) => count + 1);
  }

  return <form ref={form} method="post" noValidate onSubmit={(event) => void submit(event)} {...props} />;
}
