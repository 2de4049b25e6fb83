import { describe, expect, it } from '@jest/globals';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores parameters and a random salt in the hash and verifies it', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).toMatch(/^scrypt\$N=16384,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo12345', a)).toBe(false);
  });

  it('verifies hashes made with other parameters', async () => {
    const cheap = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
    expect(cheap).toContain('N=1024');
    expect(await verifyPassword('pw', cheap)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    for (const bad of ['', 'plain', 'scrypt$N=1,r=1$a$b', 'bcrypt$N=1,r=1,p=1$a$b', 'scrypt$N=1024,r=8,p=1$$']) {
      expect(await verifyPassword('pw', bad)).toBe(false);
    }
  });
});
