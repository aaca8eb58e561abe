// gridmatch playground: a board editor over the JSON API of `gridmatch serve`.
'use strict';

const MAX_SIDE = 500;

const PUZZLES = {
  rooks: {
    cycle: ['.', 'X'],
    about: 'Rooks (UVa 12668): place the most rooks that do not attack each other; ' +
      'a pawn X blocks attacks along its row and column. The answer is a maximum bipartite ' +
      'matching of row runs × column runs, proved by a König cover.',
    legend: 'Click or drag to paint: empty . ⇄ pawn X',
    sample: ['X....', 'X....', '..X..', '.X...', '....X'],
    colors: { '.': '#f2ead8', 'X': '#4a4a4a' },
    names: { '.': 'empty', 'X': 'pawn X' },
  },
  lpuzzle: {
    cycle: ['.', 'B', 'W'],
    about: 'L-puzzle (NWERC 2011): can the black and white cells be covered by L pieces, each ' +
      'a black corner with one white above or below and one white left or right? ' +
      'Solved by 2-SAT; a NO comes with the culprit cells.',
    legend: 'Click or drag to paint: empty . → black B → white W → empty',
    sample: ['BWW.', 'WWBW', '..WB'],
    colors: { '.': '#d6d6d6', 'B': '#262626', 'W': '#ffffff' },
    names: { '.': 'empty', 'B': 'black B', 'W': 'white W' },
  },
  king: {
    cycle: ['.', '#', 'K'],
    about: 'King (GCJ 2008): Alice and Bob move a king in turn to an unvisited, unburned square; ' +
      'who cannot move loses. Alice (first) wins from K exactly when every maximum matching ' +
      'covers K. The map shows the winner from every square.',
    legend: 'Click or drag to paint: free . → burned # → start K (one K: painting K moves it)',
    sample: ['K.....#.', '......#.', '.#....#.', '#######.', '........', '######.#', '....#...', '..#...#.'],
    colors: { '.': '#e8eef5', '#': '#3a3a3a', 'K': '#f5c518' },
    names: { '.': 'free', '#': 'burned #', 'K': 'the start K' },
  },
};

const $ = (id) => document.getElementById(id);

/** One board per puzzle: rows, cols and a row-major array of one-character strings. */
const boards = {};
let puzzle = 'rooks';
let last = null; // last successful solve response
let solveTimer = 0;
let solveSeq = 0;
let solveAbort = null;
let pictureUrl = null;
let play = { active: false };
let judgeFromBoard = true; // the judge text box follows the board (until the person edits it)
let loaded = []; // boards of the last loaded judge text
// What the last answer says about each cell (rooks roles, L-puzzle differing cells), drawn on
// the editor while the board is the one it was computed for.
let overlay = null; // { puzzle, key, roles?: [rows], differ?: [[r, c]] }

// The keyboard cursor: the cell space and Enter paint; drawn while the editor has keyboard focus.
const cursor = { r: 0, c: 0, shown: false };

const ROLE_COLORS = { R: '#4f9d69', r: '#bfe3c8' };
const DIFFER_COLOR = '#c026d3';
const CURSOR_COLOR = '#1d4ed8';

function makeBoard(rows) {
  return { rows: rows.length, cols: rows[0].length, cells: rows.join('').split('') };
}

function board() { return boards[puzzle]; }

function boardRows(b = board()) {
  const out = [];
  for (let r = 0; r < b.rows; r++) out.push(b.cells.slice(r * b.cols, (r + 1) * b.cols).join(''));
  return out;
}

// ---------------------------------------------------------------- drawing

/** Canvas pixels per cell: at most 40, the board at most 560 px, and as wide as the editor. */
function cellPx(b) {
  const wrap = $('board-wrap');
  const style = getComputedStyle(wrap);
  const room = wrap.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const fit = room > 1 ? Math.floor((room - 1) / b.cols) : 40;
  return Math.max(1, Math.min(40, Math.floor(560 / Math.max(b.rows, b.cols)), fit));
}

