import { countTokens } from '@loupe/engine';
import { it } from 'vitest';
import { makeProject, memoryClient, openProject } from './testing/fixture';

it('explore', async () => {
  const fx = makeProject({
    'src/app.ts':
      Array.from({ length: 300 }, (_, i) => `export const v${i} = ${i}; // line ${i + 1}`).join('\n') + '\n',
    'src/util.ts': 'export const util = 2;\n',
    'src/deep/x.ts': 'x\n',
    'README.md': '# hi\n',
    '.gitignore': 'dist/\n',
    'dist/out.js': 'built\n',
  });
  const project = await openProject(fx);
  const c = await memoryClient(project);
  const c2 = await memoryClient(project, 'other');
  const tools = await c.client.listTools();
  console.log(JSON.stringify(tools).length, countTokens(JSON.stringify(tools)));
  console.log(JSON.stringify(tools.tools[1], null, 1));
  console.log(await c.call('get_tree'));
  console.log('----');
  console.log(await c.call('get_tree', { fields: ['tokens', 'received'] }));
  console.log('----');
  console.log(await c.call('get_file', { path: 'src/app.ts', lines: '1-5' }));
  console.log('----');
  console.log(await c.call('get_file', { path: 'src/app.ts', lines: '3-8' }));
  console.log('----');
  console.log(await c.call('get_file', { path: 'src/app.ts', lines: '2-4' }));
  console.log('----');
  console.log(await c.call('get_file', { path: 'src' }));
  console.log('----');
  console.log(await c.call('get_file', { path: 'src/ap.ts' }));
  console.log('----');
  console.log(await c.call('get_file', { path: 'dist/out.js' }));
  console.log('----');
  console.log(await c.call('get_file', { path: fx.root + '/README.md' }));
  project.ws.toggleFocus('src', true);
  console.log('----');
  console.log(await c.call('focus_status'));
  console.log('----');
  console.log(await c2.call('search', { query: 'line 29' }));
  fx.write('src/util.ts', 'changed\n');
  console.log('----');
  console.log(await c.call('get_file', { requests: [{ path: 'README.md' }, 'src/util.ts'] }));
  console.log('----');
  console.log(await c.call('pack', { budget: '5000' }));
  console.log('----');
  console.log(await c.call('get_tree', { depth: 'x' }));
  await c.close();
  await c2.close();
  await project.close();
  await project.ws.close();
  fx.cleanup();
});
