import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

const ana = { username: 'ana.diaz@parcelwise.example', name: 'Ana Diaz', admin: false };

describe('the password policy', () => {
  it('asks for 12 characters, 15 for an administrator', () => {
    expect(passwordProblem('Quiet-harb1', ana)).toBe('password: must be at least 12 characters');
    expect(passwordProblem('Quiet-harbor-1', { ...ana, admin: true })).toBe(
      'password: must be at least 15 characters for an administrator',
    );
    expect(passwordProblem('Quiet-harbor-lantern-81', { ...ana, admin: true })).toBeNull();
  });

  it.each(['ana-diaz-2024!', 'anadiaz-parcelwise', 'parcelwise-admin', 'AnaDiaz1234567'])(
    'refuses %s: built from the person or the company',
    (password) => {
      expect(passwordProblem(password, ana)).toBe("password: is built from your name, your username or the company's name");
    },
  );

  it.each(['qwertyuiopasdf', 'password12345678', 'iloveyou123456', 'aaaaaaaaaaaaaaaa'])('refuses %s: easy to guess', (password) => {
    expect(passwordProblem(password, ana)).toMatch(/^password: is (too easy to guess|a common password)/);
  });

  it.each(['Quiet-harbor-lantern-81', 'correct-horse-battery', 'seven tired geese at dawn'])('accepts %s', (password) => {
    expect(passwordProblem(password, ana)).toBeNull();
  });
});
