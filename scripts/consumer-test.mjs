// The consumer test (`npm test` runs it): packs every publishable package with `npm pack`, installs
// the tarballs into a scratch project in the system's temporary folder — outside the workspace, so
// nothing resolves through it — and there
//   (a) runs plain Node ESM that referees a record, simulates a shot and asks a bot for a move,
//   (b) typechecks a consumer file under `strict` with `skipLibCheck: false`,
//   (c) runs the installed `pyramid` binary,
//   (d) runs every code block of every README (scripts/consumer/readmes.mjs).
// Registry dependencies (commander) come from npm's cache when it has them. Uses the Node that runs
// this script for everything (scripts/test-node-lines.mjs runs it on other Node lines).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReadmes } from './consumer/readmes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const PACKAGES = ['core', 'table', 'rules', 'physics', 'match', 'bots'].map((name) => `packages/${name}`);
PACKAGES.push('apps/cli');
const RECORD = join(root, 'examples', 'records', 'combined.json');
// Child processes (npm, the `pyramid` shebang) use the same Node as this script.
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
delete env.NODE_OPTIONS;

let failures = 0;
function check(name, ok, detail = '') {
  console.log(
    `${ok ? '✓' : '✗'} ${name}${ok || detail === '' ? '' : `\n  ${detail.split('\n').join('\n  ')}`}`,
  );
  if (!ok) failures += 1;
}

function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', env, timeout: 120_000, ...options });
}

const build = run(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const scratch = mkdtempSync(join(tmpdir(), 'pyramid-consumer-'));
try {
  const tarballs = join(scratch, 'tarballs');
  mkdirSync(tarballs);
  const packed = run(
    'npm',
    ['pack', '--silent', '--pack-destination', tarballs, ...PACKAGES.map((p) => `--workspace=${p}`)],
    {
      cwd: root,
    },
  );
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const files = readdirSync(tarballs).filter((name) => name.endsWith('.tgz'));
  check(`npm pack made ${PACKAGES.length} tarballs`, files.length === PACKAGES.length, files.join(', '));

  // What a tarball holds: the build, the README and the LICENSE; no tests, no tsconfig.
  for (const file of files) {
    const list = execFileSync('tar', ['-tzf', join(tarballs, file)], { encoding: 'utf8' }).split('\n');
    const stray = list.filter((path) => /\/(test|e2e)\/|tsconfig|\.test\.|\.build-stamp/.test(path));
    const needed = ['package/package.json', 'package/README.md', 'package/LICENSE'];
    const missing = needed.filter((path) => !list.includes(path));
    check(
      `${file} ships README and LICENSE, no tests or tsconfig`,
      stray.length === 0 && missing.length === 0,
      [...stray, ...missing.map((m) => `missing ${m}`)].join('\n'),
    );
  }

  const project = join(scratch, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  const install = run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...files.map((f) => join(tarballs, f)),
    ],
    { cwd: project },
  );
  check('npm install of the tarballs', install.status === 0, install.stderr);
  if (install.status !== 0) throw new Error('cannot go on without the installed packages');

  // (a) Plain Node ESM.
  cpSync(join(root, 'scripts', 'consumer', 'consumer.mjs'), join(project, 'consumer.mjs'));
  const node = run(process.execPath, ['consumer.mjs', RECORD], { cwd: project });
  let report = null;
  try {
    report = JSON.parse(node.stdout);
  } catch {}
  check('plain Node ESM imports the packages', node.status === 0 && report !== null, node.stderr);
  if (report !== null) {
    const expectedSteps = JSON.parse(readFileSync(RECORD, 'utf8')).actions.length;
    check(
      `referees the record (${report.steps} rulings)`,
      report.steps === expectedSteps && report.explanation.length > 0 && report.turn === 'match-over',
    );
    check(
      'simulates a shot (ball 1 in the middle left pocket)',
      JSON.stringify(report.pocketed) === JSON.stringify([{ ball: 1, pocket: 'ML' }]) && report.events > 0,
      JSON.stringify(report.pocketed),
    );
    check(
      'a bot chooses the break',
      report.move === 'shot' && report.levels.includes('master'),
      String(report.move),
    );
    const version = JSON.parse(readFileSync(join(root, 'packages', 'rules', 'package.json'), 'utf8')).version;
    check(
      'the match-record schema is exported with its $id',
      report.schemaId === `https://unpkg.com/@pyramid/rules@${version}/schema/match-record.json`,
      report.schemaId,
    );
  }

  // (b) A TypeScript consumer: strict, skipLibCheck false, the compiler's usual Node settings.
  cpSync(join(root, 'scripts', 'consumer', 'consumer.ts'), join(project, 'consumer.ts'));
  writeFileSync(
    join(project, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: [], strict: true, skipLibCheck: false, noEmit: true }, files: ['consumer.ts'] }, null, 2)}\n`,
  );
  const tsc = run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
    cwd: project,
  });
  check(
    'a strict TypeScript consumer typechecks (skipLibCheck false)',
    tsc.status === 0,
    tsc.stdout + tsc.stderr,
  );

  // (c) The installed binary.
  const bin = join(project, 'node_modules', '.bin', 'pyramid');
  const version = run(bin, ['--version'], { cwd: project });
  const cliVersion = JSON.parse(readFileSync(join(root, 'apps', 'cli', 'package.json'), 'utf8')).version;
  check('pyramid --version', version.status === 0 && version.stdout.trim() === cliVersion, version.stderr);
  const referee = run(bin, ['referee', RECORD, '--json'], { cwd: project });
  let final = null;
  try {
    final = JSON.parse(referee.stdout).final;
  } catch {}
  check('pyramid referee replays the record', referee.status === 0 && final !== null, referee.stderr);
  const demo = run(bin, ['demo', '--variant', 'free', '--delay', '0'], { cwd: project });
  check('pyramid demo finds its example records', demo.status === 0 && demo.stdout.length > 500, demo.stderr);
  const selfplay = run(bin, ['selfplay', '--frames', '2', '--workers', '2', '--json'], { cwd: project });
  check(
    'pyramid selfplay runs on worker threads',
    selfplay.status === 0 && JSON.parse(selfplay.stdout || '{}').results?.length === 2,
    selfplay.stderr,
  );
  // The installed CLI's help names example files it ships.
  const help = run(bin, ['simulate', '--help'], { cwd: project });
  const shipped = /ship\s+with this command, in (\S+)\./.exec(help.stdout)?.[1] ?? '';
  const named = [...new Set(help.stdout.match(/examples\/[\w-]+\/(?:[\w.-]+\.json)?/g) ?? [])];
  const absent = named.filter((path) => !existsSync(join(shipped, '..', path)));
  check(
    `pyramid simulate --help names only example files the package ships (${named.length})`,
    help.status === 0 &&
      shipped.startsWith(join(project, 'node_modules')) &&
      named.length > 0 &&
      absent.length === 0,
    `shipped at ${shipped || '?'}; missing ${absent.join(', ')}`,
  );

  // (d) Every README's code blocks.
  checkReadmes({
    root,
    project,
    bin,
    tsc: join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    check,
    run,
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(
  `consumer test on Node ${process.version}: ${failures === 0 ? 'passed' : `${failures} failed`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures === 0 ? 0 : 1);
