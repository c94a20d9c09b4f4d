import { describe, expect, it } from 'vitest';
import { auditText } from './audit-text.ts';

describe('auditText', () => {
  it('escapes NUL, control characters and lone surrogates visibly', () => {
    expect(auditText('ad\u0000min')).toBe('ad\\u0000min');
    expect(auditText('a\nb\u007f')).toBe('a\\u000ab\\u007f');
    expect(auditText('x\ud800y')).toBe('x\\ud800y');
    expect(auditText('\udfffz\ud83d')).toBe('\\udfffz\\ud83d');
  });

  it('keeps ordinary text, accents and paired surrogates as they are', () => {
    for (const text of ['sam.supervisor', 'Rösterei Süd', 'bean 🫘', 'C:\\plant']) {
      expect(auditText(text)).toBe(text);
    }
  });
});
