import { describe, expect, it } from 'vitest';
import { clientOf } from '../src/limits.js';
import { nameSkeleton } from '../src/names.js';
import { skeletonsToFill } from '../src/store/skeletons.js';

describe('the skeleton of a name (Unicode confusables)', () => {
  it('is the same for look-alikes across scripts, widths and cases', () => {
    const same = [
      ['Anna', 'Аnna', 'ΑNNA', 'ＡＮＮＡ', 'anna'], // Latin, Cyrillic А, Greek Α, fullwidth
      ['Ivan', 'ivan', 'lvan', '1van', 'Іvan'], // I, l, 1, Cyrillic І
      ['Mila', 'rnila'],
      ['Olga', 'О1ga', 'OLGA'],
      ['Straße', 'STRASSE'],
    ];
    for (const group of same) {
      const keys = new Set(group.map(nameSkeleton));
      expect(keys.size, group.join(' ')).toBe(1);
    }
  });

  it('differs for names that do not look alike', () => {
    const names = ['Anna', 'Anya', 'Ann', 'Boris', 'Борис', 'Vera', 'Bera'];
    expect(new Set(names.map(nameSkeleton)).size).toBe(names.length);
  });

  it('is given to old accounts oldest first; a younger look-alike keeps none', () => {
    expect(
      skeletonsToFill(
        [
          { id: 'a', name: 'Olga' },
          { id: 'b', name: 'О1ga' },
          { id: 'c', name: 'Vera' },
        ],
        new Set([nameSkeleton('Vera')]),
      ),
    ).toEqual([{ id: 'a', skeleton: nameSkeleton('Olga') }]);
  });
});

describe('the client of an address', () => {
  it('is the IPv4 address, also IPv4-mapped, and an IPv6 address by its /64', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientOf(undefined)).toBe('unknown');
  });
});
