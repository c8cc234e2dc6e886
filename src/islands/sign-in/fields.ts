// What the /auth form holds and how it is checked: the same zod schemas as the API, so a form that
// passes here is not refused by the server for its shape.
import { loginRequestSchema, registerRequestSchema } from '~/shared/api/users';

export type Mode = 'signin' | 'register';
export type FieldName = 'username' | 'password' | 'name' | 'inviteCode';
export type Fields = Record<FieldName, string>;
export type Errors = Partial<Record<FieldName, string>>;

export const EMPTY_FIELDS: Fields = { username: '', password: '', name: '', inviteCode: '' };

/** The first message for each field that fails the mode's schema; empty when the form can be sent. */
export function validate(mode: Mode, fields: Fields): Errors {
  const schema = mode === 'signin' ? loginRequestSchema : registerRequestSchema;
  const input =
    mode === 'signin'
      ? { username: fields.username, password: fields.password }
      : { ...fields, inviteCode: fields.inviteCode || undefined };
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return errors;
}
