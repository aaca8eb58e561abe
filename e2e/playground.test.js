// End-to-end test of `gridmatch serve` in a real browser (the system Chromium, driven by
// playwright-core): start the server on a free loopback port, paint small boards of every
// puzzle, check the answers the page shows, play King against the engine, take a screenshot per
// puzzle (e2e/screenshots/), and check that the server listens on 127.0.0.1 only. Also: nothing
// of the last answer stays after an error or a puzzle switch, the answer word is shown once, wide
// judge rows do not wrap, the page fits a 390 px phone (tapping the right cell, the answer's
// headline right above the board and sticking while it scrolls), the board can be painted from
// the keyboard, the controls come back when a King game ends, illegal moves log no console
// error, and the start square's A/B letter is not under its gold frame.
//
//   node e2e/playground.test.js        (or: bash e2e/run.sh, which installs what is missing)
//
// Environment: GRIDMATCH_BIN (default target/release/gridmatch; run.sh passes the one it built
// under CARGO_TARGET_DIR), CHROMIUM (default
// /usr/bin/chromium). Exits 1 if any check fails.
'use strict';

const { chromium } = require('playwright-core');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const BIN = process.env.GRIDMATCH_BIN || path.join(ROOT, 'target', 'release', 'gridmatch');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = path.join(__dirname, 'screenshots');
const STEP_TIMEOUT = 15000;
const TOTAL_TIMEOUT = 180000;

let passed = 0;
let failed = 0;
const cleanups = [];

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

function assertEq(actual, expected, what) {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

async function step(name, fn) {
  const started = Date.now();
  try {
    await fn();
    passed++;
    console.log(`ok - ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}\n  ${String(e && e.stack ? e.stack : e).replace(/\n/g, '\n  ')}`);
  }
}

// ------------------------------------------------------------------ server

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function startServer(port) {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ['serve', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.push(() => { if (child.exitCode === null) child.kill('SIGTERM'); });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed within 20 s; stdout: ${out} stderr: ${err}`)), 20000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[^\s]+\//);
      if (m) { clearTimeout(timer); resolve({ child, url: m[0], banner: out }); }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before printing its URL: ${err}`));
    });
  });
}

/** Listening sockets on `port` from /proc/net/tcp{,6}: [{ family, address }]. */
function listeners(port) {
  const found = [];
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const [file, family] of [['/proc/net/tcp', 4], ['/proc/net/tcp6', 6]]) {
    let text = '';
    try { text = fs.readFileSync(file, 'utf8'); } catch { continue; }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 4 || cols[3] !== '0A') continue; // 0A = LISTEN
      const [addr, p] = cols[1].split(':');
      if (p === hexPort) found.push({ family, address: addr });
    }
  }
  return found;
}

/** A raw HTTP request (lets the test set the Host header). */
function request(port, { method = 'GET', path: p = '/', headers = {}, body = null }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: p, headers }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { data += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.setTimeout(STEP_TIMEOUT, () => req.destroy(new Error('request timed out')));
    if (body !== null) req.write(body);
    req.end();
  });
}

function postJson(port, p, value) {
  const body = typeof value === 'string' ? value : JSON.stringify(value);
  return request(port, {
    method: 'POST',
    path: p,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
  });
}

// ------------------------------------------------------------------ page helpers

async function selectPuzzle(page, name) {
  await page.check(`input[name=puzzle][value=${name}]`);
  await page.waitForFunction((n) => document.body.dataset.puzzle === n, name);
}

async function setSize(page, rows, cols) {
  for (const [id, v] of [['#rows', rows], ['#cols', cols]]) {
    await page.fill(id, String(v));
    await page.dispatchEvent(id, 'change');
  }
  await page.waitForFunction(([r, c]) => {
    const b = document.getElementById('board');
    return Number(b.dataset.rows) === r && Number(b.dataset.cols) === c;
  }, [rows, cols]);
}

async function cellPoint(page, r, c) {
  const canvas = page.locator('#board');
  const box = await canvas.boundingBox();
  const { cell, width } = await canvas.evaluate((el) => ({ cell: Number(el.dataset.cell), width: el.width }));
  const scale = box.width / width;
  return { x: box.x + (c + 0.5) * cell * scale, y: box.y + (r + 0.5) * cell * scale };
}

async function clickCell(page, r, c, times = 1) {
  for (let i = 0; i < times; i++) {
    const p = await cellPoint(page, r, c);
    await page.mouse.click(p.x, p.y);
  }
}

async function dragCells(page, [r0, c0], [r1, c1]) {
  const a = await cellPoint(page, r0, c0);
  const b = await cellPoint(page, r1, c1);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 10 });
  await page.mouse.up();
}

/** Waits until the page shows `value` as the answer; returns the answer line as shown. */
async function expectAnswer(page, value) {
  try {
    await page.waitForFunction((v) => {
      const a = document.getElementById('answer');
      return a.dataset.state === 'done' && document.getElementById('answer-value').textContent === v;
    }, value, { timeout: STEP_TIMEOUT });
  } catch (e) {
    const shown = await page.evaluate(() => ({
      state: document.getElementById('answer').dataset.state,
      value: document.getElementById('answer-value').textContent,
      headline: document.getElementById('answer-text').textContent,
      error: document.getElementById('error').textContent,
    }));
    throw new Error(`expected answer ${JSON.stringify(value)}, the page shows ${JSON.stringify(shown)}`);
  }
  return answerLine(page);
}

