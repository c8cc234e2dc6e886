import type { Mode } from './fields';

/** Sign in / Create account; while the request runs, a spinner and what is happening. */
export function SubmitButton({ mode, pending }: { mode: Mode; pending: boolean }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={pending}>
      {pending ? (
        <>
          <span className="loading loading-spinner loading-sm" />
          {mode === 'signin' ? 'Signing in...' : 'Creating account...'}
        </>
      ) : mode === 'signin' ? (
        'Sign in'
      ) : (
        'Create account'
      )}
    </button>
  );
}
