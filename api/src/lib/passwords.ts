import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

const COST = 12;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  // Compare against a real hash even when there is none, so timing does not tell accounts apart.
  return bcrypt.compare(password, hash ?? DUMMY_HASH);
}

/** A password for a person to read once and change: 18 URL-safe characters. */
export function generatePassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}

const DUMMY_HASH = bcrypt.hashSync(randomBytes(16).toString('hex'), COST);
