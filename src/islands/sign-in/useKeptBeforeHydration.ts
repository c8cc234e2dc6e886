import { useEffect, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { FieldName, Fields } from './fields';

/**
 * Hydration happens when the browser is idle: keep whatever was typed (or autofilled) into the
 * server-rendered inputs before it, unless the state already has a value.
 */
export function useKeptBeforeHydration(form: RefObject<HTMLFormElement | null>, setFields: Dispatch<SetStateAction<Fields>>): void {
  useEffect(() => {
    const typed = (name: FieldName) => {
      const element = form.current?.elements.namedItem(name);
      return element instanceof HTMLInputElement ? element.value : '';
    };
    setFields((current) => ({
      username: current.username || typed('username'),
      password: current.password || typed('password'),
      name: current.name || typed('name'),
      inviteCode: current.inviteCode || typed('inviteCode'),
    }));
  }, [form, setFields]);
}
