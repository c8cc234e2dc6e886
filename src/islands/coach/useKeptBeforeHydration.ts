import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';

/**
 * Hydration happens when the browser is idle: keep a situation typed into the server-rendered box
 * before it. Returns the ref for that box.
 */
export function useKeptBeforeHydration(setRequest: Dispatch<SetStateAction<string>>) {
  const requestBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const typed = requestBox.current?.value ?? '';
    if (typed) setRequest((current) => current || typed);
  }, [setRequest]);
  return requestBox;
}
