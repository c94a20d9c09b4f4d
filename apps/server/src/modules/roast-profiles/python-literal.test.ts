import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePythonLiteral, printPythonLiteral, PythonLiteralError } from './python-literal.ts';
import type { PythonValue } from './python-literal.ts';

describe('parsePythonLiteral', () => {
  it('reads nested dicts, lists and tuples', () => {
    expect(
      parsePythonLiteral("{'a': [1, (2, 3), {'b': ()}], 'c': (4,), 'd': (5), 'e': {}, 'f': []}"),
    ).toEqual({ a: [1, [2, 3], { b: [] }], c: [4], d: 5, e: {}, f: [] });
  });

  it('accepts trailing commas and any whitespace, newlines included', () => {
    expect(parsePythonLiteral("{\n  'a': [1, 2,],\n  'b': (3, 4,),\n}\n")).toEqual({
      a: [1, 2],
      b: [3, 4],
    });
  });

  it('reads True, False and None, and their JSON spellings', () => {
    expect(parsePythonLiteral('[True, False, None, true, false, null]')).toEqual([
      true,
      false,
      null,
      true,
      false,
      null,
    ]);
  });

  it('reads negative, fractional and exponent numbers', () => {
    expect(
      parsePythonLiteral('[-1, -1.0, 0.5, .5, 5., 1e-05, 6.288e-05, 1E5, -2.5e+3, 1_000, + 7]'),
    ).toEqual([-1, -1, 0.5, 0.5, 5, 0.00001, 0.00006288, 100000, -2500, 1000, 7]);
  });

  it('reads nan, inf and -inf as numbers', () => {
    const [nan, inf, negInf, jsonNan, jsonInf] = parsePythonLiteral(
      '[nan, inf, -inf, NaN, -Infinity]',
    ) as number[];
    expect(nan).toBeNaN();
    expect(inf).toBe(Number.POSITIVE_INFINITY);
    expect(negInf).toBe(Number.NEGATIVE_INFINITY);
    expect(jsonNan).toBeNaN();
    expect(jsonInf).toBe(Number.NEGATIVE_INFINITY);
  });

  it('reads strings in either quote with their escapes and prefixes', () => {
    expect(
      parsePythonLiteral(
        String.raw`['it\'s', "say \"hi\"", 'a\nb\tc', 'back\\slash', '\x41\u00e9\U0001F600', u'unicode', b'bytes', "it's", 'caf\xe9', 'keep \d', r'raw\n', '\101']`,
      ),
    ).toEqual([
      "it's",
      'say "hi"',
      'a\nb\tc',
      'back\\slash',
      'Aé😀',
      'unicode',
      'bytes',
      "it's",
      'café',
      'keep \\d',
      'raw\\n',
      'A',
    ]);
  });

  it('keeps non-ASCII text as written', () => {
    expect(parsePythonLiteral("{'beans': 'Äthiopien Yirgacheffe – Kochere'}")).toEqual({
      beans: 'Äthiopien Yirgacheffe – Kochere',
    });
  });

  it('takes number keys as strings and a __proto__ key as data', () => {
    const value = parsePythonLiteral("{1: 'one', '__proto__': 2}") as Record<string, unknown>;
    expect(value['1']).toBe('one');
    expect(Object.keys(value)).toEqual(['1', '__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it.each([
    ["{'a': 1,\n 'b': 2,\n 'c': x}", "Unknown name 'x' at line 3, column 7"],
    ["{'a': 1", 'Unexpected end of input at line 1, column 8'],
    ["{'a' 1}", "Unexpected character '1' at line 1, column 6"],
    ["{'a': 'open}", 'Unterminated string at line 1, column 7'],
    ["{'a': 'line\nbreak'}", 'Unterminated string at line 1, column 7'],
    ["{'a': open('x')}", "Unknown name 'open' at line 1, column 7"],
    ["{'a': __import__('os')}", "Unknown name '__import__' at line 1, column 7"],
    ['[1 + 2]', "Unexpected character '+' at line 1, column 4"],
    ['[12abc]', "Unexpected character 'a' at line 1, column 4"],
    ["{[1]: 'list key'}", 'A dictionary key must be a string or a number at line 1, column 2'],
    ["['\\x4']", 'Invalid \\x escape at line 1, column 3'],
    ['[-True]', 'A sign must be followed by a number at line 1, column 2'],
    ['{1, 2}', "Unexpected character ',' at line 1, column 3"],
    ['[1] [2]', "Unexpected character '[' at line 1, column 5"],
    ['', 'Unexpected end of input at line 1, column 1'],
  ])('refuses %j with its position', (text, message) => {
    expect(() => parsePythonLiteral(text)).toThrow(expect.objectContaining({ message }));
  });

  it('reports line and column on the error', () => {
    try {
      parsePythonLiteral("{\n  'a': ?}");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PythonLiteralError);
      expect(error).toMatchObject({ line: 2, column: 8 });
    }
  });

  it('refuses nesting deep enough to exhaust the stack', () => {
    expect(() => parsePythonLiteral('['.repeat(100_000))).toThrow(/Nesting deeper than 200/);
  });
});

describe('printPythonLiteral', () => {
  it('prints the way Python repr does', () => {
    expect(
      printPythonLiteral({
        mode: 'C',
        flag: true,
        off: false,
        none: null,
        list: [1, -1.5, 1e-5],
        quote: "it's",
        both: `it's "x"`,
        escapes: 'a\nb\\c\x01',
      }),
    ).toBe(
      `{'mode': 'C', 'flag': True, 'off': False, 'none': None, 'list': [1, -1.5, 0.00001], 'quote': "it's", 'both': 'it\\'s "x"', 'escapes': 'a\\nb\\\\c\\x01'}`,
    );
  });

  it('refuses numbers Python cannot write as a literal', () => {
    expect(() => printPythonLiteral([Number.NaN])).toThrow(RangeError);
    expect(() => printPythonLiteral([Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });

  it('reads back any JSON-like value it prints', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const printed = printPythonLiteral(value as PythonValue);
        expect(parsePythonLiteral(printed)).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('reads any JSON text as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(parsePythonLiteral(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });
});
