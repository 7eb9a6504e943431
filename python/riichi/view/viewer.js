// riichi view: draws the table states that riichi computed (riichi/view/html.py) and
// steps through them. It computes nothing about the game: every state is in the JSON.
// The layout mirrors riichi/view/svg.py (table_svg), which draws the same pictures in Python.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("riichi-data").textContent);
  var steps = data.steps;
  var W = 24, H = 32, SIZE = 780, C = SIZE / 2, BOX = 110, RIVER = 0.85;
  var HAND_X = 150, HAND_BOTTOM = SIZE - 40, GAP = 6;
  var WIND_KANJI = "東南西北", WIND_NAMES = ["East", "South", "West", "North"];
  var FONT = "'Noto Sans CJK JP','Noto Serif CJK JP','Source Han Sans','Hiragino Sans'," +
    "'Yu Gothic','MS Gothic','WenQuanYi Zen Hei','Droid Sans Fallback',sans-serif";
  var current = 0, bottom = data.bottom || 0;

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  // one tile with its top-left corner at (x, y); sideways = a quarter turn anticlockwise
  function tile(out, name, x, y, opts) {
    opts = opts || {};
    var size = opts.size || 1, w = W * size, h = H * size;
    var cls = "tile" + (name.charAt(0) === "0" ? " red" : "") + (opts.cls ? " " + opts.cls : "");
    var tr = opts.sideways ? "translate(" + x + "," + (y + w) + ") rotate(-90)"
      : "translate(" + x + "," + y + ")";
    var shade = opts.tsumogiri ? '<rect width="' + w + '" height="' + h +
      '" rx="2" fill="#6d6d6d" fill-opacity="0.38"/>' : "";
    out.push('<g class="' + cls + '" data-tile="' + name + '" transform="' + tr + '">' +
      '<use href="#riichi-' + name + '" width="' + w + '" height="' + h + '"/>' + shade + "</g>");
  }

  function text(out, x, y, s, o) {
    o = o || {};
    out.push('<text x="' + x + '" y="' + y + '" font-size="' + (o.size || 12) +
      '" text-anchor="' + (o.anchor || "start") + '" font-weight="' + (o.weight || "normal") +
      '" fill="' + (o.fill || "#222") + '" font-family="' + esc(o.family || "sans-serif") + '">' +
      esc(s) + "</text>");
  }

  function meld(out, m, x, bottom, size) {
    var w = W * size, h = H * size, start = x;
    m.tiles.forEach(function (name, i) {
      var cls = "meld " + m.kind;
      if (i === m.side) {
        tile(out, name, x, bottom - w, { sideways: true, size: size, cls: cls + " called" });
        if (m.added) {
          tile(out, m.added, x, bottom - 2 * w, { sideways: true, size: size, cls: cls + " added" });
        }
        x += h;
      } else {
        tile(out, name, x, bottom - h, { size: size, cls: cls });
        x += w;
      }
    });
    return x - start;
  }

  function hand(out, concealed, drawn, melds, x, bottom, size, cls) {
    var w = W * size, h = H * size, start = x;
    concealed.forEach(function (name) {
      tile(out, name, x, bottom - h, { size: size, cls: "concealed " + cls });
      x += w;
    });
    if (drawn) {
      x += GAP * size;
      tile(out, drawn, x, bottom - h, { size: size, cls: "drawn " + cls });
      x += w;
    }
    melds.forEach(function (m) {
      x += GAP * size;
      x += meld(out, m, x, bottom, size);
    });
    return x - start;
  }

  function river(out, entries, x0, y0, size, last) {
    var w = W * size, h = H * size;
    entries.forEach(function (e, i) {
      var row = Math.floor(i / 6);
      if (i % 6 === 0) { river.x = x0; }
      var name = e.slice(0, 2), flags = e.slice(2), y = y0 + row * h;
      if (i === last) {  // the discard just made
        var side = flags.indexOf("r") >= 0, tw = side ? h : w, th = side ? w : h;
        out.push('<rect class="last-discard" x="' + (river.x - 1.5) + '" y="' +
          ((side ? y + h - w : y) - 1.5) + '" width="' + (tw + 3) + '" height="' + (th + 3) +
          '" rx="3" fill="#ffd54a"/>');
      }
      var cls = "river" + (flags.indexOf("t") >= 0 ? " tsumogiri" : "") +
        (flags.indexOf("r") >= 0 ? " riichi" : "") + (flags.indexOf("c") >= 0 ? " taken" : "");
      var o = { size: size, cls: cls, tsumogiri: flags.indexOf("t") >= 0 };
      if (flags.indexOf("r") >= 0) {
        o.sideways = true;
        tile(out, name, river.x, y + h - w, o);
        river.x += h;
      } else {
        tile(out, name, river.x, y, o);
        river.x += w;
      }
    });
  }

  function seat(out, st, s) {
    var p = st.seats[s], rw = W * RIVER;
    var last = st.last_discard && st.last_discard[0] === s ? st.last_discard[1] : -1;
    river(out, p.river, C - 3 * rw, C + BOX + 4, RIVER, last);
    hand(out, p.hand, p.drawn, p.melds, HAND_X, HAND_BOTTOM, 1, "seat" + s);
    (p.nuki || []).forEach(function (n, i) {
      tile(out, n, C + BOX + 30 + i * rw * 0.8, C + BOX + 4, { size: RIVER * 0.8, cls: "nuki" });
    });
    var wind = ((s - st.dealer) % st.players + st.players) % st.players;
    var colour = st.turn === s ? "#b3261e" : "#f4f1e6";
    text(out, C - BOX + 8, C + BOX - 10, WIND_KANJI.charAt(wind),
      { size: 17, weight: "bold", fill: colour, family: FONT });
    text(out, C, C + BOX - 10, st.scores[s].toLocaleString("en-US"),
      { size: 15, anchor: "middle", weight: "bold", fill: colour });
    var name = (st.names || [])[s];
    if (name) {
      text(out, C, C + BOX - 28, name.slice(0, 12), { size: 9, anchor: "middle", fill: "#d9d3c0" });
    }
    if (p.riichi) {
      out.push('<g class="riichi-stick"><rect x="' + (C - 30) + '" y="' + (C + BOX - 50) +
        '" width="60" height="7" rx="3" fill="#fff" stroke="#999"/><circle cx="' + C +
        '" cy="' + (C + BOX - 46.5) + '" r="2.2" fill="#c8102e"/></g>');
    }
  }

  function table(st, flagged) {
    var out = [];
    out.push('<svg class="riichi" viewBox="0 0 ' + SIZE +
      " " + SIZE + '" role="img">');
    out.push('<rect width="' + SIZE + '" height="' + SIZE + '" fill="' +
      (flagged ? "#6b2420" : "#1f5f3f") + '"/>');
    out.push('<rect x="' + (C - BOX) + '" y="' + (C - BOX) + '" width="' + 2 * BOX +
      '" height="' + 2 * BOX + '" rx="8" fill="#173f2c" stroke="#0f2b1e"/>');
    for (var s = 0; s < st.players; s++) {
      var turn = ((s - bottom) % st.players + st.players) % st.players;
      out.push('<g class="seat" data-seat="' + s + '" transform="rotate(' + (-90 * turn) + " " +
        C + " " + C + ')">');
      seat(out, st, s);
      out.push("</g>");
    }
    text(out, C, C - 30, WIND_NAMES[st.round_wind] + " " + st.kyoku,
      { size: 18, anchor: "middle", weight: "bold", fill: "#f4f1e6" });
    text(out, C, C - 14, st.honba + " honba · " + st.kyotaku + " kyotaku",
      { size: 11, anchor: "middle", fill: "#d9d3c0" });
    var size = 0.75, n = Math.max(5, st.dora.length);
    for (var i = 0; i < n; i++) {
      var d = i < st.dora.length ? st.dora[i] : "back";
      tile(out, d, C - 2.5 * W * size + i * W * size, C - 6,
        { size: size, cls: d === "back" ? "dora hidden" : "dora" });
    }
    if (st.tiles_left !== null && st.tiles_left !== undefined) {
      text(out, C, C + 34, st.tiles_left + " tiles left", { size: 11, anchor: "middle", fill: "#d9d3c0" });
    }
    out.push("</svg>");
    return out.join("");
  }

  // a row of tiles (and melds) as a small inline picture for the settlement panel
  function tilesPicture(names, melds) {
    var size = 0.8, tall = (melds || []).some(function (m) { return m.added; });
    var height = (tall ? 2 * W : H) * size;
    var out = [], width = hand(out, names, null, melds || [], 0, height, size, "shown");
    return '<svg class="shown" width="' + Math.ceil(width) +
      '" height="' + Math.ceil(height) + '" viewBox="0 0 ' + Math.ceil(width) + " " +
      Math.ceil(height) + '">' + out.join("") + "</svg>";
  }

  function seatLabel(st, s) {
    var wind = ((s - st.dealer) % st.players + st.players) % st.players;
    var name = (data.names || [])[s];
    return WIND_KANJI.charAt(wind) + " seat " + s + (name ? " " + esc(name) : "");
  }

  function deltasTable(st, deltas, scores) {
    if (!deltas && !scores) return "";
    var rows = "";
    for (var s = 0; s < st.players; s++) {
      var d = deltas ? deltas[s] : null;
      rows += "<tr><td>" + seatLabel(st, s) + '</td><td class="num ' +
        (d > 0 ? "plus" : d < 0 ? "minus" : "") + '">' +
        (d === null ? "" : (d > 0 ? "+" : "") + d.toLocaleString("en-US")) +
        '</td><td class="num">' + (scores ? scores[s].toLocaleString("en-US") : "") + "</td></tr>";
    }
    return '<table class="payments"><tr><th>seat</th><th>payment</th><th>score</th></tr>' + rows + "</table>";
  }

  function settlementHtml(step) {
    var s = step.settlement, st = step.state;
    if (!s) return "";
    var out = [];
    if (s.type === "hora") {
      out.push('<h2 class="hora">' + (s.tsumo ? "Tsumo" : "Ron") + ": " + seatLabel(st, s.winner) +
        (s.tsumo ? "" : " from " + seatLabel(st, s.from)) + "</h2>");
      if (s.hand) out.push(tilesPicture(s.hand, s.melds));
      out.push("<p>winning tile " + tilesPicture([s.pai]) + "</p>");
      if (s.yaku) {
        out.push('<table class="yaku"><tr><th>yaku</th><th>han</th></tr>');
        s.yaku.forEach(function (y) {
          out.push("<tr><td>" + esc(y[0]) + '</td><td class="num">' + y[1] + "</td></tr>");
        });
        out.push("</table>");
      }
      out.push('<p class="value">' + (s.han !== null ? s.han + " han " : "") +
        (s.fu !== null ? s.fu + " fu " : "") + (s.limit ? esc(s.limit) + " " : "") +
        (s.points !== null ? "· " + s.points.toLocaleString("en-US") + " points" : "") + "</p>");
      if (s.pao !== null && s.pao !== undefined) out.push("<p>pao: " + seatLabel(st, s.pao) + "</p>");
      if (s.dora) out.push("<p>dora indicators " + tilesPicture(s.dora) + "</p>");
      if (s.ura && s.ura.length) out.push("<p>uradora indicators " + tilesPicture(s.ura) + "</p>");
    } else {
      out.push('<h2 class="draw">Draw: ' + esc(s.reason.replace(/_/g, " ")) + "</h2>");
      if (s.tenpai) {
        var who = [];
        s.tenpai.forEach(function (t, i) { if (t) who.push(seatLabel(st, i)); });
        out.push("<p>tenpai: " + (who.length ? who.join(", ") : "nobody") + "</p>");
      }
      if (s.hands) {
        s.hands.forEach(function (h, i) {
          if (h) out.push("<p>" + seatLabel(st, i) + " " + tilesPicture(h) + "</p>");
        });
      }
    }
    out.push(deltasTable(st, s.deltas, s.scores));
    return out.join("");
  }

  function mismatchHtml(step) {
    var out = [];
    step.mismatches.forEach(function (m) {
      out.push('<div class="mismatch"><b>mismatch: ' + esc(m.field) + "</b> (" + esc(m.round) +
        ", event " + m.event_index + ")<br>logged: <code>" + esc(JSON.stringify(m.logged)) +
        "</code><br>computed: <code>" + esc(JSON.stringify(m.computed)) + "</code>" +
        (m.detail ? "<br>" + esc(m.detail) : "") + "</div>");
    });
    step.problems.forEach(function (p) {
      out.push('<div class="mismatch problem"><b>not followed:</b> ' + esc(p) + "</div>");
    });
    return out.join("");
  }

  function show(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    var step = steps[current];
    var flagged = step.mismatches.length > 0 || step.problems.length > 0;
    document.getElementById("board").innerHTML = table(step.state, flagged);
    document.getElementById("slider").value = current;
    document.getElementById("position").textContent = "event " + (current + 1) + " / " + steps.length;
    var round = step.round >= 0 ? data.rounds[step.round].label + ": " : "";
    document.getElementById("event").textContent = round + step.text;
    document.getElementById("mismatches").innerHTML = mismatchHtml(step);
    document.getElementById("settlement").innerHTML = settlementHtml(step);
    var items = document.querySelectorAll("#rounds li");
    for (var k = 0; k < items.length; k++) {
      items[k].classList.toggle("current", k === step.round);
    }
  }

  function roundStart(k) { return data.rounds[k].step; }

  function nextRound() {
    var k = steps[current].round;
    show(k + 1 < data.rounds.length ? roundStart(k + 1) : steps.length - 1);
  }

  function prevRound() {
    var k = steps[current].round;
    if (k < 0) return show(0);
    show(current > roundStart(k) ? roundStart(k) : (k > 0 ? roundStart(k - 1) : 0));
  }

  function rotate() {  // the next seat to the bottom
    bottom = (bottom + 1) % data.players;
    show(current);
  }

  function nextMismatch() {
    for (var j = 1; j <= steps.length; j++) {
      var i = (current + j) % steps.length;
      if (steps[i].mismatches.length || steps[i].problems.length) return show(i);
    }
  }

  function summary() {
    var s = data.summary, parts = [];
    parts.push(esc(data.format || "log") + ", " + data.players + " players");
    parts.push(s.rounds + " rounds and " + s.actions + " actions replayed");
    parts.push(s.mismatches ? '<span class="bad">' + s.mismatches + " mismatch" +
      (s.mismatches === 1 ? "" : "es") + "</span>" : s.rounds ? '<span class="good">no mismatch</span>' : "");
    if (s.unsupported.length) {
      parts.push('<span class="bad">not replayed: ' + s.unsupported.map(esc).join("; ") + "</span>");
    }
    if (s.fragment) parts.push("a fragment of a game");
    document.getElementById("summary").innerHTML = parts.filter(Boolean).join(" · ");
  }

  function roundList() {
    var ol = document.getElementById("rounds");
    data.rounds.forEach(function (r, k) {
      var li = document.createElement("li");
      li.innerHTML = "<b>" + esc(r.label) + "</b> " + esc(r.result) +
        (r.mismatches ? ' <span class="bad">' + r.mismatches + " mismatch" +
          (r.mismatches === 1 ? "" : "es") + "</span>" : "");
      li.addEventListener("click", function () { show(r.step); });
      if (r.mismatches) li.classList.add("flagged");
      ol.appendChild(li);
    });
  }

  var slider = document.getElementById("slider");
  slider.max = steps.length - 1;
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(steps.length - 1); });
  document.getElementById("next-round").addEventListener("click", nextRound);
  document.getElementById("prev-round").addEventListener("click", prevRound);
  document.getElementById("next-mismatch").addEventListener("click", nextMismatch);
  document.getElementById("rotate").addEventListener("click", rotate);
  document.getElementById("board").addEventListener("click", function (e) {
    var r = this.getBoundingClientRect();
    show(e.clientX - r.left < r.width / 3 ? current - 1 : current + 1);
  });
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "INPUT" && e.key !== "Home" && e.key !== "End") return;
    var keys = {
      ArrowRight: function () { show(current + 1); },
      ArrowLeft: function () { show(current - 1); },
      Home: function () { show(0); },
      End: function () { show(steps.length - 1); },
      PageDown: nextRound,
      PageUp: prevRound,
      m: nextMismatch,
      r: rotate
    };
    if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
  });
  window.riichiViewer = {
    show: show, steps: steps.length, rotate: rotate,
    current: function () { return current; }, bottom: function () { return bottom; }
  };
  summary();
  roundList();
  show(0);
})();