/** The answer line as a person reads it (the value and the headline's rest). */
async function answerLine(page) {
  return page.evaluate(() => document.getElementById('answer').innerText.replace(/\s+/g, ' ').trim());
}

/** Waits until the page shows an error (no answer) for the board on screen. */
async function expectError(page, needle) {
  try {
    await page.waitForFunction((n) => document.getElementById('answer').dataset.state === 'error'
      && document.getElementById('error').textContent.includes(n), needle, { timeout: STEP_TIMEOUT });
  } catch (e) {
    const shown = await page.evaluate(() => ({
      state: document.getElementById('answer').dataset.state,
      error: document.getElementById('error').textContent,
    }));
    throw new Error(`expected an error with ${JSON.stringify(needle)}, the page shows ${JSON.stringify(shown)}`);
  }
}

/** Nothing on the page may still describe the last good answer (`old`: what it showed). */
async function expectNothingStale(page, old) {
  const shown = await page.evaluate(() => {
    const img = document.getElementById('picture');
    return {
      line: document.getElementById('answer').innerText.replace(/\s+/g, ' ').trim(),
      src: img.getAttribute('src'),
      alt: img.alt,
      label: img.getAttribute('aria-label'),
      text: document.getElementById('text').textContent,
      record: document.getElementById('record').textContent,
      command: document.getElementById('command').textContent,
      judge: document.getElementById('judge-text').value,
      insight: document.getElementById('insight').hidden,
      downloads: ['download-svg', 'download-json', 'download-input'].map((id) => document.getElementById(id).disabled),
    };
  });
  shown.visible = await page.isVisible('#picture');
  // Every stale thing at once, not just the first.
  const stale = [];
  const check = (ok, what) => { if (!ok) stale.push(what); };
  check(shown.line === 'no answer', `answer line ${JSON.stringify(shown.line)}`);
  check(!shown.visible, 'the old picture is still shown');
  check(shown.src === null, `picture src ${shown.src}`);
  check(!shown.alt.includes(old.headline) && !shown.alt.includes(old.word), `alt text ${JSON.stringify(shown.alt)}`);
  check(!(shown.label || '').includes(old.word), `aria-label ${JSON.stringify(shown.label)}`);
  check(shown.text === '', 'text picture');
  check(shown.record === '', 'certificate');
  check(shown.command !== old.command, `command ${JSON.stringify(shown.command)}`);
  check(shown.judge === '', `judge input ${JSON.stringify(shown.judge)}`);
  check(shown.insight, 'the insight of the last answer');
  check(JSON.stringify(shown.downloads) === '[true,true,true]', `downloads enabled ${JSON.stringify(shown.downloads)}`);
  assert(stale.length === 0, `stale after the last answer: ${stale.join('; ')}`);
}

/** What the page shows for the current answer: its headline, command and judge input. */
async function shownAnswer(page) {
  return page.evaluate(() => ({
    headline: document.getElementById('picture').alt,
    word: document.getElementById('answer-value').textContent,
    command: document.getElementById('command').textContent,
    judge: document.getElementById('judge-text').value,
  }));
}

/** The headline reads the answer once: `value` first, not repeated right after it. */
function assertAnswerOnce(line, value) {
  assert(line.startsWith(value), `the line starts with the answer ${value}: ${line}`);
  const rest = line.slice(value.length).replace(/^[\s:,]+/, '');
  assert(!new RegExp(`^${value}\\b`).test(rest), `the answer is repeated: ${line}`);
}

/** The canvas pixel at (x, y) in canvas coordinates, as [r, g, b]. */
async function canvasPixel(page, x, y) {
  return page.evaluate(([x, y]) => {
    const d = document.getElementById('board').getContext('2d').getImageData(x, y, 1, 1).data;
    return [d[0], d[1], d[2]];
  }, [x, y]);
}

/** The canvas's and its wrapper's boxes on screen. */
async function boardBoxes(page) {
  return page.evaluate(() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
    const el = document.getElementById('board');
    return { canvas: box('board'), wrap: box('board-wrap'), width: el.width, cell: Number(el.dataset.cell) };
  });
}

/** Waits until the judge input reads `text` (the board as the server saw it). */
async function expectJudge(page, text) {
  try {
    await page.waitForFunction((t) => document.getElementById('answer').dataset.state === 'done'
      && document.getElementById('judge-text').value === t, text, { timeout: STEP_TIMEOUT });
  } catch (e) {
    throw new Error(`expected judge input ${JSON.stringify(text)}, the page shows ${JSON.stringify(await boardText(page))}`);
  }
}

async function boardText(page) {
  return page.evaluate(() => document.getElementById('judge-text').value);
}

async function pictureLoaded(page) {
  await page.waitForFunction(() => {
    const img = document.getElementById('picture');
    return img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:');
  }, null, { timeout: STEP_TIMEOUT });
}

/** Waits until the roles board under the editor reads `rows`. */
async function expectRoles(page, rows) {
  const want = rows.join('\n');
  try {
    await page.waitForFunction((w) => {
      const el = document.getElementById('roles');
      return document.getElementById('answer').dataset.state === 'done' && !el.hidden && el.textContent === w;
    }, want, { timeout: STEP_TIMEOUT });
  } catch (e) {
    const shown = await page.evaluate(() => document.getElementById('roles').textContent);
    throw new Error(`expected roles ${JSON.stringify(want)}, the page shows ${JSON.stringify(shown)}`);
  }
}

