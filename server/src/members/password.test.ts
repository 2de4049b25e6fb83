import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from './password';

const CHEAP = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('stores parameters and a random salt in the hash and verifies it', async () => {
    const a = await hashPassword('demo1234', CHEAP);
    const b = await hashPassword('demo1234', CHEAP);
    expect(a).toMatch(/^scrypt\$N=1024,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo12345', a)).toBe(false);
  });

  it('hashes with the default cost N=2^15, r=8, p=1 unless told otherwise', async () => {
    expect(DEFAULT_SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1 });
    const hash = await hashPassword('pw');
    expect(hash).toMatch(/^scrypt\$N=32768,r=8,p=1\$/);
    expect(await verifyPassword('pw', hash)).toBe(true);
  });

  it('verifies hashes made with other parameters, and says they need re-hashing', async () => {
    const old = await hashPassword('pw', { N: 16384, r: 8, p: 1 });
    expect(await verifyPassword('pw', old)).toBe(true);
    expect(needsRehash(old, DEFAULT_SCRYPT_PARAMS)).toBe(true);
    expect(needsRehash(old, { N: 16384, r: 8, p: 1 })).toBe(false);
  });

  it('accepts OWASP cost (N=2^17) without running out of scrypt memory', async () => {
    const hash = await hashPassword('pw', { N: 131072, r: 8, p: 1 });
    expect(await verifyPassword('pw', hash)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    for (const bad of ['', 'plain', 'scrypt$N=1,r=1$a$b', 'bcrypt$N=1,r=1,p=1$a$b', 'scrypt$N=1024,r=8,p=1$$']) {
      expect(await verifyPassword('pw', bad)).toBe(false);
    }
  });
});
