import { EXTENDED_TIME_CHOICES, extendSeconds, extendedTimeOf, extendedTimePercent } from '@/services/domain/extended-time';

describe('extended time', () => {
  test('each choice is stored as a percent and read back as itself', () => {
    expect(EXTENDED_TIME_CHOICES.map(extendedTimePercent)).toEqual([100, 150, 200]);
    for (const choice of EXTENDED_TIME_CHOICES) expect(extendedTimeOf(extendedTimePercent(choice))).toBe(choice);
  });

  test('an unknown percent reads as the standard time', () => {
    expect(extendedTimeOf(0)).toBe('1');
    expect(extendedTimeOf(175)).toBe('1');
  });

  test('clocks are stretched to whole seconds and never shortened', () => {
    expect(extendSeconds(25, 100)).toBe(25);
    expect(extendSeconds(25, 150)).toBe(38);
    expect(extendSeconds(25, 200)).toBe(50);
    expect(extendSeconds(300, 150)).toBe(450);
    expect(extendSeconds(30, 50)).toBe(30);
  });
});