/** The editor canvas's colour at the centre of cell (r, c), as [r, g, b]. */
async function cellColor(page, r, c) {
  return page.evaluate(([r, c]) => {
    const el = document.getElementById('board');
    const px = Number(el.dataset.cell);
    const d = el.getContext('2d').getImageData(Math.floor((c + 0.5) * px), Math.floor((r + 0.5) * px) - Math.floor(px * 0.3), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, [r, c]);
}

/** How many pixels of the editor canvas are the magenta of differing cells. */
async function magentaPixels(page) {
  return page.evaluate(() => {
    const el = document.getElementById('board');
    const d = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] === 0xc0 && d[i + 1] === 0x26 && d[i + 2] === 0xd3) n++;
    return n;
  });
}

/**
 * Loads judge text (one board after its count and `R C` line) and returns once the page has sent
 * the solve of that board: from then on the answer on screen is busy or the loaded board's, never
 * the last board's (the load's parse is a request of its own, so the click alone does not say).
 */
async function loadJudge(page, text) {
  await page.fill('#judge-text', text);
  const rows = text.trim().split('\n').filter((line) => !/^[0-9]/.test(line));
  const board = `"board":${JSON.stringify(rows)}`;
  const solving = page.waitForRequest(
    (r) => r.url().endsWith('/api/solve') && (r.postData() || '').includes(board),
    { timeout: STEP_TIMEOUT },
  );
  await page.click('#load');
  await solving;
}

async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  assert(fs.statSync(file).size > 1000, `screenshot ${file} is empty`);
}

// ------------------------------------------------------------------ the test

