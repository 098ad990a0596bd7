// vanilla-extract for shadow roots: each `.css.ts` module is evaluated at build time and its
// CSS becomes a string inside the importing JS chunk, handed to the shared constructable
// stylesheet (src/core/styles/sheet.ts) that every element's shadow root adopts.
// The official rollup plugin emits CSS files/imports, which never reach a shadow root.
import { compile, processVanillaFile, cssFileFilter } from '@vanilla-extract/integration';
import { transform } from 'esbuild';
import path from 'node:path';

const PREFIX = '\0bo-css:';

export function vanillaShadow({ sheetModule, identOption = 'short' }) {
  const cssByFile = new Map();
  const sheetPath = path.resolve(sheetModule);
  return {
    name: 'vanilla-shadow',
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : null;
    },
    async load(id) {
      if (id.startsWith(PREFIX)) {
        // Minified: vanilla-extract writes it indented, one declaration a line, and every byte of it is
        // parsed as part of the chunk's JavaScript before the first screen (~30% of it whitespace).
        const css = (await transform(cssByFile.get(id.slice(PREFIX.length)) ?? '', { loader: 'css', minify: true })).code.trim();
        return `import { adoptCss } from ${JSON.stringify(sheetPath)};\nadoptCss(${JSON.stringify(id)}, ${JSON.stringify(css)});\n`;
      }
      if (!cssFileFilter.test(id)) return null;
      const { source, watchFiles } = await compile({ filePath: id, identOption, cwd: process.cwd() });
      for (const file of watchFiles) this.addWatchFile(file);
      const code = await processVanillaFile({
        source,
        filePath: id,
        identOption,
        serializeVirtualCssPath: ({ fileName, source: css }) => {
          cssByFile.set(fileName, css);
          return `import ${JSON.stringify(PREFIX + fileName)};`;
        },
      });
      return { code, map: null };
    },
  };
}
