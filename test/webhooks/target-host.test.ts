import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import type { Resolver } from '../../src/webhooks/sender.ts';
import { forbiddenHostIssue } from '../../src/webhooks/target-host.ts';

function resolver(answers: Record<string, string[] | Error>): Resolver {
  return (hostname, _options, callback) => {
    const answer = answers[hostname];
    if (answer === undefined || answer instanceof Error) {
      callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
      return;
    }
    const addresses: LookupAddress[] = answer.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    setImmediate(() => callback(null, addresses));
  };
}

describe('the create-time look at a target host name', () => {
  const resolve = resolver({
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'internal.example.com': ['10.0.0.7'],
    'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
    'mapped.example.com': ['::ffff:169.254.169.254'],
  });

  it('accepts a name whose every address is public', async () => {
    expect(await forbiddenHostIssue('https://hooks.example.com/x', resolve)).toBeUndefined();
  });

  it('refuses a name with any private, loopback or metadata address, without naming it', async () => {
    for (const host of ['internal.example.com', 'mixed.example.com', 'mapped.example.com']) {
      const issue = await forbiddenHostIssue(`https://${host}/x`, resolve);
      expect(issue?.message).toBe(
        `target_url host ${host} resolves to a private, loopback or reserved address`,
      );
      expect(issue?.message).not.toMatch(/10\.0\.0\.7|127\.0\.0\.1|169\.254/);
    }
  });

  it('leaves names that do not resolve, and literal addresses, to other checks', async () => {
    expect(await forbiddenHostIssue('https://nowhere.example.com/x', resolve)).toBeUndefined();
    expect(await forbiddenHostIssue('https://10.0.0.1/x', resolve)).toBeUndefined();
  });
});
