import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { lazyChakraGlobals } from '../../../vite.config';
import { system } from '@/app/theme';

const require = createRequire(import.meta.url);
const chakraSystemFile = join(dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system/system.js');
const source = readFileSync(chakraSystemFile, 'utf8');
// Beside node_modules, so the module's bare imports resolve as they do in the build.
const scratch = resolve('node_modules/.cache/prepaidship-chakra-globals');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The installed Chakra's system module with the build's rewrite, loaded as a module of its own. */
async function lazyCreateSystem(): Promise<typeof createSystem> {
  const absolute = lazyChakraGlobals(source).replace(
    /from '(\.{1,2}\/[^']+)'/g,
    (_m, rel: string) => `from '${pathToFileURL(resolve(dirname(chakraSystemFile), rel)).href}'`,
  );
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, 'system.mjs');
  writeFileSync(file, absolute);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { createSystem: typeof createSystem }).createSystem;
}

describe("the build's rewrite of Chakra's createSystem (vite.config.ts, lazyChakraGlobals)", () => {
  it('builds the global CSS on first read, once, and the same CSS as Chakra does', async () => {
    const lazy = (await lazyCreateSystem())(defaultBaseConfig, system._config);
    const eager: SystemContext = createSystem(defaultBaseConfig, system._config);
    expect(Object.getOwnPropertyDescriptor(lazy, '_global')?.get).toBeTypeOf('function');
    const first = lazy._global;
    expect(lazy._global).toBe(first);
    expect(JSON.stringify(first)).toBe(JSON.stringify(eager._global));
    // The rest of the system answers as Chakra's does.
    expect(lazy.token('colors.fg.error')).toBe(eager.token('colors.fg.error'));
    expect(lazy.css({ color: 'fg.muted', p: '4' })).toEqual(eager.css({ color: 'fg.muted', p: '4' }));
  });

  it('fails the build when a Chakra upgrade changed the lines it rewrites', () => {
    expect(() => lazyChakraGlobals(source.replace('getTokenCss()];', 'getTokenCss(), extra()];'))).toThrow(/no longer builds _global/);
    expect(() => lazyChakraGlobals(source.replace(/^\s*_global,$/m, '    _global: _global,'))).toThrow(/no longer builds _global/);
  });
});
