import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('counts an IPv4 address as itself, also when written as IPv6', () => {
    expect(addressKey('198.51.100.7')).toBe('ip:198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('ip:198.51.100.7');
    expect(addressKey('::FFFF:198.51.100.7')).toBe('ip:198.51.100.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('ip:2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('ip:2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('ip:2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('ip:0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('ip:fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::198.51.100.7')).toBe('ip:64:ff9b:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('keeps anything else as it is', () => {
    expect(addressKey('unknown')).toBe('ip:unknown');
  });
});
