/**
 * Python literal syntax as `repr()` writes it, which is how Artisan saves its .alog profiles.
 * No maintained npm package reads it, so this is a small hand-written parser: it reads dicts,
 * lists, tuples, strings, numbers, True/False/None and nothing else, and never evaluates.
 * It also takes JSON's true/false/null and NaN/Infinity, so a JSON profile written by Python's
 * json module (which writes NaN for a missing float) reads too and errors point into either form.
 */

export type PythonValue =
  null | boolean | number | string | PythonValue[] | { [key: string]: PythonValue };

export class PythonLiteralError extends Error {
  readonly line: number;
  readonly column: number;

  constructor(message: string, line: number, column: number) {
    super(`${message} at line ${line}, column ${column}`);
    this.name = 'PythonLiteralError';
    this.line = line;
    this.column = column;
  }
}

/** Deeper input is refused rather than allowed to exhaust the stack. */
const MAX_DEPTH = 200;

const NAMES = new Map<string, PythonValue>([
  ['True', true],
  ['False', false],
  ['None', null],
  ['true', true],
  ['false', false],
  ['null', null],
  ['nan', Number.NaN],
  ['NaN', Number.NaN],
  ['inf', Number.POSITIVE_INFINITY],
  ['Infinity', Number.POSITIVE_INFINITY],
]);

const SIMPLE_ESCAPES = new Map([
  ['\\', '\\'],
  ["'", "'"],
  ['"', '"'],
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['a', '\x07'],
  ['b', '\b'],
  ['f', '\f'],
  ['v', '\v'],
]);

const HEX_ESCAPE_LENGTHS = new Map([
  ['x', 2],
  ['u', 4],
  ['U', 8],
]);

