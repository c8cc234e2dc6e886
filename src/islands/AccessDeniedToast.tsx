// Non-administrators on /team-progress (SPEC §6, §8): the 'Access Denied' toast, shown once on mount.
import { useEffect } from 'react';
import { ACCESS_DENIED_DESCRIPTION, ACCESS_DENIED_TITLE } from '~/lib/team/figures';
import { showToast } from '~/stores/toasts';

export default function AccessDeniedToast() {
  useEffect(() => {
    showToast({ title: ACCESS_DENIED_TITLE, description: ACCESS_DENIED_DESCRIPTION, variant: 'destructive' });
  }, []);
  return null;
}