function draw() {
  const b = board();
  const px = cellPx(b);
  const canvas = $('board');
  const w = b.cols * px + 1;
  const h = b.rows * px + 1;
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.dataset.rows = b.rows;
  canvas.dataset.cols = b.cols;
  canvas.dataset.cell = px;
  canvas.dataset.puzzle = puzzle;
  cursor.r = Math.min(cursor.r, b.rows - 1);
  cursor.c = Math.min(cursor.c, b.cols - 1);
  canvas.dataset.cursor = `${cursor.r},${cursor.c}`;
  const ctx = canvas.getContext('2d');
  const colors = PUZZLES[puzzle].colors;
  const shown = currentOverlay();
  const roles = shown && shown.roles && $('show-roles').checked ? shown.roles : null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.cols; c++) {
      const ch = b.cells[r * b.cols + c];
      const role = roles ? roles[r][c] : '';
      ctx.fillStyle = ROLE_COLORS[role] || colors[ch] || '#ff00ff';
      ctx.fillRect(c * px, r * px, px, px);
    }
  }
  if (px >= 6) {
    ctx.strokeStyle = 'rgba(120,120,120,0.55)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let r = 0; r <= b.rows; r++) { ctx.moveTo(0, r * px + 0.5); ctx.lineTo(w, r * px + 0.5); }
    for (let c = 0; c <= b.cols; c++) { ctx.moveTo(c * px + 0.5, 0); ctx.lineTo(c * px + 0.5, h); }
    ctx.stroke();
  }
  if (px >= 12) {
    ctx.font = `bold ${Math.floor(px * 0.55)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let r = 0; r < b.rows; r++) {
      for (let c = 0; c < b.cols; c++) {
        const ch = b.cells[r * b.cols + c];
        let glyph = '';
        if (puzzle === 'rooks' && ch === 'X') { glyph = 'X'; ctx.fillStyle = '#d9d9d9'; }
        if (puzzle === 'lpuzzle' && ch !== '.') { glyph = ch; ctx.fillStyle = ch === 'B' ? '#ffffff' : '#262626'; }
        if (puzzle === 'king' && ch === 'K') { glyph = 'K'; ctx.fillStyle = '#5a4300'; }
        if (roles && (roles[r][c] === 'R' || roles[r][c] === 'r')) {
          glyph = roles[r][c];
          ctx.fillStyle = roles[r][c] === 'R' ? '#ffffff' : '#2f5d3a';
        }
        if (glyph) ctx.fillText(glyph, c * px + px / 2, r * px + px / 2 + 1);
      }
    }
  }
  if (shown && shown.differ) {
    ctx.strokeStyle = DIFFER_COLOR;
    ctx.lineWidth = Math.max(1, Math.floor(px * 0.12));
    ctx.setLineDash(px >= 8 ? [Math.max(2, px * 0.2), Math.max(1, px * 0.1)] : []);
    for (const [r, c] of shown.differ) {
      ctx.strokeRect(c * px + px * 0.14, r * px + px * 0.14, px * 0.72, px * 0.72);
    }
    ctx.setLineDash([]);
  }
  if (play.active) drawGame(ctx, px);
  const focused = cursor.shown && document.activeElement === canvas;
  canvas.dataset.cursorShown = String(focused);
  if (focused) drawCursor(ctx, px);
}

/** A two-tone frame: inside the cell when it is big enough, around it when cells are tiny. */
function drawCursor(ctx, px) {
  const pad = px >= 8 ? 3 : -3;
  const x = cursor.c * px + pad;
  const y = cursor.r * px + pad;
  const side = px + 1 - 2 * pad;
  ctx.lineWidth = 4;
  ctx.strokeStyle = '#ffffff';
  ctx.strokeRect(x, y, side, side);
  ctx.lineWidth = 2;
  ctx.strokeStyle = CURSOR_COLOR;
  ctx.strokeRect(x, y, side, side);
}

/** The overlay, if it was computed for the board on screen. */
function currentOverlay() {
  if (!overlay || overlay.puzzle !== puzzle || overlay.key !== boardKey()) return null;
  return overlay;
}

function boardKey(b = board()) {
  return `${b.rows}x${b.cols}:${b.cells.join('')}`;
}

function drawGame(ctx, px) {
  ctx.fillStyle = 'rgba(60,60,60,0.55)';
  for (const [r, c] of play.visited) {
    ctx.beginPath();
    ctx.arc(c * px + px / 2, r * px + px / 2, Math.max(1, px * 0.18), 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.lineWidth = Math.max(1, px * 0.12);
  ctx.strokeStyle = '#1a7f37';
  for (const [r, c] of play.legal) {
    ctx.strokeRect(c * px + px * 0.12, r * px + px * 0.12, px * 0.76, px * 0.76);
  }
  const [ar, ac] = play.at;
  ctx.fillStyle = '#d4a017';
  ctx.beginPath();
  ctx.arc(ac * px + px / 2, ar * px + px / 2, Math.max(2, px * 0.36), 0, 2 * Math.PI);
  ctx.fill();
  if (px >= 12) {
    ctx.fillStyle = '#222';
    ctx.font = `bold ${Math.floor(px * 0.5)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('♚', ac * px + px / 2, ar * px + px / 2 + 1);
  }
}

