// The /auth form's state: validation runs on submit, then again on every change.
import { useState, type FormEvent } from 'react';
import { sendCredentials, showCredentialsFailure } from './credentials';
import { EMPTY_FIELDS, validate, type Errors, type FieldName, type Fields, type Mode } from './fields';
import { useKeptBeforeHydration } from '../shared/useKeptBeforeHydration';
import { useSpinnerClearedOnRestore } from './useSpinnerClearedOnRestore';

export function useSignInForm() {
  const [mode, setMode] = useState<Mode>('signin');
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [sessionLoading, setSessionLoading] = useState(false);
  // Whatever was typed (or autofilled) into the server-rendered inputs before hydration.
  const form = useKeptBeforeHydration<HTMLFormElement>((element) => {
    const typed = (name: FieldName) => {
      const field = element.elements.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : '';
    };
    setFields((current) => ({
      username: current.username || typed('username'),
      password: current.password || typed('password'),
      name: current.name || typed('name'),
      inviteCode: current.inviteCode || typed('inviteCode'),
    }));
  });
  useSpinnerClearedOnRestore(setSessionLoading);

  const update = (field: FieldName, value: string) => {
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
      await sendCredentials(mode, fields);
      // Signed in: cover the form while the home page loads.
      setSessionLoading(true);
      window.location.assign('/');
    } catch (error) {
      setPending(false);
      showCredentialsFailure(mode, error);
    }
  }

  const switchMode = () => {
    setMode(mode === 'signin' ? 'register' : 'signin');
    setErrors({});
    setSubmitted(false);
  };

  return { form, mode, fields, errors, pending, sessionLoading, update, onSubmit, switchMode };
}
