// Every code block of every README (the root's and each package's), run by the consumer test in its
// scratch project against the installed tarballs, so that no README shows code that does not work:
//   - `js` blocks run as ES modules with plain Node (a README reading `match.json` or `shot.json`
//     finds one in the project: an example record, an example shot);
//   - `ts` blocks compile under `strict` (skipLibCheck false) and then run;
//   - `sh` blocks run line by line: `pyramid …` and `npx pyramid …` with the installed binary in
//     the project (where `examples/` is the repository's, and `match.json`, `shot.json` examples),
//     `npm start|test|run <script>` must name a script of the root package.json, `node <file>` a
//     file of the repository, and `npm install … @pyramid/cli` is the install just done.
// A line is one command (comments after `#` are dropped); a line that matches none of these fails,
// so a new kind of command in a README needs a rule here.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The READMEs whose blocks are checked: the root's, each package's and each app's. */
export function readmeFiles(root) {
  const files = [join(root, 'README.md')];
  for (const group of ['packages', 'apps'])
    for (const name of readdirSync(join(root, group)).sort()) {
      const file = join(root, group, name, 'README.md');
      if (existsSync(file)) files.push(file);
    }
  return files;
}

/** The fenced code blocks of a Markdown text: language and code, in order. */
export function codeBlocks(text) {
  const blocks = [];
  const fence = /^```([\w-]*)\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(text); m !== null; m = fence.exec(text)) blocks.push({ lang: m[1], code: m[2] });
  return blocks;
}

/**
 * Runs every block; `check(name, ok, detail)` records each, `run(command, args, options)` spawns.
 * `project` holds the installed packages, `bin` the installed `pyramid`, `tsc` the compiler.
 */
export function checkReadmes({ root, project, bin, tsc, check, run }) {
  const dir = join(project, 'readme');
  mkdirSync(dir, { recursive: true });
  // What the READMEs' examples read: a match record and a shot, beside the code that reads them.
  writeFileSync(
    join(project, 'match.json'),
    readFileSync(join(root, 'examples', 'records', 'combined.json')),
  );
  writeFileSync(
    join(project, 'shot.json'),
    readFileSync(join(root, 'examples', 'shots', 'straight-pot.json')),
  );
  // The root README's commands name the repository's examples/ (it speaks of the repository).
  if (!existsSync(join(project, 'examples'))) symlinkSync(join(root, 'examples'), join(project, 'examples'));
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
  const typescript = [];
  for (const file of readmeFiles(root)) {
    const where = relative(root, file);
    const slug = where.replace(/\/?README\.md$/, '').replace(/\//g, '-') || 'root';
    for (const [n, block] of codeBlocks(readFileSync(file, 'utf8')).entries()) {
      const name = `${where} block ${n + 1} (${block.lang || 'text'})`;
      if (block.lang === 'js') {
        const script = join(dir, `${slug}-${n + 1}.mjs`);
        writeFileSync(script, block.code);
        const done = run(process.execPath, [script], { cwd: project });
        check(`${name} runs`, done.status === 0 && done.stderr === '', done.stderr);
      } else if (block.lang === 'ts') {
        typescript.push({ name, file: `${slug}-${n + 1}`, code: block.code });
      } else if (block.lang === 'sh') {
        for (const line of block.code.split('\n')) {
          const command = line.replace(/\s+#.*$/, '').trim();
          if (command === '' || command.startsWith('#')) continue;
          check(`${name}: ${command}`, ...shellLine(command, { root, cwd: project, bin, scripts, run }));
        }
      } else check(`${name} has a language this test runs (js, ts, sh)`, false, block.code);
    }
  }
  if (typescript.length === 0) return;
  // TypeScript: compiled together (one compiler start), strict, then each one run.
  for (const block of typescript) writeFileSync(join(dir, `${block.file}.ts`), block.code);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [], strict: true, skipLibCheck: false, outDir: 'out' }, files: typescript.map((b) => `${b.file}.ts`) }, null, 2)}\n`,
  );
  const compiled = run(process.execPath, [tsc, '-p', dir], { cwd: dir });
  check(
    'the READMEs’ TypeScript blocks compile (strict)',
    compiled.status === 0,
    compiled.stdout + compiled.stderr,
  );
  if (compiled.status !== 0) return;
  for (const block of typescript) {
    const done = run(process.execPath, [join(dir, 'out', `${block.file}.js`)], { cwd: project });
    check(`${block.name} runs`, done.status === 0 && done.stderr === '', done.stderr);
  }
}

/** One shell line of a README: [ok, detail]. */
function shellLine(command, { root, cwd, bin, scripts, run }) {
  // `VAR=value … npm start`: the variables set the server's port and data folder; the script is checked.
  const words = command.replace(/^(\w+=\S+\s+)+/, '').split(/\s+/);
  if (/(^|\|\s*)(npx )?pyramid\b/.test(command)) {
    // A pipe (`cat match.json | npx pyramid referee -`) runs in a shell, with the installed binary.
    const line = command.replace(/\b(npx )?pyramid\b/g, JSON.stringify(bin));
    const done = run('bash', ['-o', 'pipefail', '-c', line], { cwd, timeout: 300_000 });
    return [done.status === 0 && done.stdout.length > 0, `status ${done.status}\n${done.stderr}`];
  }
  if (words[0] === 'npm' && words[1] === 'install') return [words.includes('@pyramid/cli'), 'installs what?'];
  if (words[0] === 'npm') {
    const script = words[1] === 'run' ? words[2] : words[1];
    return [script !== undefined && script in scripts, `no script "${script}" in package.json`];
  }
  if (words[0] === 'node') {
    const file = words.slice(1).find((w) => !w.startsWith('-') && /\.(m?[jt]s)$/.test(w));
    return [file !== undefined && existsSync(join(root, file)), `no file ${file} in the repository`];
  }
  return [
    false,
    'a command this test does not know how to check: add a rule to scripts/consumer/readmes.mjs',
  ];
}