// ---------------------------------------------------------------- painting

let painting = null; // { value, last: [r, c] }

function cellAt(ev) {
  const canvas = $('board');
  const rect = canvas.getBoundingClientRect();
  const b = board();
  // The cell size on screen: CSS may scale the canvas down to fit a narrow screen.
  const px = Number(canvas.dataset.cell);
  const c = Math.floor((ev.clientX - rect.left) / (px * (rect.width / canvas.width)));
  const r = Math.floor((ev.clientY - rect.top) / (px * (rect.height / canvas.height)));
  if (r < 0 || c < 0 || r >= b.rows || c >= b.cols) return null;
  return [r, c];
}

function setCell(r, c, value) {
  const b = board();
  const i = r * b.cols + c;
  if (b.cells[i] === value) return false;
  if (value === 'K') {
    for (let j = 0; j < b.cells.length; j++) if (b.cells[j] === 'K') b.cells[j] = '.';
  }
  b.cells[i] = value;
  return true;
}

function nextValue(ch) {
  const cycle = PUZZLES[puzzle].cycle;
  const i = cycle.indexOf(ch);
  return cycle[(i + 1) % cycle.length];
}

function paintLine(from, to, value) {
  // Every cell on the segment, so fast drags leave no gaps.
  let [r0, c0] = from;
  const [r1, c1] = to;
  const n = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
  let changed = false;
  for (let k = 1; k <= n; k++) {
    const r = Math.round(r0 + ((r1 - r0) * k) / n);
    const c = Math.round(c0 + ((c1 - c0) * k) / n);
    changed = setCell(r, c, value) || changed;
  }
  return changed;
}

/**
 * What a click on `cell` does: the next value of the puzzle's cycle, or a move in a game. Once a
 * game is over, a click edits the board again (the game's marks go).
 */
function paintCell(cell) {
  if (play.active && !play.over) { playMove(cell); return null; }
  stopGame();
  const b = board();
  const value = nextValue(b.cells[cell[0] * b.cols + cell[1]]);
  setCell(cell[0], cell[1], value);
  boardChanged();
  return value;
}

function onPointerDown(ev) {
  const cell = cellAt(ev);
  if (!cell) return;
  ev.preventDefault();
  const canvas = $('board');
  canvas.focus({ preventScroll: true });
  // The keyboard goes on from the cell last clicked; the frame stays hidden until a key is used.
  [cursor.r, cursor.c] = cell;
  cursor.shown = false;
  const value = paintCell(cell);
  if (value === null) return;
  painting = { value, last: cell };
  canvas.setPointerCapture(ev.pointerId);
}

function onPointerMove(ev) {
  if (!painting) return;
  const cell = cellAt(ev);
  if (!cell || (cell[0] === painting.last[0] && cell[1] === painting.last[1])) return;
  // K is a single square: dragging it moves it.
  const changed = painting.value === 'K'
    ? setCell(cell[0], cell[1], 'K')
    : paintLine(painting.last, cell, painting.value);
  painting.last = cell;
  if (changed) boardChanged();
}

function onPointerUp() { painting = null; }

const CURSOR_STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** Arrows move the cursor, space and Enter paint under it (as a click would); none scrolls the page. */
function onKeyDown(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const b = board();
  const step = CURSOR_STEPS[ev.key];
  if (step) {
    ev.preventDefault();
    cursor.r = Math.max(0, Math.min(b.rows - 1, cursor.r + step[0]));
    cursor.c = Math.max(0, Math.min(b.cols - 1, cursor.c + step[1]));
  } else if (ev.key === ' ' || ev.key === 'Enter') {
    ev.preventDefault();
    // Holding the key down paints once, like one click.
    if (!ev.repeat) paintCell([cursor.r, cursor.c]);
  } else {
    return;
  }
  cursor.shown = true;
  draw();
  announceCursor();
}

