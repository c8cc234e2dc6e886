// The /auth form (docs/product.md "Sign-in page (/auth)"). Validation runs on submit, then again on every change.
// When registration is open (docs/decisions.md "Registration") the same card offers "Create an account",
// whose password field states the rule the server holds a new password to.
// Its parts live in ./sign-in/: the state (useSignInForm), the fields, the submit button.
import { MIN_PASSWORD, passwordRule } from '~/shared/api/password-rule';
import { AuthField } from './sign-in/AuthField';
import type { FieldName } from './sign-in/fields';
import { SessionLoading } from './sign-in/SessionLoading';
import { SubmitButton } from './sign-in/SubmitButton';
import { useSignInForm } from './sign-in/useSignInForm';

interface Props {
  registrationOpen: boolean;
  inviteRequired: boolean;
}

export default function SignInForm({ registrationOpen, inviteRequired }: Props) {
  const { form, mode, fields, errors, pending, sessionLoading, update, onSubmit, switchMode } = useSignInForm();
  if (sessionLoading) return <SessionLoading />;

  const fieldProps = (name: FieldName) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (value: string) => update(name, value),
  });
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
      {mode === 'register' && (
        <AuthField {...fieldProps('name')} label="Full name" type="text" placeholder="Enter your full name" autoComplete="name" />
      )}
      <AuthField {...fieldProps('username')} label="Username" type="text" placeholder="Enter your username" autoComplete="username" />
      <AuthField
        {...fieldProps('password')}
        label="Password"
        type="password"
        placeholder="Enter your password"
        autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
        hint={mode === 'register' ? passwordRule(MIN_PASSWORD) : undefined}
      />
      {mode === 'register' && inviteRequired && (
        <AuthField {...fieldProps('inviteCode')} label="Invite code" type="text" placeholder="Enter your invite code" autoComplete="off" />
      )}
      <SubmitButton mode={mode} pending={pending} />
      {registrationOpen && (
        <button type="button" className="btn btn-link btn-sm" onClick={switchMode}>
          {mode === 'signin' ? 'New here? Create an account' : 'Already have an account? Sign in'}
        </button>
      )}
    </form>
  );
}
