// The session gate: locals.user is readable only once the check finished; reads for the claimed user
// start at once and are used only when the check confirms that user.
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '~/server/errors';
import { openSessionGate, requireAdmin, requireUser, signedIn, writeMarkWritten, type SessionGate, type SessionUser } from './signed-in';

const learner: SessionUser = {
  user: { id: 'u1', username: 'alex@parcelwise.example', name: 'Alex', role: 'user', avatar: null },
  isAdmin: false,
};

function gate(claimedUserId: string | null, writes?: SessionGate['writes']) {
  let settle!: (who: SessionUser | null) => void;
  const check = new Promise<SessionUser | null>((resolve) => (settle = resolve));
  const locals = {} as App.Locals;
  openSessionGate(locals, { claimedUserId, sessionId: '', check, writes });
  return { locals, settle };
}

describe('the session gate', () => {
  it('throws a helpful error when locals.user is read before the check finished, and answers after', async () => {
    const { locals, settle } = gate('u1');
    expect(() => locals.user).toThrow(/read before the session check finished: await signedIn\(locals\)/);
    expect(() => locals.isAdmin).toThrow(/requireUser\(locals\)/);
    settle(learner);
    await signedIn(locals);
    expect(locals.user?.id).toBe('u1');
    expect(locals.isAdmin).toBe(false);
  });

  it('starts the reads for the claimed user before the check ends, and answers them once it passed', async () => {
    const { locals, settle } = gate('u1');
    const reads = vi.fn(async (userId: string) => `data of ${userId}`);
    const answer = signedIn(locals, reads);
    expect(reads).toHaveBeenCalledWith('u1');
    settle(learner);
    expect(await answer).toEqual({ ...learner, data: 'data of u1' });
  });

  it('drops the reads (even failed ones) when the session has ended', async () => {
    const { locals, settle } = gate('u1');
    const answer = signedIn(locals, async () => {
      throw new Error('storage down');
    });
    settle(null);
    expect(await answer).toBeNull();
    await expect(requireUser(locals)).rejects.toEqual(new HttpError(401, 'Not signed in'));
  });

  it('answers signed out at once without a session cookie, reading nothing', async () => {
    const { locals } = gate(null);
    const reads = vi.fn(async () => 1);
    expect(await signedIn(locals, reads)).toBeNull();
    expect(reads).not.toHaveBeenCalled();
  });

  it('lets administrators through requireAdmin and answers 403 with the given text to anybody else', async () => {
    const { locals, settle } = gate('u1');
    settle(learner);
    await expect(requireAdmin(locals, undefined, 'Administrators only')).rejects.toEqual(new HttpError(403, 'Administrators only'));
    const admin = gate('u2');
    admin.settle({ ...learner, isAdmin: true });
    expect((await requireAdmin(admin.locals, async () => 'team')).data).toBe('team');
  });

  it("admits a write within the person's limit once the check confirmed them, once per request, and waits for its mark", async () => {
    let marked = false;
    const admit = vi.fn(async () => ({ written: Promise.resolve().then(() => void (marked = true)) }));
    const { locals, settle } = gate('u1', { admit });
    const answer = requireUser(locals);
    expect(admit).not.toHaveBeenCalled(); // not before the check
    settle(learner);
    await answer;
    await requireUser(locals);
    expect(admit).toHaveBeenCalledTimes(1);
    await writeMarkWritten(locals);
    expect(marked).toBe(true);
  });

  it("answers the limit's 429 before the route learns who asks; an ended session is never admitted", async () => {
    const refusal = new HttpError(429, 'Too many changes', { 'Retry-After': '5' });
    const over = gate('u1', { admit: async () => Promise.reject(refusal) });
    over.settle(learner);
    await expect(requireUser(over.locals)).rejects.toBe(refusal);
    await expect(writeMarkWritten(over.locals)).resolves.toBeUndefined();

    const admit = vi.fn(async () => ({ written: Promise.resolve() }));
    const ended = gate('u1', { admit });
    ended.settle(null);
    await expect(requireUser(ended.locals)).rejects.toEqual(new HttpError(401, 'Not signed in'));
    expect(admit).not.toHaveBeenCalled();
  });
});
