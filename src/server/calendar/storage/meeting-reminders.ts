/**
 * The reminders sent before a rep's meetings (`meeting-reminders/<user id>/<meeting id>`): a create-only
 * claim written before the mail is sent, so two passes at once, or one run twice, send one reminder at
 * most; marked sent after, removed again when the send failed (a later pass before the start may retry).
 */
import { z } from 'zod';
import { readJSON, remove, writeJSON } from '~/server/storage/blobs';
import { key } from '~/server/storage/keys';

const storedReminderSchema = z.strictObject({
  claimedAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

const ROOT = 'meeting-reminders';
const reminderKey = (userId: string, meetingId: string) => key(ROOT, userId, meetingId);

export const meetingReminders = {
  /** Create-only: true when this caller may send the reminder of that meeting. */
  claim: (userId: string, meetingId: string, at: Date) =>
    writeJSON(reminderKey(userId, meetingId), storedReminderSchema, { claimedAt: at.toISOString(), sentAt: null }, { onlyIfNew: true }),

  markSent: (userId: string, meetingId: string, claimedAt: Date, at: Date) =>
    writeJSON(reminderKey(userId, meetingId), storedReminderSchema, { claimedAt: claimedAt.toISOString(), sentAt: at.toISOString() }),

  /** After a failed send: the claim is given up. */
  release: (userId: string, meetingId: string) => remove(reminderKey(userId, meetingId)),

  of: (userId: string, meetingId: string) => readJSON(reminderKey(userId, meetingId), storedReminderSchema),
};