const NUMBER = /(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?/y;
const NAME = /[A-Za-z_]\w*/y;
const STRING_PREFIX = /[uUbBrR]{1,2}(?=['"])/y;
const OCTAL = /[0-7]{1,3}/y;

export function parsePythonLiteral(text: string): PythonValue {
  const reader = new LiteralReader(text);
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.pos < text.length) reader.unexpected();
  return value;
}

class LiteralReader {
  pos = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  value(depth: number): PythonValue {
    if (depth > MAX_DEPTH) this.fail(`Nesting deeper than ${MAX_DEPTH} levels`);
    this.skipSpace();
    const char = this.text[this.pos];
    if (char === '[') return this.sequence(']', depth).items;
    if (char === '(') {
      const { items, commas } = this.sequence(')', depth);
      // `(x)` is x in parentheses; only a comma makes a tuple.
      return items.length === 1 && commas === 0 ? (items[0] ?? null) : items;
    }
    if (char === '{') return this.dict(depth);
    if (char === "'" || char === '"' || this.match(STRING_PREFIX) !== undefined) {
      return this.string();
    }
    if (char === '-' || char === '+') return this.signed();
    return this.unsigned();
  }

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? '')) this.pos += 1;
  }

  unexpected(): never {
    const char = this.text[this.pos];
    if (char === undefined) this.fail('Unexpected end of input');
    this.fail(`Unexpected character '${JSON.stringify(char).slice(1, -1)}'`);
  }

  private fail(message: string, at = this.pos): never {
    const before = this.text.slice(0, at).split('\n');
    throw new PythonLiteralError(message, before.length, (before.at(-1)?.length ?? 0) + 1);
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.pos;
    return pattern.exec(this.text)?.[0];
  }

  private sequence(close: string, depth: number): { items: PythonValue[]; commas: number } {
    this.pos += 1;
    const items: PythonValue[] = [];
    let commas = 0;
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === close) break;
      items.push(this.value(depth + 1));
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos += 1;
        commas += 1;
      } else if (this.text[this.pos] !== close) this.unexpected();
    }
    this.pos += 1;
    return { items, commas };
  }

  private dict(depth: number): { [key: string]: PythonValue } {
    this.pos += 1;
    const entries: { [key: string]: PythonValue } = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === '}') break;
      const keyAt = this.pos;
      const key = this.value(depth + 1);
      if (typeof key !== 'string' && typeof key !== 'number') {
        this.fail('A dictionary key must be a string or a number', keyAt);
      }
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.unexpected();
      this.pos += 1;
      // defineProperty: a key named __proto__ is data, not the object's prototype.
      Object.defineProperty(entries, String(key), {
        value: this.value(depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skipSpace();
      if (this.text[this.pos] === ',') this.pos += 1;
      else if (this.text[this.pos] !== '}') this.unexpected();
    }
    this.pos += 1;
    return entries;
  }

  private string(): string {
    const start = this.pos;
    const prefix = this.match(STRING_PREFIX) ?? '';
    const raw = /r/i.test(prefix);
    this.pos += prefix.length;
    const quote = this.text[this.pos];
    this.pos += 1;
    let out = '';
    for (;;) {
      const char = this.text[this.pos];
      if (char === undefined || char === '\n') this.fail('Unterminated string', start);
      this.pos += 1;
      if (char === quote) return out;
      if (char !== '\\') out += char;
      else if (raw) out += char + (this.text[this.pos++] ?? '');
      else out += this.escape();
    }
  }

  private escape(): string {
    const at = this.pos - 1;
    const char = this.text[this.pos] ?? '';
    this.pos += 1;
    const simple = SIMPLE_ESCAPES.get(char);
    if (simple !== undefined) return simple;
    if (char === '\n') return '';
    if (char === '\r') {
      if (this.text[this.pos] === '\n') this.pos += 1;
      return '';
    }
    const hexLength = HEX_ESCAPE_LENGTHS.get(char);
    if (hexLength !== undefined) {
      const digits = this.text.slice(this.pos, this.pos + hexLength);
      const code = Number.parseInt(digits, 16);
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length < hexLength || code > 0x10ffff) {
        this.fail(`Invalid \\${char} escape`, at);
      }
      this.pos += hexLength;
      return String.fromCodePoint(code);
    }
    this.pos -= 1;
    const octal = this.match(OCTAL);
    if (octal !== undefined) {
      this.pos += octal.length;
      return String.fromCodePoint(Number.parseInt(octal, 8));
    }
    // Python keeps an unknown escape as written, backslash included.
    return '\\';
  }

  private signed(): number {
    const start = this.pos;
    const negative = this.text[this.pos] === '-';
    this.pos += 1;
    this.skipSpace();
    const char = this.text[this.pos];
    if (char === '-' || char === '+' || char === undefined || !/[\w.]/.test(char)) {
      this.unexpected();
    }
    const value = this.unsigned();
    if (typeof value !== 'number') this.fail('A sign must be followed by a number', start);
    return negative ? -value : value;
  }

  private unsigned(): PythonValue {
    const start = this.pos;
    const number = this.match(NUMBER);
    if (number !== undefined) {
      this.pos += number.length;
      if (/\w/.test(this.text[this.pos] ?? '')) this.unexpected();
      return Number(number.replaceAll('_', ''));
    }
    const name = this.match(NAME);
    if (name === undefined) this.unexpected();
    const value = NAMES.get(name);
    if (value === undefined) this.fail(`Unknown name '${name}'`, start);
    this.pos += name.length;
    return value;
  }
}

/**
 * Prints a value the way Python's `repr()` would, so that `ast.literal_eval` (Artisan's reader)
 * and `parsePythonLiteral` read it back. Numbers must be finite: Python has no literal for
 * NaN or infinity that `literal_eval` accepts.
 */
export function printPythonLiteral(value: PythonValue): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(printPythonLiteral).join(', ')}]`;
  const entries = Object.entries(value).map(
    ([key, item]) => `${pythonString(key)}: ${printPythonLiteral(item)}`,
  );
  return `{${entries.join(', ')}}`;
}

function pythonNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} has no Python literal`);
  // String(-0) drops the sign; Python's float repr keeps it.
  return Object.is(value, -0) ? '-0.0' : String(value);
}

function pythonString(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === quote) out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return out + quote;
}