function announceCursor() {
  const b = board();
  const ch = b.cells[cursor.r * b.cols + cursor.c];
  $('cursor-status').textContent =
    `Cursor: row ${cursor.r + 1}, column ${cursor.c + 1}: ${PUZZLES[puzzle].names[ch] || ch}`;
}

function onFocus() {
  // Reached with Tab (not a click): show the cursor at once.
  cursor.shown = $('board').matches(':focus-visible');
  draw();
  if (cursor.shown) announceCursor();
}

function onBlur() {
  cursor.shown = false;
  $('cursor-status').textContent = '';
  draw();
}

// ---------------------------------------------------------------- board changes

function boardChanged() {
  judgeFromBoard = true;
  draw();
  scheduleSolve();
}

function resize() {
  const rows = clampSide($('rows').value);
  const cols = clampSide($('cols').value);
  $('rows').value = rows;
  $('cols').value = cols;
  const b = board();
  if (rows === b.rows && cols === b.cols) return;
  const cells = new Array(rows * cols).fill('.');
  for (let r = 0; r < Math.min(rows, b.rows); r++) {
    for (let c = 0; c < Math.min(cols, b.cols); c++) cells[r * cols + c] = b.cells[r * b.cols + c];
  }
  boards[puzzle] = { rows, cols, cells };
  if (puzzle === 'king') ensureKing();
  stopGame();
  boardChanged();
}

function clampSide(v) {
  const n = Math.floor(Number(v));
  return Number.isFinite(n) ? Math.min(MAX_SIDE, Math.max(1, n)) : 1;
}

function ensureKing() {
  const b = board();
  if (!b.cells.includes('K')) {
    const i = b.cells.indexOf('.');
    b.cells[i >= 0 ? i : 0] = 'K';
  }
}

function setBoard(rows) {
  boards[puzzle] = makeBoard(rows);
  $('rows').value = boards[puzzle].rows;
  $('cols').value = boards[puzzle].cols;
  stopGame();
  boardChanged();
}

function clearBoard() {
  const b = board();
  b.cells.fill('.');
  if (puzzle === 'king') b.cells[0] = 'K';
  stopGame();
  boardChanged();
}

function randomBoard() {
  const b = board();
  const n = b.rows * b.cols;
  if (puzzle === 'rooks') {
    for (let i = 0; i < n; i++) b.cells[i] = Math.random() < 0.2 ? 'X' : '.';
  } else if (puzzle === 'king') {
    for (let i = 0; i < n; i++) b.cells[i] = Math.random() < 0.2 ? '#' : '.';
    b.cells[Math.floor(Math.random() * n)] = 'K';
  } else {
    // A random tiling (always YES): try an L piece at every cell in random order.
    b.cells.fill('.');
    const order = [...Array(n).keys()].sort(() => Math.random() - 0.5);
    for (const i of order) {
      const r = Math.floor(i / b.cols);
      const c = i % b.cols;
      const vr = r + (Math.random() < 0.5 ? -1 : 1);
      const hc = c + (Math.random() < 0.5 ? -1 : 1);
      if (vr < 0 || vr >= b.rows || hc < 0 || hc >= b.cols) continue;
      const cells = [i, vr * b.cols + c, r * b.cols + hc];
      if (cells.every((j) => b.cells[j] === '.') && Math.random() < 0.7) {
        b.cells[cells[0]] = 'B';
        b.cells[cells[1]] = 'W';
        b.cells[cells[2]] = 'W';
      }
    }
  }
  stopGame();
  boardChanged();
}

// ---------------------------------------------------------------- API

async function api(path, body, signal) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  let data;
  try {
    data = await res.json();
  } catch (e) {
    throw new Error(`${res.status} ${res.statusText}: the server's answer is not JSON`);
  }
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

function scheduleSolve() {
  clearTimeout(solveTimer);
  // An answer still on its way is for an older board: drop it.
  if (solveAbort) solveAbort.abort();
  solveSeq++;
  $('answer').dataset.state = 'busy';
  solveTimer = setTimeout(solve, 120);
}

