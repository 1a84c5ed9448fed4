/**
 * A password input with the show/hide toggle, the same on the login and on every console form that
 * asks for a password (issue 21, item 11).
 */
import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState } from 'react';

export function PasswordInput(props: Omit<InputGroupProps, 'type' | 'rightElement'>) {
  const [shown, setShown] = useState(false);
  const label = shown ? 'Hide password' : 'Show password';
  return (
    <InputGroup
      {...props}
      type={shown ? 'text' : 'password'}
      rightElement={
        <Button
          variant="minimal"
          icon={shown ? 'eye-off' : 'eye-open'}
          aria-label={label}
          title={label}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        />
      }
    />
  );
}
