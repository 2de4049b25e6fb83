import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, loadJsonConfig } from './loadJsonConfig';

const dir = mkdtempSync(path.join(tmpdir(), 'sport-pc-config-'));
const schema = z.strictObject({
  name: z.string().min(1),
  limits: z.strictObject({ max: z.number().int().min(1) }),
  items: z.array(z.strictObject({ id: z.number().int() })),
});

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

function failure(file: string): ConfigError {
  try {
    loadJsonConfig(file, schema);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadJsonConfig', () => {
  it('returns the parsed, typed value of a valid file', () => {
    const file = write('ok.json', '{ "name": "x", "limits": { "max": 3 }, "items": [{ "id": 1 }] }');
    expect(loadJsonConfig(file, schema)).toEqual({ name: 'x', limits: { max: 3 }, items: [{ id: 1 }] });
  });

  it('accepts a UTF-8 byte-order mark', () => {
    const file = write('bom.json', '\uFEFF{ "name": "x", "limits": { "max": 3 }, "items": [] }');
    expect(loadJsonConfig(file, schema).name).toBe('x');
  });

  it('names a missing file', () => {
    const error = failure(path.join(dir, 'absent.json'));
    expect(error.message).toBe(`${path.join(dir, 'absent.json')}: file not found`);
  });

  it('refuses a directory', () => {
    const sub = path.join(dir, 'a-directory.json');
    mkdirSync(sub, { recursive: true });
    expect(failure(sub).message).toMatch(/a-directory\.json: expected a file, got a directory$/);
  });

  it('reports malformed JSON with line and column', () => {
    const file = write('broken.json', '{\n  "name": "x",\n  "limits": { "max": 3, }\n}');
    const message = failure(file).message;
    expect(message).toMatch(/broken\.json: malformed JSON at line 3, column 25: expected a property name in double quotes/);
    expect(message).not.toMatch(/position/);
  });

  it('reports an empty file as malformed JSON at its end', () => {
    expect(failure(write('empty.json', '')).message).toMatch(/empty\.json: malformed JSON at line 1, column 1: expected a value/);
  });

  it('names the field path and the expectation of a schema error', () => {
    const file = write('bad.json', '{ "name": "x", "limits": { "max": "3" }, "items": [{ "id": 1 }, { "id": 2.5 }] }');
    const message = failure(file).message;
    expect(message).toContain('bad.json: ');
    expect(message).toContain('limits.max: expected a number, got "3"');
    expect(message).toContain('items[1].id: expected an integer, got 2.5');
  });

  it('reports missing and unexpected fields', () => {
    const message = failure(write('fields.json', '{ "limits": { "max": 1 }, "items": [], "extra": true }')).message;
    expect(message).toContain('name: missing, expected a string');
    expect(message).toContain('(root): unexpected field "extra"');
  });

  it('reports a wrong top-level type', () => {
    expect(failure(write('array.json', '[]')).message).toMatch(/array\.json: \(root\): expected an object, got an array of 0 items$/);
  });

  it('shows the file relative to the working directory when it is inside it', () => {
    const error = failure(path.join(process.cwd(), 'config', 'does-not-exist.json'));
    expect(error.message).toBe('config/does-not-exist.json: file not found');
    expect(error.file).toBe('config/does-not-exist.json');
  });
});