async function solve() {
  if (solveAbort) solveAbort.abort();
  solveAbort = new AbortController();
  const seq = ++solveSeq;
  const request = { puzzle, board: boardRows() };
  const key = boardKey();
  if (puzzle === 'king') request.moves = $('moves').value;
  try {
    const res = await api('/api/solve', request, solveAbort.signal);
    if (seq !== solveSeq) return;
    showAnswer(res, key);
  } catch (e) {
    if (e.name === 'AbortError' || seq !== solveSeq) return;
    showError(e.message);
  }
}

function showAnswer(res, key) {
  last = res;
  overlay = { puzzle: res.puzzle, key, roles: res.roles, differ: res.differ };
  const answer = $('answer');
  answer.dataset.state = 'done';
  answer.dataset.answer = res.answer;
  answer.dataset.puzzle = res.puzzle;
  // The headline starts with the answer ("NO: …", "7 rooks …"): the answer is shown once, large.
  $('answer-value').textContent = res.answer;
  $('answer-text').textContent = res.headline.startsWith(res.answer)
    ? res.headline.slice(res.answer.length)
    : ` ${res.headline}`;
  $('error').textContent = '';
  showPicture();
  showInsight(res);
  draw();
  $('text').textContent = res.text;
  $('record').textContent = JSON.stringify(res.record, null, 1);
  $('command').textContent = res.command;
  if (judgeFromBoard && document.activeElement !== $('judge-text')) {
    $('judge-text').value = res.judge_input;
  }
  for (const id of ['download-svg', 'download-json', 'download-input']) $(id).disabled = false;
  $('play-start').disabled = play.active && !play.over;
}

/** The picture the toggles ask for: the roles or the second tiling when shown. */
function shownSvg(res = last) {
  if (!res) return '';
  if (res.roles_svg && $('show-roles').checked) return res.roles_svg;
  if (res.second_svg && $('show-second').checked) return res.second_svg;
  return res.svg;
}

function showPicture() {
  if (!last) return;
  if (pictureUrl) URL.revokeObjectURL(pictureUrl);
  pictureUrl = URL.createObjectURL(new Blob([shownSvg()], { type: 'image/svg+xml' }));
  const img = $('picture');
  img.src = pictureUrl;
  img.alt = last.headline;
  $('picture-box').hidden = false;
}

function swatch(kind) {
  const s = document.createElement('span');
  s.className = `swatch ${kind}`;
  s.setAttribute('aria-hidden', 'true');
  return s;
}

/** The designer's view: rooks roles, or whether the tiling is unique. */
function showInsight(res) {
  const box = $('insight');
  const text = $('insight-text');
  box.dataset.differ = '0';
  text.replaceChildren();
  $('roles-toggle').hidden = !res.roles;
  $('second-toggle').hidden = !res.second_svg;
  $('roles').hidden = !res.roles;
  if (res.roles) {
    const n = res.role_counts;
    box.dataset.unique = '';
    $('roles').textContent = res.roles.join('\n');
    text.append('Roles across all maximum placements: ',
      swatch('every'), `R a rook in every one (${n.every}) · `,
      swatch('some'), `r in some (${n.some}) · `,
      swatch('none'), `. in none (${n.none})`);
  } else if (res.puzzle === 'lpuzzle' && res.unique === true) {
    box.dataset.unique = 'true';
    text.append(`Unique: this is the only tiling (${res.forced} of its pieces are in every tiling, so all).`);
  } else if (res.puzzle === 'lpuzzle' && res.unique === false) {
    box.dataset.unique = 'false';
    box.dataset.differ = String(res.differ.length);
    text.append('Not unique: ', swatch('differ'),
      `${res.differ.length} cells are covered differently by a second tiling ` +
      `(${res.forced} of ${res.record.pieces.length} pieces are in every tiling).`);
  } else if (res.puzzle === 'lpuzzle') {
    box.dataset.unique = 'none';
    text.append('No tiling, so nothing to be unique.');
  }
  box.hidden = res.puzzle === 'king';
}

function showError(message) {
  clearResult('error', message);
}

/**
 * Forgets the last answer and everything drawn from it (picture and its alt text, insight,
 * pictures in text, certificate, command, the judge input it wrote), so that nothing on the page
 * describes a board that is no longer shown. `state` is `error` (with its message) or `busy`.
 */
