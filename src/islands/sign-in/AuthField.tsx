// One labelled input of the /auth form; its error is announced (role alert) and tied to the input.
import type { FieldName } from './fields';

interface Props {
  name: FieldName;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type: string;
  placeholder: string;
  autoComplete: string;
}

export function AuthField({ name, label, value, error, onChange, type, placeholder, autoComplete }: Props) {
  return (
    <label className="form-control w-full" htmlFor={`auth-${name}`}>
      <span className="label-text mb-1 block font-medium">{label}</span>
      <input
        id={`auth-${name}`}
        name={name}
        className={`input w-full ${error ? 'input-error' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `auth-${name}-error` : undefined}
        type={type}
        placeholder={placeholder}
        autoComplete={autoComplete}
      />
      {error && (
        <span id={`auth-${name}-error`} className="mt-1 block text-sm text-error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
