// Writes dist/custom-elements.json (schema 2.1.0) from the JSDoc block of each
// src/elements/bo-*.ts file: the JSDoc is the element's public contract.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';

const dir = 'src/elements';
const listOf = (doc, tag) =>
  [...doc.matchAll(new RegExp(`@${tag}\\s+(?:\\{([^}]*)\\}\\s+)?([\\w-]+)\\s*(?:-\\s*)?(.*)`, 'g'))].map(([, type, name, description]) => ({
    name,
    ...(type ? { type: { text: type } } : {}),
    description: description.trim(),
  }));

const modules = readdirSync(dir)
  .filter((file) => /^bo-.*\.ts$/.test(file))
  .sort()
  .map((file) => {
    const source = readFileSync(`${dir}/${file}`, 'utf8');
    const doc = source.match(/\/\*\*([\s\S]*?)\*\//)?.[1].replace(/^\s*\* ?/gm, '') ?? '';
    const tagName = doc.match(/@tag\s+([\w-]+)/)?.[1] ?? file.replace(/\.ts$/, '');
    const summary = doc.match(/@summary\s+(.*)/)?.[1].trim() ?? '';
    const description = doc.split('@')[0].trim();
    const attributes = listOf(doc, 'attr');
    const className = tagName.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase()) + 'Element';
    return {
      kind: 'javascript-module',
      path: `dist/${tagName}.js`,
      declarations: [
        {
          kind: 'class',
          name: className,
          tagName,
          customElement: true,
          summary,
          description,
          attributes: attributes.map(({ name, type, description }) => ({ name, type, description, fieldName: name.replace(/-(\w)/g, (_, c) => c.toUpperCase()) })),
          members: attributes.map(({ name, type, description }) => ({ kind: 'field', name: name.replace(/-(\w)/g, (_, c) => c.toUpperCase()), type, description })),
          events: listOf(doc, 'fires'),
          slots: listOf(doc, 'slot'),
          cssParts: listOf(doc, 'csspart'),
          cssProperties: listOf(doc, 'cssprop').map((p) => ({ ...p, name: p.name.startsWith('--') ? p.name : `--${p.name}` })),
        },
      ],
      exports: [{ kind: 'custom-element-definition', name: tagName, declaration: { name: className, module: `dist/${tagName}.js` } }],
    };
  });

mkdirSync('dist', { recursive: true });
writeFileSync('dist/custom-elements.json', JSON.stringify({ schemaVersion: '2.1.0', readme: 'README.md', modules }, null, 2) + '\n');
console.log(`custom-elements.json: ${modules.map((m) => m.declarations[0].tagName).join(', ')}`);
