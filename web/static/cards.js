// Cards drawn from their codes: French "10H", "QS", "JK"; Yankee Notion "7E" (rank 0-9, then
// F faces, L flags, E eagles, S stars, H shields). Nothing here knows any game.
// Each suit's mark is a small drawing of its own shape and colour, as on the Discord
// picture's cards (render/_emblems.py): a four-colour French pack (spades black, hearts
// red, diamonds blue, clubs green); a Yankee face (a head on umber shoulders), flag (red
// and white stripes, a blue corner, on its pole), eagle (brown, wings spread, a white
// head), star (blue, five points) and shield (green, a gold band). No two suits share a
// shape or a colour, so none is read for another even small.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const MOST_BACKS = 10;
  const INK = "#1e1c1e", GOLD = "#d6a01e", WHITE = "#fff";

  // five-pointed star round (50, 54): its points, outer radius r, inner radius ri
  function starPoints(r, ri) {
    const points = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5, d = i % 2 ? ri : r;
      points.push((50 + d * Math.cos(a)).toFixed(1) + "," + (54 + d * Math.sin(a)).toFixed(1));
    }
    return points.join(" ");
  }

  // the eagle's left wing, tip to body (its right wing is the mirror)
  const WING = [[44, 40], [38, 28], [26, 16], [12, 8], [2, 8], [8, 18], [0, 26], [9, 32], [2, 40],
    [13, 44], [8, 52], [22, 53], [32, 60], [44, 60]];

  // Each mark: its shapes in a 100 x 100 box, [tag, attributes]; and the ink of its rank.
  const MARKS = {
    "french:S": [INK, [["path", { d: "M50 4C30 30 4 44 12 66c6 15 26 14 34 2L38 96h24l-8-28c8 12 28 13 34-2C96 44 70 30 50 4z", fill: INK }]]],
    "french:H": ["#c81824", [["path", { d: "M50 94C22 72 4 54 8 32 12 10 40 8 50 30 60 8 88 10 92 32 96 54 78 72 50 94z", fill: "#c81824" }]]],
    "french:D": ["#1854c8", [["path", { d: "M50 2 88 50 50 98 12 50z", fill: "#1854c8" }]]],
    "french:C": ["#128034", [
      ["circle", { cx: 50, cy: 26, r: 21, fill: "#128034" }], ["circle", { cx: 26, cy: 57, r: 21, fill: "#128034" }],
      ["circle", { cx: 74, cy: 57, r: 21, fill: "#128034" }], ["path", { d: "M50 48 34 96h32z", fill: "#128034" }]]],
    "french:JK": ["#6e2896", [["polygon", { points: starPoints(48, 20), fill: "#6e2896" }]]],
    "yankee:F": ["#7a421e", [
      ["path", { d: "M10 98c2-18 14-28 40-30 26 2 38 12 40 30z", fill: "#7a421e", stroke: INK, "stroke-width": 3 }],
      ["circle", { cx: 50, cy: 36, r: 24, fill: "#f4cca4", stroke: INK, "stroke-width": 3 }],
      ["path", { d: "M26 34a24 26 0 0 1 48 0z", fill: "#46281a" }],
      ["circle", { cx: 41, cy: 40, r: 3.5, fill: INK }], ["circle", { cx: 59, cy: 40, r: 3.5, fill: INK }],
      ["path", { d: "M40 48q10 8 20 0", fill: "none", stroke: INK, "stroke-width": 3.5 }]]],
    "yankee:L": ["#c41a28", [
      ["rect", { x: 6, y: 4, width: 9, height: 94, fill: "#5c3c1e" }],
      ["rect", { x: 15, y: 8, width: 81, height: 60, fill: "#c41a28", stroke: INK, "stroke-width": 2.5 }],
      ["rect", { x: 15, y: 20, width: 81, height: 12, fill: WHITE }], ["rect", { x: 15, y: 44, width: 81, height: 12, fill: WHITE }],
      ["rect", { x: 15, y: 8, width: 36, height: 30, fill: "#1e328c" }],
      ["polygon", { points: "33,13 35.5,20 43,20 37,24.5 39,31.5 33,27 27,31.5 29,24.5 23,20 30.5,20", fill: WHITE }]]],
    "yankee:E": ["#583418", [
      ["polygon", { points: WING.map(([x, y]) => x + "," + y).join(" "), fill: "#583418" }],
      ["polygon", { points: WING.map(([x, y]) => 100 - x + "," + y).join(" "), fill: "#583418" }],
      ["path", { d: "M40 64h20l10 30-20-8-20 8z", fill: "#583418" }],
      ["ellipse", { cx: 50, cy: 50, rx: 14, ry: 24, fill: "#583418" }],
      ["circle", { cx: 50, cy: 20, r: 11, fill: WHITE, stroke: INK, "stroke-width": 3 }],
      ["path", { d: "M58 15 74 21 58 26z", fill: GOLD }], ["circle", { cx: 52, cy: 18, r: 2.5, fill: INK }]]],
    "yankee:S": ["#1a46be", [["polygon", { points: starPoints(50, 20), fill: "#1a46be" }]]],
    "yankee:H": ["#14783e", [
      ["path", { d: "M10 4h80v48c0 22-20 38-40 45C30 90 10 74 10 52z", fill: "#14783e" }],
      ["rect", { x: 12, y: 6, width: 76, height: 22, fill: GOLD }],
      ["path", { d: "M50 30v58", stroke: GOLD, "stroke-width": 7 }],
      ["path", { d: "M10 4h80v48c0 22-20 38-40 45C30 90 10 74 10 52z", fill: "none", stroke: INK, "stroke-width": 4 }]]],
  };
  const NAMES = {
    "french:S": "Spades", "french:H": "Hearts", "french:D": "Diamonds", "french:C": "Clubs",
    "yankee:F": "Faces", "yankee:L": "Flags", "yankee:E": "Eagles", "yankee:S": "Stars", "yankee:H": "Shields",
  };

  function mark(shapes) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("class", "suit");
    svg.setAttribute("aria-hidden", "true");
    for (const [tag, attributes] of shapes) {
      const shape = document.createElementNS(SVG, tag);
      for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, String(value));
      svg.append(shape);
    }
    return svg;
  }

  function cardElement(code, pack, small) {
    const el = document.createElement("span");
    el.className = "card" + (small ? " small" : "");
    if (code === null || code === undefined || code === "") {
      el.classList.add("back");
      el.title = "face down";
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", "a card face down");
      return el;
    }
    const text = String(code).toUpperCase();
    const joker = text === "JK";
    const rank = joker ? "Jk" : text.slice(0, -1);
    const key = joker ? "french:JK" : (pack === "yankee" ? "yankee:" : "french:") + text.slice(-1);
    const found = MARKS[key];
    const r = document.createElement("span");
    r.className = "rank";
    r.textContent = rank;
    if (found) r.style.color = found[0];
    el.append(r, found ? mark(found[1]) : Object.assign(document.createElement("span"), { className: "suit", textContent: text.slice(-1) }));
    el.dataset.suit = key;
    el.title = text;
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", joker ? "Joker" : rank + " of " + (NAMES[key] || text.slice(-1)));
    return el;
  }

  // Cards in a row; `backs` face-down cards after them, at most `most` drawn (MOST_BACKS
  // unless told); a fan, or backs more than drawn, also say how many there are.
  function cardRow(codes, pack, backs, kind, small, most) {
    const row = document.createElement("div");
    row.className = "cards" + (kind === "fan" ? " fan" : "");
    for (const code of codes || []) row.append(cardElement(code, pack, small));
    const down = backs || 0, shown = Math.min(down, most === undefined ? MOST_BACKS : most);
    for (let i = 0; i < shown; i++) row.append(cardElement(null, pack, small));
    if (down && (kind === "fan" || shown < down)) {
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = String(down);
      count.title = down + " face down";
      row.append(count);
    }
    return row;
  }

  window.ParlourCards = { cardElement, cardRow };
})();