function clearResult(state, message = '') {
  last = null;
  overlay = null;
  $('insight').hidden = true;
  const answer = $('answer');
  answer.dataset.state = state;
  delete answer.dataset.answer;
  delete answer.dataset.puzzle;
  $('answer-value').textContent = '';
  $('answer-text').textContent = state === 'error' ? 'no answer' : '—';
  $('error').textContent = message;
  if (pictureUrl) URL.revokeObjectURL(pictureUrl);
  pictureUrl = null;
  const img = $('picture');
  img.removeAttribute('src');
  img.alt = '';
  $('picture-box').hidden = true;
  $('text').textContent = '';
  $('record').textContent = '';
  $('command').textContent = `gridmatch ${puzzle}`;
  // The judge input came from the answer; a text the person typed or loaded stays.
  if (judgeFromBoard) $('judge-text').value = '';
  for (const id of ['download-svg', 'download-json', 'download-input']) $(id).disabled = true;
  $('play-start').disabled = true;
  draw();
}

// ---------------------------------------------------------------- judge format

async function loadText() {
  $('parse-error').textContent = '';
  try {
    const res = await api('/api/parse', { puzzle, text: $('judge-text').value });
    loaded = res.boards;
    const select = $('case');
    select.replaceChildren();
    res.boards.forEach((_, i) => {
      const opt = document.createElement('option');
      opt.value = i;
      opt.textContent = `${i + 1} of ${res.count}`;
      select.append(opt);
    });
    $('case-label').hidden = res.count < 2;
    judgeFromBoard = false;
    setBoard(res.boards[0]);
    judgeFromBoard = false;
  } catch (e) {
    $('parse-error').textContent = e.message;
  }
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---------------------------------------------------------------- King game

function setPlayStatus(text, over) {
  const el = $('play-status');
  el.textContent = text;
  el.dataset.over = over ? 'true' : 'false';
}

async function startGame() {
  if (!last || last.puzzle !== 'king') return;
  const start = last.start;
  play = { active: true, at: start, visited: [start], legal: [], over: false, busy: false };
  setEditing(false);
  if ($('side').value === 'bob') {
    setPlayStatus('The engine (Alice) is thinking…', false);
    await sendMove(null);
  } else {
    // The server knows the moves: /api/solve lists the first player's legal moves.
    play.legal = last.legal || [];
    const wins = last.answer === 'A';
    setPlayStatus(play.legal.length === 0
      ? 'Alice cannot move: the engine (Bob) wins.'
      : `Your move (Alice): click a green square. With perfect play you ${wins ? 'win' : 'lose'}.`,
    play.legal.length === 0);
    if (play.legal.length === 0) gameOver();
    draw();
  }
}

/**
 * The game has ended: its last position stays drawn, and the controls are back (editing the
 * board, another puzzle or Start ends the shown game; Stop game clears it).
 */
function gameOver() {
  play.over = true;
  setEditing(true);
  $('play-stop').disabled = false;
}

function stopGame() {
  if (!play.active) return;
  play = { active: false };
  setEditing(true);
  setPlayStatus('Start a game, then click a highlighted square to move.', false);
  draw();
}

function setEditing(on) {
  for (const id of ['rows', 'cols', 'moves', 'sample', 'clear', 'random', 'load', 'side']) $(id).disabled = !on;
  for (const input of document.querySelectorAll('input[name=puzzle]')) input.disabled = !on;
  $('play-start').disabled = !on;
  $('play-stop').disabled = on;
}

async function playMove(cell) {
  if (play.busy) return;
  // The legal moves are known (from the solve, then from each move's answer): an illegal click
  // is refused here, not sent to be refused.
  const [r, c] = cell;
  if (!play.legal.some(([lr, lc]) => lr === r && lc === c)) {
    $('play-status').dataset.refused = 'true';
    setPlayStatus(`Refused: ${illegalReason(cell)}`, false);
    return;
  }
  await sendMove(cell);
}

/** Why `cell` is not a legal move now, in the engine's words. */
function illegalReason([r, c]) {
  const b = board();
  const seen = play.visited.some(([vr, vc]) => vr === r && vc === c);
  let why;
  if (b.cells[r * b.cols + c] === '#') why = 'that square is burned';
  else if (seen) why = 'that square was already visited';
  else why = `it is not one ${$('moves').value} move from (${play.at[0]},${play.at[1]})`;
  return `(${r},${c}) is not a legal move: ${why}`;
}

async function sendMove(cell) {
  play.busy = true;
  const body = {
    board: boardRows(),
    moves: $('moves').value,
    visited: play.visited,
    at: play.at,
  };
  if (cell) body.play = cell;
  try {
    const res = await api('/api/king/move', body);
    if (!play.active) return;
    play.visited = res.visited;
    play.at = res.at;
    play.legal = res.legal;
    play.over = res.over;
    $('play-status').dataset.refused = 'false';
    $('play-status').dataset.winner = res.winner || '';
    setPlayStatus(res.message, res.over);
    if (res.over) gameOver();
  } catch (e) {
    $('play-status').dataset.refused = 'true';
    setPlayStatus(`Refused: ${e.message}`, false);
  } finally {
    play.busy = false;
    draw();
  }
}

// ---------------------------------------------------------------- setup

function selectPuzzle(name) {
  stopGame();
  puzzle = name;
  if (!boards[name]) boards[name] = makeBoard(PUZZLES[name].sample);
  const b = board();
  $('rows').value = b.rows;
  $('cols').value = b.cols;
  $('about').textContent = PUZZLES[name].about;
  $('legend').textContent = PUZZLES[name].legend;
  $('moves-label').hidden = name !== 'king';
  $('play').hidden = name !== 'king';
  $('case-label').hidden = true;
  $('parse-error').textContent = '';
  judgeFromBoard = true;
  document.body.dataset.puzzle = name;
  // The answer on screen is the other puzzle's.
  clearResult('busy');
  boardChanged();
}

/**
 * On a narrow screen the answer's headline goes right above the board (and sticks to the top
 * of the screen while the board scrolls by); on a wide one it heads the answer column, beside
 * the board.
 */
const NARROW = window.matchMedia('(max-width: 900px)');

function placeHeadline() {
  const headline = $('headline');
  if (NARROW.matches) {
    if (headline.nextElementSibling !== $('board-wrap')) $('board-wrap').before(headline);
  } else if ($('result').firstElementChild !== headline) {
    $('result').prepend(headline);
  }
  headline.dataset.place = NARROW.matches ? 'board' : 'column';
}

function init() {
  placeHeadline();
  NARROW.addEventListener('change', () => { placeHeadline(); draw(); });
  for (const input of document.querySelectorAll('input[name=puzzle]')) {
    input.addEventListener('change', () => { if (input.checked) selectPuzzle(input.value); });
  }
  $('rows').addEventListener('change', resize);
  $('cols').addEventListener('change', resize);
  $('moves').addEventListener('change', () => { stopGame(); scheduleSolve(); });
  $('sample').addEventListener('click', () => setBoard(PUZZLES[puzzle].sample));
  $('clear').addEventListener('click', clearBoard);
  $('random').addEventListener('click', randomBoard);
  $('load').addEventListener('click', loadText);
  $('case').addEventListener('change', () => {
    const rows = loaded[Number($('case').value)];
    if (rows) { setBoard(rows); judgeFromBoard = false; }
  });
  $('judge-text').addEventListener('input', () => { judgeFromBoard = false; });
  $('download-input').addEventListener('click', () => {
    if (last) download(`${last.puzzle}.txt`, last.judge_input, 'text/plain');
  });
  $('download-svg').addEventListener('click', () => {
    if (last) download(`${last.puzzle}.svg`, shownSvg(), 'image/svg+xml');
  });
  $('download-json').addEventListener('click', () => {
    if (last) download(`${last.puzzle}.json`, JSON.stringify(last.record) + '\n', 'application/json');
  });
  for (const id of ['show-roles', 'show-second']) {
    $(id).addEventListener('change', () => { showPicture(); draw(); });
  }
  $('play-start').addEventListener('click', startGame);
  $('play-stop').addEventListener('click', stopGame);
  const canvas = $('board');
  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerUp);
  canvas.addEventListener('pointercancel', onPointerUp);
  canvas.addEventListener('keydown', onKeyDown);
  canvas.addEventListener('focus', onFocus);
  canvas.addEventListener('blur', onBlur);
  // The cells follow the editor's width (a phone turned, a window resized).
  let frame = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(draw);
  });
  const checked = document.querySelector('input[name=puzzle]:checked');
  selectPuzzle(checked ? checked.value : 'rooks');
  document.body.dataset.ready = 'true';
}

init();
