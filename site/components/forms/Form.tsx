import type { FormHTMLAttributes } from 'react';

/**
 * A form sent by script only. A visitor who submits before the page has hydrated gets the browser's
 * own submission: as POST (the server answers it with a redirect back to the page) nothing typed,
 * a password least of all, lands in the address bar, the history or a log.
 */
export function Form(props: FormHTMLAttributes<HTMLFormElement>) {
  return <form method="post" noValidate {...props} />;
}
