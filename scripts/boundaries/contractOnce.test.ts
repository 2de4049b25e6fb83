import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * "A wire type is written once, in contract/" (DESIGN.md, issue 30). A second definition rarely keeps the contract's
 * name (PreBetParameters, BetParameter, CashOutEntryWire were copies of two contract shapes), so this compares
 * shapes: every interface or object type in the app, its plugins and the platform whose fields are exactly those of
 * a contract object schema is a copy. Derive it from the contract's type instead (`type X = ContractType`, `Pick<>`).
 */

const root = path.resolve(__dirname, '../..');
/** Shapes this small (an id and a name) are too common to be copies of anything. */
const MIN_FIELDS = 4;

interface Shape {
  name: string;
  file: string;
  fields: string;
}

/** Field names of a `{ ... }` body at its top level (nested objects skipped), sorted. */
function topLevelFields(body: string): string[] {
  const fields: string[] = [];
  let depth = 0;
  let line = '';
  const flush = () => {
    const match = /^\s*(?:readonly\s+)?['"]?([A-Za-z_$][\w$]*)['"]?\??\s*:/.exec(line);
    if (match) fields.push(match[1]!);
    line = '';
  };
  let previous = '';
  for (const char of body.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '')) {
    const arrow = char === '>' && previous === '=';
    previous = char;
    if ('{([<'.includes(char)) depth += 1;
    else if ('})]>'.includes(char) && !arrow) depth -= 1;
    else if (depth === 0 && ';\n,'.includes(char)) flush();
    else if (depth === 0) line += char;
  }
  flush();
  return [...new Set(fields)].sort();
}

/** The body of the brace block opening at `open`. */
function block(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '{') depth += 1;
    if (source[i] === '}') {
      depth -= 1;
      if (depth === 0) return source.slice(open + 1, i);
    }
  }
  return '';
}

/** Interfaces and `type X = { ... }` object types declared in a file. */
function declaredShapes(file: string): Shape[] {
  const source = readFileSync(file, 'utf8');
  const shapes: Shape[] = [];
  const declaration = /(?:^|\n)\s*(?:export\s+)?(?:interface\s+(\w+)(?:<[^>{]*>)?(?:\s+extends\s+[^{]+)?\s*\{|type\s+(\w+)(?:<[^>=]*>)?\s*=\s*\{)/g;
  for (let match = declaration.exec(source); match; match = declaration.exec(source)) {
    const open = source.indexOf('{', match.index + match[0].length - 1);
    const fields = topLevelFields(block(source, open));
    if (fields.length >= MIN_FIELDS) shapes.push({ name: (match[1] ?? match[2])!, file: path.relative(root, file), fields: fields.join(',') });
  }
  return shapes;
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'testing' && entry.name !== 'test' && entry.name !== 'fixture') files.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** The field sets of every object schema the contract exports, by export name. */
async function contractShapes(): Promise<Map<string, string>> {
  const shapes = new Map<string, string>();
  const folder = path.join(root, 'contract');
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(path.join(folder, name))) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      const shape = (value as { _zod?: { def?: { type?: string; shape?: Record<string, unknown> } } } | null)?._zod?.def;
      if (shape?.type !== 'object' || !shape.shape) continue;
      const fields = Object.keys(shape.shape).sort();
      // The file that defines it, not contract/index.ts re-exporting it.
      if (fields.length >= MIN_FIELDS && (!shapes.has(fields.join(',')) || name !== 'index.ts')) shapes.set(fields.join(','), `contract/${name} ${exported}`);
    }
  }
  return shapes;
}

/**
 * Copies tolerated: none since issue 30 derived the last ones (feed, history, cash out, anchors) from the contract.
 * An entry here needs a reason beside it.
 */
const KNOWN = new Set<string>([]);

describe('the contract once', () => {
  it('finds no interface or object type outside contract/ with exactly the fields of a contract schema', async () => {
    const contract = await contractShapes();
    expect(contract.size).toBeGreaterThan(50);
    const copies = ['src', 'plugins', 'server/src', 'domain']
      .flatMap((folder) => sourceFiles(path.join(root, folder)))
      .flatMap(declaredShapes)
      .filter((shape) => contract.has(shape.fields) && !KNOWN.has(`${shape.file} ${shape.name}`))
      .map((shape) => `${shape.file} ${shape.name} copies ${contract.get(shape.fields)}`);
    expect(copies).toEqual([]);
  });

  it('recognises the fields of a copy, nested objects and comments aside', () => {
    const fields = topLevelFields(`
      id: string;
      /** a comment: with a colon */
      createdTime: number;
      nested: { inner: string; other: number };
      cancelReason: number | null;
      auto?: number;
      load(): Promise<Map<string, number>>;
      fetcher: (page: number) => Promise<string>;
      last: string;
    `);
    expect(fields).toEqual(['auto', 'cancelReason', 'createdTime', 'fetcher', 'id', 'last', 'load', 'nested']);
  });
});

/** Path literals of the platform's services in a source text, comments aside: `file:line path` for each. */
function pathLiterals(source: string, file: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
  const found: string[] = [];
  const literal = /['"`](\/(?:api|v1|media)\/[^'"`]*)['"`]/g;
  for (let match = literal.exec(code); match; match = literal.exec(code)) {
    found.push(`${file}:${code.slice(0, match.index).split('\n').length} ${match[1]}`);
  }
  return found;
}

describe('every path the app calls, once', () => {
  it('writes no platform path in the app outside contract/ (the path maps there are checked against the routes)', () => {
    const written = sourceFiles(path.join(root, 'src')).flatMap((file) => pathLiterals(readFileSync(file, 'utf8'), path.relative(root, file)));
    expect(written).toEqual([]);
  });

  it('finds a path written in code, not one in a comment', () => {
    const source = `
      // POST '/api/match/getList' answers pages
      /** Also '/v1/order/bet' here. */
      const answer = http.post('/api/match/getList', body);
      const url = \`/media/video/web?x=1\`;
    `;
    expect(pathLiterals(source, 'a.ts')).toEqual(['a.ts:4 /api/match/getList', 'a.ts:5 /media/video/web?x=1']);
  });
});
