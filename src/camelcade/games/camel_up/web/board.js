// Camel Up's board: the 16-space track round the pyramid, camels stacked on it (the top
// camel ahead), crazy camels facing backwards, spectator tiles with their owner, the leg
// ticket stacks, the dice left in the pyramid and those rolled this leg, the overall
// piles (face down: a count only), your finish cards and every player's coins and tickets.
//
// Drawn from the view only (view.observation and view.board.draw, worded on the server):
// no rule is worked out here. Every clickable part carries data-cell (the ids of the
// accessible list); the shell handles the clicks and marks the cells. Each camel, die,
// ticket and card carries its letter beside its colour, each tile a sign and its owner.
// The camels live in a layer that is kept between renders, so a move slides them to their
// new space (a CSS transition), unless the person prefers reduced motion.

import { svgEl, label } from "/static/js/board-kit.js";

const CELL = 104;           // one track space
const RING = 24;            // the track's margin
const TRACK = RING * 2 + CELL * 5;
const WIDE = 720;           // from this many CSS pixels wide the panel goes to the right
const PLACES = [null, [0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [4, 1], [4, 2], [4, 3], [4, 4],
  [3, 4], [2, 4], [1, 4], [0, 4], [0, 3], [0, 2], [0, 1]];
// space -> [column, row] on the 5 x 5 ring: 1 top left, clockwise; the finish line lies
// between 16 (left column) and 1.

const CAMEL = "M-25 -13 Q-27 -22 -19 -25 Q-12 -37 -3 -27 Q4 -20 11 -23 L15 -25 Q15 -33 20 " +
  "-37 L27 -37 Q31 -35 28 -31 L24 -30 Q23 -22 20 -13 Z";
const LEGS = [-20, -11, 7, 15];

function spaceBox(space) {
  const [col, row] = PLACES[space];
  return { x: RING + col * CELL, y: RING + row * CELL };
}

function facing(space, crazy) {
  // Racing camels face the way they run (clockwise), crazy camels the other way.
  const [col, row] = PLACES[space] ?? [0, 0];
  const right = row === 0 || (col === 4 && row < 4);
  return right !== crazy ? 1 : -1;
}

function camelShape(unit, info) {
  const body = svgEl("g", { class: "cu-body" });
  for (const x of LEGS) body.append(svgEl("rect", { x, y: -14, width: 5, height: 14, rx: 2, class: "cu-leg" }));
  body.append(svgEl("path", { d: CAMEL, class: "cu-hide" }));
  body.append(svgEl("circle", { cx: 24, cy: -33, r: 1.6, class: "cu-eye" }));
  const group = svgEl("g", { class: `cu-camel cu-c-${unit}${info.crazy ? " cu-crazy" : ""}`, "data-unit": unit });
  group.append(body);
  group.append(svgEl("circle", { cx: -3, cy: -14, r: 8.5, class: "cu-badge" }));
  group.append(label(info.letter, -3, -14, { class: "cu-letter", "text-anchor": "middle", "dominant-baseline": "central" }));
  return group;
}

function crown(x, y) {
  return svgEl("path", { d: `M${x - 9} ${y} l2 -9 l4 5 l3 -7 l3 7 l4 -5 l2 9 z`, class: "cu-crown" });
}

function tileToken(x, y, side, owner, draw, view, ctx) {
  // A sign with + (the camel moves on) or − (it moves back), its word, and its owner.
  const forward = side === draw.forward;
  const group = svgEl("g", { class: `cu-tile ${forward ? "cu-cheer" : "cu-boo"}` });
  if (forward) group.append(svgEl("circle", { cx: x, cy: y, r: 22, class: "cu-tile-shape" }));
  else group.append(svgEl("rect", { x: x - 19, y: y - 19, width: 38, height: 38, rx: 4,
    transform: `rotate(45 ${x} ${y})`, class: "cu-tile-shape" }));
  group.append(label(forward ? "+" : "−", x, y - 3, { class: "cu-tile-sign", "text-anchor": "middle", "dominant-baseline": "central" }));
  group.append(label(forward ? draw.words.forward : draw.words.backward, x, y + 13, { class: "cu-tile-word", "text-anchor": "middle" }));
  const whose = owner === view.seat ? draw.words.you : ctx.seatName(owner);
  group.append(label(whose, x, y + 36, { class: "cu-tile-owner", "text-anchor": "middle" }));
  return group;
}

function drawTrack(layer, view, ctx, draw) {
  const tiles = new Map((view.observation.tiles || []).map(([space, side, owner]) => [space, [side, owner]]));
  for (let space = 1; space <= 16; space++) {
    const { x, y } = spaceBox(space);
    const group = svgEl("g", { "data-cell": `s${space}`, class: `cu-space${space % 2 ? " cu-odd" : ""}` });
    group.append(svgEl("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 10, class: "cu-space-shape" }));
    group.append(label(String(space), x + 12, y + 21, { class: "cu-number" }));
    if (tiles.has(space)) group.append(tileToken(x + CELL / 2, y + CELL / 2 - 8, ...tiles.get(space), draw, view, ctx));
    layer.append(group);
  }
  // The finish line between 16 and 1: a chequered band and a flag.
  const band = svgEl("g", { class: "cu-finish-line" });
  for (let i = 0; i < 13; i++) {
    band.append(svgEl("rect", { x: RING + 3 + i * 7.6, y: RING + CELL - 5, width: 7.6, height: 5, class: i % 2 ? "cu-check-a" : "cu-check-b" }));
    band.append(svgEl("rect", { x: RING + 3 + i * 7.6, y: RING + CELL, width: 7.6, height: 5, class: i % 2 ? "cu-check-b" : "cu-check-a" }));
  }
  band.append(label(draw.words.finish, RING - 8, RING + CELL, { class: "cu-finish-word", "text-anchor": "middle",
    transform: `rotate(-90 ${RING - 8} ${RING + CELL})`, "dominant-baseline": "central" }));
  layer.append(band);
  // Arrows in the corners of the inner field show the way the racing camels run.
  for (const [x, y, rot] of [[RING + CELL * 2.5, RING + CELL + 14, 0], [RING + CELL * 4 - 14, RING + CELL * 2.5, 90],
    [RING + CELL * 2.5, RING + CELL * 4 - 14, 180], [RING + CELL + 14, RING + CELL * 2.5, 270]]) {
    layer.append(svgEl("path", { d: "M-9 -5 L9 0 L-9 5 Z", class: "cu-way", transform: `translate(${x} ${y}) rotate(${rot})` }));
  }
}

function drawPyramid(layer, view, draw) {
  const cx = RING + CELL * 2.5;
  const top = RING + CELL + 26;
  const group = svgEl("g", { "data-cell": "pyramid", class: "cu-pyramid" });
  group.append(svgEl("path", { d: `M${cx} ${top} L${cx + 92} ${top + 112} L${cx - 92} ${top + 112} Z`, class: "cu-pyramid-shape" }));
  for (let i = 1; i < 4; i++) {
    const y = top + i * 28;
    const half = (i * 28 * 92) / 112;
    group.append(svgEl("line", { x1: cx - half, y1: y, x2: cx + half, y2: y, class: "cu-pyramid-step" }));
  }
  const inside = draw.inside;
  const size = 20;
  let index = 0;
  for (let row = 0; index < inside.length; row++) {
    const count = Math.min(row + 1, inside.length - index);
    for (let k = 0; k < count; k++, index++) {
      const die = inside[index];
      const x = cx - (count * (size + 5) - 5) / 2 + k * (size + 5);
      group.append(dieShape(x, top + 30 + row * 25, size, die.grey ? "grey" : die.die, die.letter, null));
    }
  }
  group.append(label(draw.words.pyramid, cx, top + 130, { class: "cu-caption", "text-anchor": "middle" }));
  layer.append(group);
  // Pyramid tickets left, and the dice rolled this leg with their values.
  layer.append(label(draw.words.tickets_left, cx, top + 148, { class: "cu-small", "text-anchor": "middle" }));
  const crossed = (view.observation.track || []).some(([space]) => space < 1 || space > 16);
  if (crossed) layer.append(podium(draw));
  else layer.append(palm(RING + CELL + 40, top + 112, 1));
  layer.append(palm(RING + CELL * 4 - 40, top + 112, -1));
  const rolled = draw.rolled;
  const width = rolled.length * 34;
  rolled.forEach((die, i) => {
    layer.append(dieShape(cx - width / 2 + i * 34 + 2, top + 156, 28, die.grey ? `grey-${die.colour}` : die.colour, die.letter, die.value));
  });
  layer.append(label(draw.words.leg, RING + CELL * 4 - 14, RING + CELL + 26, { class: "cu-leg-word", "text-anchor": "end" }));
}

const PODIUM = { x: RING + CELL + 6, y: RING + CELL + 4 };
// Where the camels that left the loop stand once the race is over: inside the track, by
// the finish line.

function podium(draw) {
  const group = svgEl("g", { "data-cell": "finish", class: "cu-podium" });
  group.append(svgEl("rect", { x: PODIUM.x + 8, y: PODIUM.y + CELL - 8, width: CELL - 8, height: 12, rx: 3, class: "cu-podium-shape" }));
  group.append(svgEl("path", { d: `M${PODIUM.x + 12} ${PODIUM.y + CELL - 8} v-80 l22 8 l-22 8`, class: "cu-flag" }));
  group.append(label(draw.words.finish, PODIUM.x + CELL / 2 + 4, PODIUM.y + CELL + 20, { class: "cu-caption", "text-anchor": "middle" }));
  return group;
}

function palm(x, y, flip) {
  // A palm tree beside the pyramid, for the look of it.
  const group = svgEl("g", { class: "cu-palm", transform: `translate(${x} ${y}) scale(${flip} 1)` });
  group.append(svgEl("path", { d: "M0 0 Q4 -22 -2 -46", class: "cu-trunk" }));
  for (const d of ["M-2 -46 Q-18 -54 -28 -40", "M-2 -46 Q12 -58 26 -44", "M-2 -46 Q-10 -64 -22 -62",
    "M-2 -46 Q8 -66 18 -64"]) group.append(svgEl("path", { d, class: "cu-frond" }));
  return group;
}

function dieShape(x, y, size, colour, letter, value) {
  const group = svgEl("g", { class: `cu-die cu-d-${colour}` });
  group.append(svgEl("rect", { x, y, width: size, height: size, rx: size / 5, class: "cu-die-shape" }));
  if (value !== null) {
    group.append(label(String(value), x + size / 2, y + size / 2 + 1, { class: "cu-die-value", "text-anchor": "middle", "dominant-baseline": "central" }));
    group.append(label(letter, x + size - 2, y + size - 2, { class: "cu-die-letter", "text-anchor": "end" }));
  } else {
    group.append(label(letter || "±", x + size / 2, y + size / 2 + 1, { class: "cu-die-value cu-die-small", "text-anchor": "middle", "dominant-baseline": "central" }));
  }
  return group;
}

function drawTickets(layer, draw) {
  const width = 52;
  const gap = 9;
  const total = draw.stacks.length * width + (draw.stacks.length - 1) * gap;
  const x0 = RING + CELL * 2.5 - total / 2;
  const y0 = RING + CELL * 3 + 18;
  draw.stacks.forEach((stack, i) => {
    const x = x0 + i * (width + gap);
    const group = svgEl("g", { "data-cell": `tickets-${stack.colour}`, class: `cu-stack cu-t-${stack.colour}` });
    group.append(svgEl("rect", { x: x - 3, y: y0 - 3, width: width + 6, height: 76, rx: 8, class: "cu-hit" }));
    if (stack.left === 0) {
      group.append(svgEl("rect", { x, y: y0, width, height: 66, rx: 6, class: "cu-empty-stack" }));
      group.append(label(stack.letter, x + width / 2, y0 + 24, { class: "cu-stack-letter cu-faint", "text-anchor": "middle" }));
      group.append(label(draw.words.gone, x + width / 2, y0 + 48, { class: "cu-tiny", "text-anchor": "middle" }));
    } else {
      for (let k = stack.left - 1; k > 0; k--) {
        group.append(svgEl("rect", { x: x + k * 3, y: y0 - k * 3 + 6, width, height: 60, rx: 6, class: "cu-ticket cu-under" }));
      }
      group.append(svgEl("rect", { x, y: y0 + 6, width, height: 60, rx: 6, class: "cu-ticket" }));
      group.append(svgEl("circle", { cx: x + width / 2, cy: y0 + 38, r: 15, class: "cu-ticket-disc" }));
      group.append(label(String(stack.top), x + width / 2, y0 + 39, { class: "cu-ticket-value", "text-anchor": "middle", "dominant-baseline": "central" }));
      group.append(label(stack.letter, x + 8, y0 + 21, { class: "cu-ticket-letter" }));
      group.append(label(`×${stack.left}`, x + width - 6, y0 + 62, { class: "cu-ticket-count", "text-anchor": "end" }));
    }
    layer.append(group);
  });
}

function card(x, y, w, h, cls, letter) {
  const group = svgEl("g", {});
  group.append(svgEl("rect", { x, y, width: w, height: h, rx: 6, class: cls }));
  if (letter) group.append(label(letter, x + w / 2, y + h / 2 + 1, { class: "cu-card-letter", "text-anchor": "middle", "dominant-baseline": "central" }));
  return group;
}

function drawPanel(layer, view, ctx, draw, x0, y0, width) {
  const obs = view.observation;
  // The overall piles: face down, so only how many cards lie there (and, under each, your own).
  const piles = [["winner", draw.words.winner], ["loser", draw.words.loser]];
  piles.forEach(([pile, word], i) => {
    const x = x0 + i * 96;
    const group = svgEl("g", { "data-cell": pile, class: "cu-pile" });
    group.append(svgEl("rect", { x: x - 4, y: y0 - 4, width: 84, height: 140, rx: 8, class: "cu-hit" }));
    const count = draw.piles[pile];
    for (let k = Math.min(count, 6) - 1; k >= 0; k--) group.append(card(x + k * 2, y0 + 30 - k * 2, 72, 84, "cu-back", ""));
    if (!count) group.append(card(x, y0 + 30, 72, 84, "cu-empty-stack", ""));
    group.append(label(word, x + 36, y0 + 12, { class: "cu-caption", "text-anchor": "middle" }));
    group.append(label(String(count), x + 36, y0 + 72, { class: "cu-pile-count", "text-anchor": "middle", "dominant-baseline": "central" }));
    const mine = (obs.piles?.[pile] || []).filter(([seat, colour]) => seat === view.seat && colour);
    mine.forEach(([, colour], k) => {
      const letter = draw.camels.find((c) => c.id === colour)?.letter ?? "";
      group.append(svgEl("rect", { x: x + k * 15, y: y0 + 118, width: 13, height: 16, rx: 2, class: `cu-mini cu-t-${colour}` }));
      group.append(label(letter, x + k * 15 + 6.5, y0 + 127, { class: "cu-mini-letter", "text-anchor": "middle", "dominant-baseline": "central" }));
    });
    layer.append(group);
  });
  // Your finish cards, still in hand.
  const hand = obs.hand || [];
  if (hand.length) {
    const hx = x0 + 200;
    layer.append(label(draw.words.hand, hx, y0 + 12, { class: "cu-caption" }));
    hand.forEach((colour, i) => {
      const letter = draw.camels.find((c) => c.id === colour)?.letter ?? "";
      const group = svgEl("g", { "data-cell": `card-${colour}`, class: `cu-card cu-t-${colour}` });
      group.append(svgEl("rect", { x: hx + i * 46 - 2, y: y0 + 28, width: 44, height: 74, rx: 7, class: "cu-hit" }));
      group.append(card(hx + i * 46, y0 + 30, 40, 70, "cu-finish-card", letter));
      layer.append(group);
    });
  }
  // The players: coins, leg tickets, pyramid tickets, partner; whose turn it is.
  const columns = Math.max(1, Math.floor(width / 206));
  const plaqueWidth = Math.floor(width / columns) - 8;
  const turn = obs.turn;
  obs.coins.forEach((coins, seat) => {
    const x = x0 + (seat % columns) * (plaqueWidth + 8);
    const y = y0 + 152 + Math.floor(seat / columns) * 92;
    const mover = seat === turn && obs.phase !== "over";
    const group = svgEl("g", { "data-cell": `seat-${seat}`, class: `cu-seat${mover ? " cu-turn" : ""}${seat === view.seat ? " cu-me" : ""}` });
    group.append(svgEl("rect", { x, y, width: plaqueWidth, height: 84, rx: 10, class: "cu-plaque" }));
    const name = seat === view.seat ? `${ctx.seatName(seat)} (${draw.words.you})` : ctx.seatName(seat);
    group.append(label(`${mover ? "▶ " : ""}${name}`, x + 10, y + 22, { class: "cu-seat-name" }));
    group.append(svgEl("circle", { cx: x + plaqueWidth - 24, cy: y + 24, r: 17, class: "cu-coin" }));
    group.append(label(String(coins), x + plaqueWidth - 24, y + 25, { class: "cu-coin-value", "text-anchor": "middle", "dominant-baseline": "central" }));
    (obs.tickets[seat] || []).forEach(([colour, value], k) => {
      const letter = draw.camels.find((c) => c.id === colour)?.letter ?? "";
      const tx = x + 10 + k * 30;
      if (tx + 28 > x + plaqueWidth - 4) return;
      group.append(svgEl("rect", { x: tx, y: y + 36, width: 27, height: 20, rx: 3, class: `cu-mini cu-t-${colour}` }));
      group.append(label(`${letter}${value}`, tx + 13.5, y + 46.5, { class: "cu-mini-letter", "text-anchor": "middle", "dominant-baseline": "central" }));
    });
    const pyramid = obs.pyramid_tickets[seat];
    for (let k = 0; k < pyramid; k++) {
      group.append(svgEl("path", { d: `M${x + 16 + k * 20} ${y + 62} l8 14 h-16 z`, class: "cu-pyramid-ticket" }));
    }
    const partner = obs.partners?.[seat];
    if (partner !== null && partner !== undefined) {
      group.append(label(`⇄ ${partner === view.seat ? draw.words.you : ctx.seatName(partner)}`, x + plaqueWidth - 10, y + 76, { class: "cu-small", "text-anchor": "end" }));
    }
    layer.append(group);
  });
  const rows = Math.ceil(obs.coins.length / columns);
  return y0 + 152 + rows * 92;
}

function drawLegend(layer, draw, x, y, width) {
  const words = draw.words.legend;
  // Wrap the legend into lines that fit (about 9 px a character at this size).
  const perLine = Math.max(20, Math.floor(width / 8.4));
  const lines = [];
  let line = "";
  for (const word of words.split(" ")) {
    if ((line + " " + word).trim().length > perLine) { lines.push(line); line = word; } else line = (line + " " + word).trim();
  }
  if (line) lines.push(line);
  lines.forEach((text, i) => layer.append(label(text, x, y + i * 20, { class: "cu-legend" })));
  return y + lines.length * 20;
}

function placeCamels(layer, view, draw, fresh) {
  const info = new Map(draw.camels.map((c) => [c.id, c]));
  const seen = new Set();
  for (const [space, stack] of view.observation.track || []) {
    const onBoard = space >= 1 && space <= 16;
    const box = onBoard ? spaceBox(space) : PODIUM;
    const n = stack.length;
    const room = CELL - 30 - 38;   // below the space number, above the bottom camel
    const step = n > 1 ? Math.min(24, room / (n - 1)) : 0;
    const scale = n > 3 ? 0.82 : 1;
    stack.forEach((unit, level) => {
      seen.add(unit);
      let el = layer.querySelector(`[data-unit="${unit}"]`);
      const created = !el;
      if (created) { el = camelShape(unit, info.get(unit)); layer.append(el); }
      const x = box.x + CELL / 2 + 4;
      const y = box.y + CELL - 8 - level * step;
      el.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
      el.querySelector(".cu-body").setAttribute("transform", `scale(${facing(onBoard ? space : 16, info.get(unit).crazy)} 1)`);
      if (created || fresh) el.getBoundingClientRect(); // placed at once, never slid in
      layer.append(el); // keep the stack order: later is drawn on top
    });
  }
  for (const el of [...layer.querySelectorAll("[data-unit]")]) if (!seen.has(el.dataset.unit)) el.remove();
  // The leader wears a crown (the server says which camel leads).
  for (const old of [...layer.querySelectorAll(".cu-crown")]) old.remove();
  const leader = draw.leader && layer.querySelector(`[data-unit="${draw.leader}"]`);
  if (leader) leader.append(crown(-4, -40));
}

export function render(svg, view, ctx) {
  const draw = view.board?.draw;
  if (!draw || !view.observation) { svg.replaceChildren(); return; }
  svg.__cuLast = [view, ctx];
  watchWidth(svg);
  const wide = (svg.getBoundingClientRect().width || 0) >= WIDE;
  const mode = wide ? "wide" : "narrow";
  const panelX = wide ? TRACK + 8 : RING;
  const panelY = wide ? RING : TRACK + 4;
  const panelWidth = wide ? 430 : TRACK - RING * 2;
  let camels = svg.querySelector(":scope > g.cu-camels");
  const fresh = !camels || svg.dataset.cuMode !== mode;
  if (!camels) camels = svgEl("g", { class: "cu-camels" });
  for (const child of [...svg.children]) if (child !== camels) child.remove();
  svg.dataset.cuMode = mode;
  const ground = svgEl("g", { class: `cu-ground${ctx.reducedMotion ? " cu-still" : ""}` });
  ground.append(svgEl("rect", { x: 0, y: 0, width: 4000, height: 4000, class: "cu-sand" }));
  ground.append(svgEl("rect", { x: RING + CELL, y: RING + CELL, width: CELL * 3, height: CELL * 3, rx: 18, class: "cu-field" }));
  ground.append(svgEl("path", { d: `M${RING + CELL} ${RING + CELL * 3.3} q${CELL * 0.8} -40 ${CELL * 1.6} -6 t${CELL * 1.4} -10 v${CELL * 0.7} h${-CELL * 3} z`, class: "cu-dune" }));
  drawTrack(ground, view, ctx, draw);
  drawPyramid(ground, view, draw);
  drawTickets(ground, draw);
  let bottom = drawPanel(ground, view, ctx, draw, panelX, panelY, panelWidth);
  bottom = drawLegend(ground, draw, wide ? RING : RING, Math.max(bottom, TRACK) + 18, wide ? TRACK + panelWidth - RING : panelWidth);
  const width = wide ? TRACK + panelWidth + 20 : TRACK;
  svg.setAttribute("viewBox", `0 0 ${width} ${bottom + 8}`);
  svg.insertBefore(ground, camels.parentNode === svg ? camels : null);
  if (camels.parentNode !== svg) svg.append(camels);
  camels.classList.toggle("cu-still", Boolean(ctx.reducedMotion) || fresh);
  placeCamels(camels, view, draw, fresh);
  if (fresh) requestAnimationFrame(() => camels.classList.toggle("cu-still", Boolean(ctx.reducedMotion)));
}

function watchWidth(svg) {
  // Re-draw when the board crosses the wide/narrow width (a phone turned, a window resized).
  if (svg.__cuObserver || typeof ResizeObserver === "undefined") return;
  svg.__cuObserver = new ResizeObserver(() => {
    const wide = svg.getBoundingClientRect().width >= WIDE ? "wide" : "narrow";
    if (svg.__cuLast && svg.dataset.cuMode && svg.dataset.cuMode !== wide) render(svg, ...svg.__cuLast);
  });
  svg.__cuObserver.observe(svg);
}
