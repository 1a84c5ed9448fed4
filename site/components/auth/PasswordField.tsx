import { useId, useState } from 'react';
import { describedBy, FieldFrame, type InputProps } from '../forms/Field';
import { EyeIcon, EyeOffIcon } from './auth-icons';

/** A password input with SPEC 2's show/hide toggle. */
export function PasswordField({ label, value, error, hint, aside, onValue, ...input }: InputProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside}>
      <div className="password-input">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          {...describedBy(id, error, hint)}
          {...input}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      </div>
    </FieldFrame>
  );
}
