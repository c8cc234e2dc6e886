// The /settings preferences form read as PATCH /api/preferences reads a body: the working days from one
// checkbox each, none ticked refused with the API's message; the call reminder box, ticked or not.
import { describe, expect, it } from 'vitest';
import { describeZodError } from '~/server/http/response';
import { preferencesFromForm, remindersFromForm } from './settings-form';

const form = { action: 'preferences', digest: 'daily', hour: '8', timeZone: '', reviewHoldUntil: '' };

describe('the preferences form', () => {
  it('reads the ticked working days as ISO weekdays', () => {
    const parsed = preferencesFromForm({ ...form, workingDay1: 'on', workingDay3: 'on', workingDay7: 'on' });
    expect(parsed.success && parsed.data).toMatchObject({ workingDays: [1, 3, 7], digest: 'daily', hour: 8, reviewHoldUntil: null });
    // The digest form leaves the call reminders as they are (their own form sets them).
    expect(parsed.success && 'callReminders' in parsed.data).toBe(false);
  });

  it('refuses no working day at all, naming the field', () => {
    const parsed = preferencesFromForm(form);
    expect(parsed.success ? null : describeZodError(parsed.error)).toBe('workingDays: must name at least one day');
  });
});

describe('the call reminder form', () => {
  it('reads a ticked box as on and an unticked one (absent) as off, and nothing else', () => {
    const on = remindersFromForm({ action: 'calendar-reminders', callReminders: 'on' });
    expect(on.success && on.data).toEqual({ callReminders: true });
    const off = remindersFromForm({ action: 'calendar-reminders' });
    expect(off.success && off.data).toEqual({ callReminders: false });
  });
});
