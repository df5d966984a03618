import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

// N=2^15, r=8, p=1: about 50 ms and 32 MiB per hash on this machine (OWASP's scrypt minimum is 2^17/r8 for 
// interactive use with more memory; 2^15 keeps concurrent sign-ins within the server's memory budget).
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEYLEN = 32;

/** Hash as `scrypt$N$r$p$salt$key` (base64url), so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split("$");
  if (alg !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the email is unknown, so timing does not reveal which emails exist. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString("hex"));
  return dummy;
}

const COMMON = new Set(["password", "password1", "12345678", "123456789", "qwerty123", "iloveyou", "11111111", "abc12345"]);

/** Returns why a password is too weak, or null when it is acceptable. */
export function passwordWeakness(password: string): string | null {
  if (password.length < 8) return "password must be at least 8 characters";
  if (password.length > 200) return "password must be at most 200 characters";
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return "password must contain a letter and a digit";
  if (COMMON.has(password.toLowerCase())) return "password is too common";
  return null;
}
