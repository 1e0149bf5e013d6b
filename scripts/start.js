#!/usr/bin/env node
/**
 * `npm start`: builds the app when its sources changed since the last build, then starts the
 * server (API + built app) on PORT, 8000 by default. The build is skipped when dist/ carries the
 * fingerprint of the current sources.
 */
const { createHash } = require('crypto');
const { execFileSync, spawn } = require('child_process');
const { existsSync, readFileSync, readdirSync, statSync, writeFileSync } = require('fs');
const { join } = require('path');

const root = join(__dirname, '..');

// package.json's engines field names the Node version; say so plainly instead of a cryptic failure later
const wanted = require(join(root, 'package.json')).engines.node;
const [major] = process.versions.node.split('.').map(Number);
if (major < Number(/\d+/.exec(wanted)[0])) {
  console.error(`智能论文 needs Node.js ${wanted}; this is ${process.version}. Install a newer Node.js and run npm start again.`);
  process.exit(1);
}
const stampFile = join(root, 'dist', '.build-fingerprint');
const inputs = ['src', 'config', '.umirc.ts', 'package-lock.json'];

function fingerprint() {
  const hash = createHash('sha256');
  const walk = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (!name.startsWith('.umi')) walk(join(path, name));
      }
    } else {
      hash.update(path.slice(root.length)).update(readFileSync(path));
    }
  };
  for (const input of inputs) if (existsSync(join(root, input))) walk(join(root, input));
  return hash.digest('hex');
}

const current = fingerprint();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (current !== built || !existsSync(join(root, 'dist', 'index.html'))) {
  console.log('Building the app (first start or changed sources)…');
  execFileSync(process.execPath, [join(root, 'node_modules/umi/bin/umi.js'), 'build'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stampFile, current);
}

const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
