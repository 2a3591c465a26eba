/**
 * Stack traces in our TypeScript file names and lines, read through the bundle's source map only
 * when a trace is first written, so a Lambda's cold start does not pay for it. esbuild injects
 * this module into every Lambda bundle ahead of the handler (infra/lambda-bundling.ts, `inject`);
 * tests and the local front run the TypeScript sources and never load it.
 *
 * Why not Node's `--enable-source-maps`: Node reads and parses the bundle's map as it loads the
 * bundle, at every cold start (a large share of a small route's init; docs/performance.md,
 * "Lambdas"), although most processes never write a trace. V8 formats `error.stack` lazily,
 * on its first read, through `Error.prepareStackTrace`: this hook reads the map there, once per
 * process, so a trace costs its map only when there is an error to log. The frames read as Node's
 * own mapping writes them: the original file (absolute, as the map resolves it), line and column,
 * and the function's name as the map knows it.
 */
import type { SourceMap, SourceMapPayload } from 'node:module';

/**
 * Node's modules for reading a map, fetched when the first trace is written: an ES import of a
 * builtin makes Node build its facade at load (`node:fs` reads every export, `fs.promises`
 * included), a cost paid at every cold start for a module that runs only on errors.
 */
const node = () => ({
  fs: process.getBuiltinModule('node:fs'),
  module: process.getBuiltinModule('node:module'),
  url: process.getBuiltinModule('node:url'),
});

interface LoadedMap {
  map: SourceMap;
  /** The map's URL: its `sources` are relative to it. */
  url: string;
}

/** What `SourceMap#findEntry` answers (Node's types leave out `name`); `{}` where the map has nothing. */
interface Entry {
  originalSource?: string;
  originalLine: number;
  originalColumn: number;
  name?: string;
}
const entryAt = (map: SourceMap, line: number, column: number): Entry => map.findEntry(line - 1, column - 1) as Entry;

/** A frame as V8 writes it: its CallSite has its own toString, which Node's types do not declare. */
const v8Text = (frame: NodeJS.CallSite): string => (frame as unknown as { toString(): string }).toString();

/** Each generated file's map (esbuild's linked map: the file's name plus `.map`), or null without one. */
const maps = new Map<string, LoadedMap | null>();

function mapOf(fileName: string): LoadedMap | null {
  const known = maps.get(fileName);
  if (known !== undefined) return known;
  let loaded: LoadedMap | null = null;
  // Node's own modules (`node:internal/...`) and anything else without a file of its own are left as V8 writes them.
  if (fileName.startsWith('file:') || fileName.startsWith('/')) {
    try {
      const { fs, module, url: urls } = node();
      const url = `${fileName.startsWith('file:') ? fileName : urls.pathToFileURL(fileName).href}.map`;
      loaded = { map: new module.SourceMap(JSON.parse(fs.readFileSync(new URL(url), 'utf8')) as SourceMapPayload), url };
    } catch {
      // No map beside the file (or an unreadable one): its frames stay as generated.
    }
  }
  maps.set(fileName, loaded);
  return loaded;
}

/** Where a frame's generated position came from (`file:line:column`, 1-based), or undefined where no map knows it. */
function originOf(frame: NodeJS.CallSite): { at: string; source: LoadedMap } | undefined {
  const file = frame.getFileName();
  const line = frame.getLineNumber();
  const column = frame.getColumnNumber();
  if (!file || line === null || column === null) return undefined;
  const source = mapOf(file);
  const entry = source && entryAt(source.map, line, column);
  if (!source || !entry?.originalSource) return undefined;
  const original = new URL(entry.originalSource, source.url);
  const at = `${original.protocol === 'file:' ? node().url.fileURLToPath(original) : original.href}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  return { at, source };
}

/**
 * One frame as V8 writes it (`String(callSite)`: `async name (file:line:col)`, `new Name (...)`,
 * or the bare location), with the location replaced by the original one. The function's original
 * name is the name the map gives the caller's position (the identifier that was called), which is
 * how Node's own mapping names it.
 */
function frameText(frame: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string {
  const text = v8Text(frame);
  const origin = originOf(frame);
  if (!origin) return text;
  const generated = `${frame.getFileName()}:${frame.getLineNumber()}:${frame.getColumnNumber()}`;
  const cut = text.lastIndexOf(generated);
  if (cut < 0) return text;
  let head = text.slice(0, cut);
  const minified = frame.getFunctionName();
  const callerLine = caller?.getLineNumber();
  const callerColumn = caller?.getColumnNumber();
  const name =
    caller && caller.getFileName() === frame.getFileName() && callerLine && callerColumn
      ? entryAt(origin.source.map, callerLine, callerColumn).name
      : undefined;
  if (minified && name && name !== minified) head = head.replace(minified, name);
  return `${head}${origin.at}${text.slice(cut + generated.length)}`;
}

/** `Error.prepareStackTrace`: V8's own layout, each frame mapped; never throws (a trace must always be written). */
function prepareStackTrace(error: Error, frames: NodeJS.CallSite[]): string {
  let header: string;
  try {
    header = Error.prototype.toString.call(error);
  } catch {
    header = '<error>';
  }
  return (
    header +
    frames
      .map((frame, i) => {
        try {
          return `\n    at ${frameText(frame, frames[i + 1])}`;
        } catch {
          return `\n    at ${v8Text(frame)}`;
        }
      })
      .join('')
  );
}

// Node's own mapping (an operator's `--enable-source-maps`) wins. Node 20 and later define
// `Error.prepareStackTrace` themselves (their default layout), so its presence says nothing.
if (!process.sourceMapsEnabled) Error.prepareStackTrace = prepareStackTrace;