async function main() {
  assert(fs.existsSync(BIN), `${BIN} is missing: run cargo build --release first`);
  assert(fs.existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium`);
  const port = await freePort();
  const server = await startServer(port);
  console.log(`# server: ${server.banner.trim()}`);

  await step('the server prints its URL and listens on 127.0.0.1 only', async () => {
    assertEq(server.url, `http://127.0.0.1:${port}/`, 'printed URL');
    const socks = listeners(port);
    assert(socks.length > 0, `nothing listens on port ${port}`);
    for (const s of socks) {
      // 0100007F is 127.0.0.1 in /proc's little-endian hex.
      assert(s.family === 4 && s.address === '0100007F', `listening on a non-loopback address: ${JSON.stringify(s)}`);
    }
  });

  await step('the API refuses oversize, malformed and foreign-host requests with JSON 4xx', async () => {
    const big = await postJson(port, '/api/solve', { puzzle: 'rooks', board: Array(501).fill('.'.repeat(500)) });
    assertEq(big.status, 413, 'oversize status');
    assert(JSON.parse(big.body).error.includes('250000'), `oversize message: ${big.body}`);
    const bad = await postJson(port, '/api/solve', '{"puzzle": "rooks", "board": [');
    assertEq(bad.status, 400, 'malformed status');
    assert(typeof JSON.parse(bad.body).error === 'string', 'malformed message');
    const ragged = await postJson(port, '/api/solve', { puzzle: 'lpuzzle', board: ['BW', 'W'] });
    assertEq(ragged.status, 422, 'ragged status');
    const foreign = await request(port, { headers: { host: 'attacker.example' } });
    assertEq(foreign.status, 403, 'foreign Host status');
    const ok = await postJson(port, '/api/solve', { puzzle: 'king', board: ['K.', '.#'] });
    assertEq(ok.status, 200, 'solve status');
    assertEq(JSON.parse(ok.body).answer, 'B', 'King sample answer');
  });

  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridmatch-e2e-'));
  cleanups.push(() => fs.rmSync(userDataDir, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
    hasTouch: true, // the phone step taps
    acceptDownloads: true,
  });
  cleanups.unshift(() => context.close().catch(() => {}));
  const pageErrors = [];
  const consoleErrors = []; // every console error, the API's refusals included
  const moveAnswers = []; // the status of every /api/king/move answer
  const foreign = [];
  const watch = (p) => {
    p.setDefaultTimeout(STEP_TIMEOUT);
    p.on('pageerror', (e) => pageErrors.push(String(e)));
    // The API's deliberate refusals (422: a bad paste, a King board without K) are logged by
    // Chromium as failed loads; anything else logged as an error counts. (An illegal move is
    // refused by the page itself: the King step checks it logs nothing at all.)
    p.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
      if (m.type() === 'error' && !/status of 422 \(Unprocessable Entity\)/.test(m.text())) pageErrors.push(m.text());
    });
    p.on('response', (r) => { if (r.url().endsWith('/api/king/move')) moveAnswers.push(r.status()); });
    // Nothing but the playground may be fetched.
    p.on('request', (r) => { if (!r.url().startsWith(server.url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) foreign.push(r.url()); });
    return p;
  };
  const page = watch(context.pages()[0] || await context.newPage());

  await step('the page loads', async () => {
    await page.goto(server.url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    assertEq(await page.title(), 'gridmatch playground', 'title');
    await expectAnswer(page, '7'); // the rooks sample is shown first
    await pictureLoaded(page);
  });

  await step('rooks: painting cells and dragging updates the count', async () => {
    await selectPuzzle(page, 'rooks');
    await setSize(page, 4, 4);
    await page.click('#clear');
    await expectAnswer(page, '4');
    await dragCells(page, [1, 0], [1, 3]); // a row of pawns
    const headline = await expectAnswer(page, '3');
    assert(headline.includes('3 rooks'), `headline: ${headline}`);
    assertEq(await boardText(page), '4\n....\nXXXX\n....\n....\n', 'judge text');
    await clickCell(page, 1, 1); // X -> . again
    await expectAnswer(page, '4');
    await pictureLoaded(page);
    await shot(page, 'rooks');
  });

  await step('rooks: the roles follow the paint', async () => {
    await selectPuzzle(page, 'rooks');
    await setSize(page, 2, 2);
    await page.click('#clear');
    await expectAnswer(page, '2');
    await expectRoles(page, ['rr', 'rr']); // an empty 2×2 board: every square in some placement
    assert(await page.isVisible('#show-roles'), 'the roles toggle is shown for rooks');
    assertEq(JSON.stringify(await cellColor(page, 0, 0)), JSON.stringify([0xbf, 0xe3, 0xc8]), 'an r square is light green');
    await clickCell(page, 1, 1); // a pawn: the ends of the L in every placement, the corner in none
    const headline = await expectAnswer(page, '2');
    await expectRoles(page, ['.R', 'RX']);
    assert(headline.includes('2 / 0 / 1'), `headline: ${headline}`);
    const info = await page.textContent('#insight-text');
    assert(info.includes('in every one (2)') && info.includes('in none (1)'), `roles text: ${info}`);
    assertEq(JSON.stringify(await cellColor(page, 0, 1)), JSON.stringify([0x4f, 0x9d, 0x69]), 'an R square is dark green');
    assertEq(JSON.stringify(await cellColor(page, 0, 0)), JSON.stringify([0xf2, 0xea, 0xd8]), 'a . square is plain');
    await pictureLoaded(page);
    // The toggle turns the shading off on the editor.
    await page.uncheck('#show-roles');
    assertEq(JSON.stringify(await cellColor(page, 0, 1)), JSON.stringify([0xf2, 0xea, 0xd8]), 'R square without roles');
    await pictureLoaded(page);
    await page.check('#show-roles');
    await clickCell(page, 1, 1); // the pawn goes: all r again
    await expectRoles(page, ['rr', 'rr']);
    await shot(page, 'rooks-roles');
  });

  await step('rooks: pasting the judge input loads its boards', async () => {
    await page.fill('#judge-text', '5\nX....\nX....\n..X..\n.X...\n....X\n4\n....\n....\n....\n....\n');
    await page.click('#load');
    await expectAnswer(page, '7');
    assert(await page.isVisible('#case-label'), 'the board chooser is shown for two boards');
    await page.selectOption('#case', '1');
    await expectAnswer(page, '4');
    await page.fill('#judge-text', '2\n..\nQ.\n');
    await page.click('#load');
    await page.waitForFunction(() => document.getElementById('parse-error').textContent.includes('<pasted>:3:1'));
  });

  await step('L-puzzle: a tiling is YES, a count mismatch is NO with its reason', async () => {
    await selectPuzzle(page, 'lpuzzle');
    await setSize(page, 2, 2);
    await page.click('#clear');
    await expectAnswer(page, 'YES'); // nothing to tile
    await clickCell(page, 0, 0, 1); // . -> B
    await clickCell(page, 0, 1, 2); // . -> B -> W
    await clickCell(page, 1, 0, 2);
    const yes = await expectAnswer(page, 'YES');
    assert(yes.includes('1 L piece'), `headline: ${yes}`);
    assert(yes.startsWith('YES, unique'), `one piece is unique: ${yes}`);
    await page.waitForFunction(() => document.getElementById('insight').dataset.unique === 'true');
    await clickCell(page, 1, 1, 1); // a second black
    const no = await expectAnswer(page, 'NO');
    assert(no.startsWith('NO: ') && no.includes('white'), `headline: ${no}`);
    await pictureLoaded(page);
    await page.click('#sample');
    await expectAnswer(page, 'YES');
    await pictureLoaded(page);
    await shot(page, 'lpuzzle');
  });

  await step('L-puzzle: a pinwheel is not unique, the differing cells are marked', async () => {
    await selectPuzzle(page, 'lpuzzle');
    await loadJudge(page, '1\n4 5\n.WBW.\nWBWBW\nWWBWW\nBWWWB\n');
    const headline = await expectAnswer(page, 'YES');
    assert(headline.startsWith('YES, not unique: '), `headline: ${headline}`);
    const differ = Number(await page.evaluate(() => document.getElementById('insight').dataset.differ));
    assert(differ > 0, `differing cells: ${differ}`);
    assert(headline.includes(`${differ} cells differ in a second tiling`), `headline: ${headline}`);
    assertEq(await page.evaluate(() => document.getElementById('insight').dataset.unique), 'false', 'unique flag');
    assert((await page.textContent('#insight-text')).includes('Not unique'), 'the insight says not unique');
    assert(!(await page.isVisible('#roles')), 'no roles board for the L-puzzle');
    assert(await magentaPixels(page) > 0, 'the differing cells are framed on the editor');
    await pictureLoaded(page);
    assert(await page.isVisible('#show-second'), 'the second-tiling toggle is shown');
    await page.check('#show-second');
    await pictureLoaded(page);
    await shot(page, 'lpuzzle-second');
    await page.uncheck('#show-second');
    // Painting over a black changes the board: the old marks go at once.
    await clickCell(page, 0, 2); // B -> W
    assertEq(await magentaPixels(page), 0, 'stale marks after a paint');
    await expectAnswer(page, 'NO');
    await page.waitForFunction(() => document.getElementById('insight').dataset.unique === 'none');
    // A single piece: unique, nothing marked.
    await loadJudge(page, '1\n2 2\nBW\nW.\n');
    const single = await expectAnswer(page, 'YES');
    assert(single.startsWith('YES, unique'), `headline: ${single}`);
    await page.waitForFunction(() => document.getElementById('insight').dataset.unique === 'true');
    assertEq(await magentaPixels(page), 0, 'marks on a unique tiling');
    assert(!(await page.isVisible('#show-second')), 'no second tiling to show');
  });

  await step('King: the A/B answer follows the board', async () => {
    await selectPuzzle(page, 'king');
    await setSize(page, 2, 2);
    await page.click('#clear');
    const a = await expectAnswer(page, 'A'); // four squares: a perfect matching
    assert(a.includes('Alice'), `headline: ${a}`);
    await clickCell(page, 1, 1); // burn one: GCJ sample 1
    const b = await expectAnswer(page, 'B');
    assert(b.includes('Bob'), `headline: ${b}`);
    assertEq(await boardText(page), '1\n2 2\nK.\n.#\n', 'judge text');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-input')]);
    const saved = fs.readFileSync(await download.path(), 'utf8');
    assertEq(saved, '1\n2 2\nK.\n.#\n', 'downloaded input');
  });

  await step('King: the engine refuses illegal moves and wins a lost game for Alice', async () => {
    await page.selectOption('#side', 'alice');
    await page.click('#play-start');
    const errorsBefore = consoleErrors.length;
    const answersBefore = moveAnswers.length;
    await clickCell(page, 1, 1); // burned
    await page.waitForFunction(() => document.getElementById('play-status').dataset.refused === 'true');
    const refused = await page.textContent('#play-status');
    assert(refused.includes('not a legal move') && refused.includes('burned'), `status: ${refused}`);
    await clickCell(page, 0, 0); // the king's own square: visited
    await page.waitForFunction(() => document.getElementById('play-status').textContent.includes('already visited'));
    await page.waitForTimeout(300); // a refusal's request, if any, would be answered by now
    assertEq(consoleErrors.slice(errorsBefore).join('\n'), '', 'console errors for illegal moves');
    assert(moveAnswers.slice(answersBefore).every((s) => s === 200), `illegal moves answered ${moveAnswers.slice(answersBefore)}`);
    await clickCell(page, 0, 1);
    await page.waitForFunction(() => document.getElementById('play-status').dataset.winner === 'engine');
    const over = await page.textContent('#play-status');
    assert(over.includes('engine wins'), `status: ${over}`);
    // The game is over: the controls are back without pressing Stop.
    const disabled = await page.evaluate(() => ['sample', 'clear', 'random', 'rows', 'cols', 'moves', 'side', 'play-start']
      .filter((id) => document.getElementById(id).disabled)
      .concat([...document.querySelectorAll('input[name=puzzle]')].filter((i) => i.disabled).map((i) => i.value)));
    assertEq(disabled.join(' '), '', 'controls still disabled after the game ended');
    assertEq(consoleErrors.slice(errorsBefore).join('\n'), '', 'console errors during the game');
    // Start plays again on the same board; Clear after an ended game edits the board.
    await page.click('#play-start');
    await page.waitForFunction(() => document.getElementById('play-status').textContent.startsWith('Your move'));
    await clickCell(page, 0, 1);
    await page.waitForFunction(() => document.getElementById('play-status').dataset.over === 'true');
    await page.click('#clear');
    await expectAnswer(page, 'A');
    await clickCell(page, 1, 1); // an edit again, not a move
    await expectJudge(page, '1\n2 2\nK.\n.#\n');
    await expectAnswer(page, 'B');
  });

  await step('King: the start square\'s A/B letter is inside the gold frame, not under it', async () => {
    await selectPuzzle(page, 'king');
    await page.click('#sample');
    await expectAnswer(page, 'B');
    await pictureLoaded(page);
    const found = await page.evaluate(async () => {
      const text = shownSvg(); // the picture on screen (app.js); a blob: URL cannot be fetched here
      const holder = document.createElement('div');
      holder.style.cssText = 'position:absolute;left:0;top:0;width:800px;visibility:hidden';
      holder.innerHTML = text;
      document.body.append(holder);
      try {
        const frame = [...holder.querySelectorAll('rect')].find((r) => r.getAttribute('stroke') === '#d4a017');
        const n = (a) => Number(frame.getAttribute(a));
        const half = n('stroke-width') / 2;
        const outer = { x0: n('x') - half, y0: n('y') - half, x1: n('x') + n('width') + half, y1: n('y') + n('height') + half };
        const inner = { x0: n('x') + half, y0: n('y') + half, x1: n('x') + n('width') - half, y1: n('y') + n('height') - half };
        const glyphs = [];
        for (const t of holder.querySelectorAll('text')) {
          for (let i = 0; i < t.getNumberOfChars(); i++) {
            const e = t.getExtentOfChar(i);
            const box = { ch: t.textContent[i], x0: e.x, y0: e.y, x1: e.x + e.width, y1: e.y + e.height };
            if (box.x1 > outer.x0 && box.x0 < outer.x1 && box.y1 > outer.y0 && box.y0 < outer.y1) glyphs.push(box);
          }
        }
        return { inner, glyphs };
      } finally {
        holder.remove();
      }
    });
    const { inner, glyphs } = found;
    assert(glyphs.some((g) => g.ch === 'K'), `no K in the frame: ${JSON.stringify(found)}`);
    assert(glyphs.some((g) => g.ch === 'B'), `no B (the start's winner) in the frame: ${JSON.stringify(found)}`);
    const eps = 0.005;
    for (const g of glyphs) {
      assert(g.x0 >= inner.x0 - eps && g.y0 >= inner.y0 - eps && g.x1 <= inner.x1 + eps && g.y1 <= inner.y1 + eps,
        `the ${g.ch} at the start is cut by the gold frame: ${JSON.stringify(g)} not inside ${JSON.stringify(inner)}`);
    }
    // No two letters overlap there.
    for (let i = 0; i < glyphs.length; i++) {
      for (let j = i + 1; j < glyphs.length; j++) {
        const [a, b] = [glyphs[i], glyphs[j]];
        const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
        assert(overlap <= 0.02, `${a.ch} and ${b.ch} overlap at the start: ${JSON.stringify([a, b])}`);
      }
    }
  });

  await step('King: a game on the sample board', async () => {
    await page.click('#sample');
    await expectAnswer(page, 'B');
    await pictureLoaded(page);
    await page.selectOption('#side', 'alice');
    await page.click('#play-start');
    await clickCell(page, 1, 1);
    await page.waitForFunction(() => document.getElementById('play-status').textContent.startsWith('The engine moved'));
    const status = await page.textContent('#play-status');
    assert(status.includes('you lose'), `Bob wins from K, so Alice should be losing: ${status}`);
    await shot(page, 'king');
    await page.click('#play-stop');
  });

  await step('the answer word is shown once (rooks, L-puzzle YES and NO, King A and B)', async () => {
    await selectPuzzle(page, 'rooks');
    await setSize(page, 4, 4);
    await page.click('#clear');
    assertAnswerOnce(await expectAnswer(page, '4'), '4');
    assert((await answerLine(page)).startsWith('4 rooks ('), `rooks line: ${await answerLine(page)}`);
    await selectPuzzle(page, 'lpuzzle');
    await loadJudge(page, '1\n2 2\nBW\nW.\n');
    const yes = await expectAnswer(page, 'YES');
    assertAnswerOnce(yes, 'YES');
    assert(yes.startsWith('YES, unique: 1 L piece'), `YES line: ${yes}`);
    await loadJudge(page, '1\n2 2\nBW\nWB\n');
    const no = await expectAnswer(page, 'NO');
    assertAnswerOnce(no, 'NO');
    assert(no.startsWith('NO: '), `NO line: ${no}`);
    assertEq(await page.textContent('#answer-value'), 'NO', 'the answer word, large');
    await selectPuzzle(page, 'king');
    await loadJudge(page, '1\n2 2\nK.\n..\n');
    assertAnswerOnce(await expectAnswer(page, 'A'), 'A');
    await loadJudge(page, '1\n2 2\nK.\n.#\n');
    const b = await expectAnswer(page, 'B');
    assertAnswerOnce(b, 'B');
    assertEq(b, 'B: Bob (who moves second) wins', 'King B line');
  });

  await step('King: after an error nothing of the last answer stays (picture, alt text, judge text, command)', async () => {
    await selectPuzzle(page, 'king');
    await setSize(page, 2, 2);
    await page.click('#clear');
    await expectAnswer(page, 'A');
    await clickCell(page, 1, 1); // burned: Bob wins
    await expectAnswer(page, 'B');
    await pictureLoaded(page);
    const old = await shownAnswer(page);
    assert(old.headline.includes('Bob'), `the picture's alt text is the headline: ${old.headline}`);
    await clickCell(page, 0, 0); // K -> . : no start, the server refuses the board
    await expectError(page, 'exactly one K');
    await expectNothingStale(page, old);
    await shot(page, 'king-error');
    await clickCell(page, 0, 0, 2); // . -> # -> K: an answer again, with its picture
    await expectAnswer(page, 'B');
    await pictureLoaded(page);
    assert((await shownAnswer(page)).headline.includes('Bob'), 'the alt text is back');
  });

  await step('switching to a puzzle whose board errors clears the other puzzle\'s answer, judge text and command', async () => {
    await selectPuzzle(page, 'king');
    await setSize(page, 2, 2);
    await page.click('#clear');
    await clickCell(page, 0, 0); // K -> . : the King board errors
    await expectError(page, 'exactly one K');
    await selectPuzzle(page, 'rooks');
    await setSize(page, 2, 2);
    await page.click('#clear');
    await expectAnswer(page, '2');
    await pictureLoaded(page);
    const rooks = await shownAnswer(page);
    assertEq(rooks.judge, '2\n..\n..\n', 'rooks judge input');
    assertEq(rooks.command, 'gridmatch rooks board.txt', 'rooks command');
    await selectPuzzle(page, 'king'); // its board still has no K
    await expectError(page, 'exactly one K');
    await expectNothingStale(page, rooks);
    const command = await page.textContent('#command');
    assert(!command.includes('rooks'), `the rooks command stays: ${command}`);
    assert(!(await page.isVisible('#roles')), 'the rooks roles stay');
    // And back: the rooks answer is recomputed, nothing of King's error stays.
    await selectPuzzle(page, 'rooks');
    await expectAnswer(page, '2');
    assertEq(await page.textContent('#error'), '', 'the King error stays');
    assertEq(await boardText(page), '2\n..\n..\n', 'rooks judge input again');
    await selectPuzzle(page, 'king');
    await expectError(page, 'exactly one K');
    await clickCell(page, 0, 0, 2); // . -> # -> K
    await expectAnswer(page, 'A');
  });

  await step('a 500-wide row stays one line in the judge box (it scrolls sideways, no page scroll)', async () => {
    await selectPuzzle(page, 'rooks');
    await setSize(page, 2, 500);
    await page.click('#clear');
    await expectAnswer(page, '2');
    await expectJudge(page, `2 500\n${'.'.repeat(500)}\n${'.'.repeat(500)}\n`);
    const box = await page.evaluate(() => {
      const el = document.getElementById('judge-text');
      const style = getComputedStyle(el);
      // A wrapped box is as tall in lines as its rows wrap; one line a row keeps 3 lines of text.
      return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, whiteSpace: style.whiteSpace,
        overflowX: style.overflowX, page: document.documentElement.scrollWidth, viewport: window.innerWidth };
    });
    assert(box.scrollWidth > box.clientWidth, `the judge box wraps its rows: ${JSON.stringify(box)}`);
    assert(box.whiteSpace === 'pre', `judge box white-space: ${box.whiteSpace}`);
    assert(box.overflowX === 'auto' || box.overflowX === 'scroll', `judge box overflow-x: ${box.overflowX}`);
    assert(box.page <= box.viewport, `the page scrolls sideways: ${box.page} > ${box.viewport}`);
    await setSize(page, 4, 4);
  });

  await step('keyboard: Tab to the board, arrows move the cursor, space and Enter paint, the answer follows', async () => {
    await page.setViewportSize({ width: 1280, height: 500 }); // a page that arrows could scroll
    try {
      await selectPuzzle(page, 'rooks');
      await setSize(page, 4, 4);
      await page.click('#clear');
      await expectAnswer(page, '4');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.focus('#random');
      await page.keyboard.press('Tab');
      assertEq(await page.evaluate(() => document.activeElement.id), 'board', 'Tab after Random focuses the board');
      const label = await page.getAttribute('#board', 'aria-label');
      assert(/arrow/i.test(label) && /space/i.test(label), `the board's label explains the keys: ${label}`);
      assertEq(await page.getAttribute('#board', 'tabindex'), '0', 'tabindex');
      const ring = await page.evaluate(() => getComputedStyle(document.getElementById('board')).outlineStyle);
      assert(ring !== 'none', `no focus ring: ${ring}`);
      const scrollBefore = await page.evaluate(() => window.scrollY);
      for (const key of ['ArrowUp', 'ArrowLeft', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
      assertEq(await page.getAttribute('#board', 'data-cursor'), '1,1', 'cursor after up, left (clamped), right, down');
      assertEq(await page.evaluate(() => window.scrollY), scrollBefore, 'arrows scrolled the page');
      assertEq(await page.getAttribute('#board', 'data-cursor-shown'), 'true', 'the cursor is drawn');
      const px = Number(await page.getAttribute('#board', 'data-cell'));
      assertEq(JSON.stringify(await canvasPixel(page, px + 3, Math.floor(1.5 * px))), JSON.stringify([0x1d, 0x4e, 0xd8]),
        'the cursor frame on cell (1,1)');
      assert((await page.textContent('#cursor-status')).includes('row 2, column 2'), 'the cursor cell is announced');
      await page.keyboard.press('Space'); // . -> X under the cursor
      assertEq(await page.evaluate(() => window.scrollY), scrollBefore, 'space scrolled the page');
      const line = await expectAnswer(page, '5');
      assert(line.startsWith('5 rooks'), `answer line: ${line}`);
      await expectJudge(page, '4\n....\n.X..\n....\n....\n');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter'); // Enter paints too
      await expectJudge(page, '4\n....\n.XX.\n....\n....\n');
      await page.keyboard.press('Space'); // X -> . again, as a second click would
      await expectJudge(page, '4\n....\n.X..\n....\n....\n');
      await expectAnswer(page, '5');
      // The L-puzzle's cycle of three, from the keyboard.
      await selectPuzzle(page, 'lpuzzle');
      await setSize(page, 2, 2);
      await page.click('#clear');
      await expectAnswer(page, 'YES');
      await page.focus('#board');
      await page.keyboard.press('ArrowUp'); // from (1,2) clamped into the 2×2 board: (1,1), up
      assertEq(await page.getAttribute('#board', 'data-cursor'), '0,1', 'cursor in the smaller board');
      await page.keyboard.press('Space');
      await expectJudge(page, '1\n2 2\n.B\n..\n');
      await expectAnswer(page, 'NO');
      await page.keyboard.press('Space');
      await expectJudge(page, '1\n2 2\n.W\n..\n');
      await page.keyboard.press('Space');
      await expectJudge(page, '1\n2 2\n..\n..\n');
      await expectAnswer(page, 'YES');
      await shot(page, 'keyboard');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  await step('a 390 px phone: no sideways page scroll, the board fits, a tap paints the tapped cell', async () => {
    const phone = watch(await context.newPage());
    try {
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(server.url);
      await phone.waitForFunction(() => document.body.dataset.ready === 'true');
      await expectAnswer(phone, '7');
      const fits = async (what) => {
        const b = await boardBoxes(phone);
        const page = await phone.evaluate(() => document.documentElement.scrollWidth);
        assert(page <= 390, `${what}: the page is ${page} px wide at 390`);
        assert(b.canvas.left >= b.wrap.left && b.canvas.right <= b.wrap.right + 0.5 && b.canvas.right <= 390,
          `${what}: the board overflows: canvas ${JSON.stringify(b.canvas)} in ${JSON.stringify(b.wrap)}`);
        return b;
      };
      await fits('rooks sample');
      // The King sample, 8×8: cells sized to the phone.
      await selectPuzzle(phone, 'king');
      await expectAnswer(phone, 'B');
      await fits('King sample');
      let p = await cellPoint(phone, 2, 3);
      await phone.touchscreen.tap(p.x, p.y); // . -> #
      await expectJudge(phone, '1\n8 8\nK.....#.\n......#.\n.#.#..#.\n#######.\n........\n######.#\n....#...\n..#...#.\n');
      // The answer's headline is next to the board being painted, and stays in sight while the
      // board scrolls by.
      const near = async (what) => {
        const at = await phone.evaluate(() => {
          const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
          return { answer: box('answer'), canvas: box('board'), height: window.innerHeight };
        });
        assert(at.answer.top >= 0 && at.answer.bottom <= at.height,
          `${what}: the answer is off the screen: ${JSON.stringify(at)}`);
        assert(at.answer.bottom <= at.canvas.top + 1 && at.canvas.top - at.answer.bottom < 60,
          `${what}: the answer is not right above the board: ${JSON.stringify(at)}`);
        return at;
      };
      await near('King sample');
      await shot(phone, 'phone-king');
      await phone.evaluate(() => window.scrollTo(0, 0));
      await phone.screenshot({ path: path.join(SHOTS, 'phone-headline.png') });
      // Scrolled down until the board's top rows are above the screen (painting its lower
      // rows): the headline sticks to the top of the screen.
      await phone.evaluate(() => {
        const r = document.getElementById('board').getBoundingClientRect();
        window.scrollBy(0, r.top + 150);
      });
      const stuck = await phone.evaluate(() => ({
        answer: document.getElementById('answer').getBoundingClientRect().toJSON(),
        board: document.getElementById('board').getBoundingClientRect().toJSON(),
        height: window.innerHeight,
      }));
      assert(stuck.board.top < -100, `the page did not scroll: ${JSON.stringify(stuck)}`);
      assert(stuck.answer.top >= 0 && stuck.answer.bottom <= 120,
        `with the board scrolled half out, the headline is out of sight: ${JSON.stringify(stuck)}`);
      await phone.screenshot({ path: path.join(SHOTS, 'phone-headline-scrolled.png') });
      await phone.evaluate(() => window.scrollTo(0, 0));
      // 400 columns do not fit even at 1 px a cell: the canvas is scaled down, taps still map.
      await selectPuzzle(phone, 'rooks');
      await setSize(phone, 2, 400);
      await phone.click('#clear');
      await expectAnswer(phone, '2');
      const b = await fits('2×400 rooks');
      assert(b.canvas.width < b.width, `the 400-column canvas is not scaled down: ${JSON.stringify(b)}`);
      p = await cellPoint(phone, 1, 287);
      await phone.touchscreen.tap(p.x, p.y);
      await expectJudge(phone, `2 400\n${'.'.repeat(400)}\n${'.'.repeat(287)}X${'.'.repeat(112)}\n`);
      await expectAnswer(phone, '3'); // the pawn splits its row in two
      // The judge box scrolls inside itself.
      const judge = await phone.evaluate(() => {
        const el = document.getElementById('judge-text');
        return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, right: el.getBoundingClientRect().right };
      });
      assert(judge.scrollWidth > judge.clientWidth && judge.right <= 390, `judge box at 390: ${JSON.stringify(judge)}`);
      await fits('2×400 rooks with its answer');
      await shot(phone, 'phone');
    } finally {
      await phone.close();
    }
  });

  await step('no page errors and no requests outside the playground', async () => {
    assertEq(pageErrors.join('\n'), '', 'page errors');
    assertEq(foreign.join('\n'), '', 'foreign requests');
  });
}

async function cleanup() {
  for (const f of cleanups.splice(0)) {
    try { await f(); } catch { /* best effort */ }
  }
}

const watchdog = setTimeout(async () => {
  console.log(`not ok - the whole test took over ${TOTAL_TIMEOUT / 1000} s`);
  await cleanup();
  process.exit(1);
}, TOTAL_TIMEOUT);

main()
  .catch((e) => {
    failed++;
    console.log(`not ok - setup\n  ${e && e.stack ? e.stack : e}`);
  })
  .finally(async () => {
    clearTimeout(watchdog);
    await cleanup();
    console.log(`e2e: ${passed} passed, ${failed} failed`);
    process.exit(failed > 0 || passed === 0 ? 1 : 0);
  });
