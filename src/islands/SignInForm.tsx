// The /auth form (SPEC §2, §5, §8). Validation runs on submit, then again on every change.
// When registration is open (DECISIONS.md) the same card offers "Create an account".
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError, apiRequest } from '~/lib/browser/api-client';
import { loginRequestSchema, registerRequestSchema, type PublicUser } from '~/lib/api/users';
import { showToast, showToastAfterNavigation } from '~/stores/toasts';

interface Props {
  registrationOpen: boolean;
  inviteRequired: boolean;
}

type Mode = 'signin' | 'register';
type Fields = Record<'username' | 'password' | 'name' | 'inviteCode', string>;
type Errors = Partial<Record<keyof Fields, string>>;

function validate(mode: Mode, fields: Fields): Errors {
  const schema = mode === 'signin' ? loginRequestSchema : registerRequestSchema;
  const input =
    mode === 'signin'
      ? { username: fields.username, password: fields.password }
      : { ...fields, inviteCode: fields.inviteCode || undefined };
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Fields;
    errors[field] ??= issue.message;
  }
  return errors;
}

function Spinner({ label }: { label?: string }) {
  return <span className="loading loading-spinner loading-sm" role={label ? 'status' : undefined} aria-label={label} />;
}

export default function SignInForm({ registrationOpen, inviteRequired }: Props) {
  const [mode, setMode] = useState<Mode>('signin');
  const [fields, setFields] = useState<Fields>({ username: '', password: '', name: '', inviteCode: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [sessionLoading, setSessionLoading] = useState(false);

  // Hydration happens when the browser is idle: keep whatever was typed (or autofilled) before it.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = (name: keyof Fields) => {
      const element = form.current?.elements.namedItem(name);
      return element instanceof HTMLInputElement ? element.value : '';
    };
    setFields((current) => ({
      username: current.username || typed('username'),
      password: current.password || typed('password'),
      name: current.name || typed('name'),
      inviteCode: current.inviteCode || typed('inviteCode'),
    }));
  }, []);

  // A page restored from the back/forward cache may be stale: re-check the session first.
  useEffect(() => {
    const onPageShow = async (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setSessionLoading(true);
      try {
        await apiRequest<PublicUser>('GET', '/api/user');
        window.location.replace('/');
      } catch {
        setSessionLoading(false);
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const update = (field: keyof Fields, value: string) => {
    const next = { ...fields, [field]: value };
    setFields(next);
    if (submitted) setErrors(validate(mode, next));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(mode, fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      if (mode === 'signin') {
        const user = await apiRequest<PublicUser>('POST', '/api/login', { username: fields.username.trim(), password: fields.password });
        showToastAfterNavigation({ title: 'Login successful', description: `Welcome back ${user.name}` });
      } else {
        const body: z.input<typeof registerRequestSchema> = {
          username: fields.username.trim(),
          password: fields.password,
          name: fields.name.trim(),
        };
        if (fields.inviteCode) body.inviteCode = fields.inviteCode;
        const user = await apiRequest<PublicUser>('POST', '/api/register', body);
        showToastAfterNavigation({ title: 'Registration successful', description: `Welcome ${user.name}` });
      }
      setSessionLoading(true);
      window.location.assign('/');
    } catch (error) {
      setPending(false);
      const message = error instanceof ApiError ? error.serverMessage : null;
      if (mode === 'signin') {
        showToast({ title: 'Login failed', description: message ?? 'Invalid username or password', variant: 'destructive' });
      } else {
        showToast({ title: 'Registration failed', description: message ?? 'Username may already exist', variant: 'destructive' });
      }
    }
  }

  if (sessionLoading) {
    return (
      <div className="fixed inset-0 z-50 flex items-center justify-center bg-base-100" data-testid="session-loading">
        <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label="Loading your session" />
      </div>
    );
  }

  const field = (name: keyof Fields, label: string, props: { type: string; placeholder: string; autoComplete: string }) => (
    <label className="form-control w-full" htmlFor={`auth-${name}`}>
      <span className="label-text mb-1 block font-medium">{label}</span>
      <input
        id={`auth-${name}`}
        name={name}
        className={`input w-full ${errors[name] ? 'input-error' : ''}`}
        value={fields[name]}
        onChange={(event) => update(name, event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `auth-${name}-error` : undefined}
        {...props}
      />
      {errors[name] && (
        <span id={`auth-${name}-error`} className="mt-1 block text-sm text-error" role="alert">
          {errors[name]}
        </span>
      )}
    </label>
  );

  return (
    // method/action: before hydration a submit posts to /auth (never a GET with the password in the URL).
    <form
      ref={form}
      method="post"
      action="/auth"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={mode === 'signin' ? 'Sign in' : 'Create an account'}
    >
      {mode === 'register' && field('name', 'Full name', { type: 'text', placeholder: 'Enter your full name', autoComplete: 'name' })}
      {field('username', 'Username', { type: 'text', placeholder: 'Enter your username', autoComplete: 'username' })}
      {field('password', 'Password', {
        type: 'password',
        placeholder: 'Enter your password',
        autoComplete: mode === 'signin' ? 'current-password' : 'new-password',
      })}
      {mode === 'register' &&
        inviteRequired &&
        field('inviteCode', 'Invite code', { type: 'text', placeholder: 'Enter your invite code', autoComplete: 'off' })}
      <button type="submit" className="btn btn-primary w-full" disabled={pending}>
        {pending ? (
          <>
            <Spinner />
            {mode === 'signin' ? 'Signing in...' : 'Creating account...'}
          </>
        ) : mode === 'signin' ? (
          'Sign in'
        ) : (
          'Create account'
        )}
      </button>
      {registrationOpen && (
        <button
          type="button"
          className="btn btn-link btn-sm"
          onClick={() => {
            setMode(mode === 'signin' ? 'register' : 'signin');
            setErrors({});
            setSubmitted(false);
          }}
        >
          {mode === 'signin' ? 'New here? Create an account' : 'Already have an account? Sign in'}
        </button>
      )}
    </form>
  );
}
