// One labelled input of the /auth form; its error is announced (role alert) and tied to the input, and so
// is its hint (what the field must hold), when it has one.
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
  hint?: string | undefined;
}

export function AuthField({ name, label, value, error, onChange, type, placeholder, autoComplete, hint }: Props) {
  const describedBy = [error ? `auth-${name}-error` : null, hint ? `auth-${name}-hint` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label className="form-control block w-full" htmlFor={`auth-${name}`}>
        <span className="label-text mb-1 block font-medium">{label}</span>
        <input
          id={`auth-${name}`}
          name={name}
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
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
      {/* Outside the label: the field's name stays its label, the hint describes it. */}
      {hint && (
        <span id={`auth-${name}-hint`} className="mt-1 block text-sm opacity-75">
          {hint}
        </span>
      )}
    </div>
  );
}
