// @vitest-environment happy-dom
// The /auth form states the password rule the server enforces (password-policy.ts): in "Create an account"
// the password field is described by the rule, and a password shorter than the rule's minimum is refused
// before it is sent, with a message that names that minimum. Signing in states no rule (older passwords sign in).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SignInForm from './SignInForm';

const RULE = "At least 12 characters, not common, and not built from your name, your username or the company's name.";

afterEach(cleanup);

describe('the password rule on /auth', () => {
  it('describes the new password when creating an account, and refuses one shorter than 12 characters naming 12', () => {
    render(<SignInForm registrationOpen inviteRequired={false} />);
    expect(screen.queryByText(RULE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New here? Create an account' }));
    const password = screen.getByLabelText('Password');
    expect(screen.getByText(RULE).id).toBe(password.getAttribute('aria-describedby'));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Pat Newcomer' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'pat@parcelwise.example' } });
    fireEvent.change(password, { target: { value: 'eleven-char' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Create an account' }));
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 12 characters');
    expect(password.getAttribute('aria-describedby')?.split(' ')).toEqual(expect.arrayContaining([screen.getByText(RULE).id]));
  });
});
