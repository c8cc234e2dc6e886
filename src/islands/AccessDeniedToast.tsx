// Non-administrators on an administrators' page (/team-progress, SPEC §6, §8; /content-health): the
// 'Access Denied' toast, shown once on mount, with the page's own description.
import { useEffect } from 'react';
import { ACCESS_DENIED_DESCRIPTION, ACCESS_DENIED_TITLE } from '~/lib/team/figures';
import { showToast } from '~/stores/toasts';

export default function AccessDeniedToast({ description = ACCESS_DENIED_DESCRIPTION }: { description?: string }) {
  useEffect(() => {
    showToast({ title: ACCESS_DENIED_TITLE, description, variant: 'destructive' });
  }, [description]);
  return null;
}
