// sudokit table: filter, sort, summarise and plot the rows embedded in the page (compare/reports/table.py).
// The filter state lives in the URL's hash (#status=timeout&differ=1…), so a link keeps what one sees.
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("table-data").textContent);
  const GROUPS = DATA.groups, ROWS = DATA.rows;
  // a row: [set, number, puzzle, SE rating, its source, HoDoKu, cells]; a cell (null: not attempted):
  const STATUS = 0, CPU = 1, WALL = 2, MEM = 3, CHARGED = 4, ANSWERED = 5, PAR = 6, CPU_CHARGED = 7, ANSWER = 8;
  const SHOWN_AT_MOST = 1000; // rows drawn in the table; summaries and plots take every row kept
  // Okabe and Ito's colour-blind-safe palette; past it, markers tell series apart too
  const COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"];
  const MARKERS = ["circle", "square", "diamond", "triangle-up", "x", "cross", "triangle-down", "star"];
  const $ = (id) => document.getElementById(id);
  const unique = (values) => [...new Set(values)];
  const LISTS = {
    status: DATA.statuses, // those present, in sudokit's order (solved, multiple, unsat, stuck, timeout, error)
    run: unique(GROUPS.map((g) => g.run)),
    backend: unique(GROUPS.map((g) => g.backend)),
    set: unique(ROWS.map((r) => r[0])),
  };
  let state = fromHash();

  function fresh() {
    return { status: new Set(), run: new Set(LISTS.run), backend: new Set(LISTS.backend), set: new Set(LISTS.set),
      cpu: [null, null], wall: [null, null], on: null, differ: false, sort: null, desc: false, x: null, y: null };
  }

  // ---------------------------------------------------------------- the state and the hash
  function fromHash() {
    const s = fresh();
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    for (const key of ["status", "run", "backend", "set"]) {
      if (params.has(key)) {
        const wanted = params.get(key) === "" ? [] : params.get(key).split(",").map(decodeURIComponent);
        s[key] = new Set(wanted.filter((v) => LISTS[key].includes(v)));
      }
    }
    for (const key of ["cpu", "wall"]) {
      if (params.has(key)) {
        const [low, high] = params.get(key).split("-");
        s[key] = [number(low), number(high)];
      }
    }
    s.on = number(params.get("on"));
    s.differ = params.get("differ") === "1";
    s.sort = params.get("sort");
    s.desc = params.get("desc") === "1";
    if (params.has("scatter")) [s.x, s.y] = params.get("scatter").split(",").map((v) => number(v));
    return s;
  }

  function toHash() {
    const parts = [];
    const whole = fresh();
    for (const key of ["status", "run", "backend", "set"]) {
      const same = state[key].size === whole[key].size && [...state[key]].every((v) => whole[key].has(v));
      if (!same) parts.push(key + "=" + [...state[key]].map(encodeURIComponent).join(","));
    }
    for (const key of ["cpu", "wall"]) {
      if (state[key][0] !== null || state[key][1] !== null) {
        parts.push(key + "=" + state[key].map((v) => (v === null ? "" : v)).join("-"));
      }
    }
    if (state.on !== null) parts.push("on=" + state.on);
    if (state.differ) parts.push("differ=1");
    if (state.sort) parts.push("sort=" + encodeURIComponent(state.sort) + (state.desc ? "&desc=1" : ""));
    if (state.x !== null) parts.push("scatter=" + state.x + "," + state.y);
    history.replaceState(null, "", "#" + parts.join("&"));
  }

  function number(text) {
    if (text === undefined || text === null || String(text).trim() === "") return null;
    const value = Number(text);
    return Number.isFinite(value) ? value : null;
  }

  // ---------------------------------------------------------------- controls
  function buildControls() {
    for (const key of ["status", "run", "backend", "set"]) {
      const box = $("f-" + key);
      box.innerHTML = LISTS[key].map((v) => `<label><input type="checkbox" data-list="${key}" value="${escape(v)}">` +
        `${escape(v)}</label>`).join(" ");
    }
    $("on").innerHTML = `<option value="">any shown column group</option>` +
      GROUPS.map((g, i) => `<option value="${i}">${escape(g.label)}</option>`).join("");
    document.querySelectorAll("#controls input, #controls select").forEach((el) => el.addEventListener("change", read));
    document.querySelectorAll("#plots select").forEach((el) => el.addEventListener("change", () => {
      state.x = number($("scatter-x").value);
      state.y = number($("scatter-y").value);
      show();
    }));
    $("reset").addEventListener("click", () => { state = fresh(); show(); });
    $("csv").addEventListener("click", downloadCsv);
    window.addEventListener("hashchange", () => { state = fromHash(); show(); });
  }

  function showControls() {
    document.querySelectorAll("#controls input[data-list]").forEach((el) => {
      el.checked = state[el.dataset.list].has(el.value);
    });
    for (const key of ["cpu", "wall"]) {
      $(key + "-low").value = state[key][0] === null ? "" : state[key][0];
      $(key + "-high").value = state[key][1] === null ? "" : state[key][1];
    }
    $("on").value = state.on === null ? "" : String(state.on);
    $("differ").checked = state.differ;
  }

  function read() {
    for (const key of ["status", "run", "backend", "set"]) {
      state[key] = new Set([...document.querySelectorAll(`#controls input[data-list="${key}"]:checked`)].map((el) => el.value));
    }
    for (const key of ["cpu", "wall"]) state[key] = [number($(key + "-low").value), number($(key + "-high").value)];
    state.on = number($("on").value);
    state.differ = $("differ").checked;
    show();
  }

  // ---------------------------------------------------------------- filtering and summaries
  function shownGroups() {
    return GROUPS.map((g, i) => i).filter((i) => state.run.has(GROUPS[i].run) && state.backend.has(GROUPS[i].backend));
  }

  function within(value, range) {
    if (range[0] === null && range[1] === null) return true;
    return value !== null && (range[0] === null || value >= range[0]) && (range[1] === null || value <= range[1]);
  }

  function cellKept(cell) {
    return cell !== null && (state.status.size === 0 || state.status.has(cell[STATUS])) &&
      within(cell[CPU], state.cpu) && within(cell[WALL], state.wall);
  }

  function differs(cells) {
    const present = cells.filter((c) => c !== null);
    const answers = present.map((c) => c[ANSWER]).filter((a) => a !== null);
    return unique(present.map((c) => c[STATUS])).length > 1 || unique(answers).length > 1;
  }

  // a row is kept when its set is ticked, a shown group's cell (or the chosen group's) passes the cell
  // filters, and (with "only where they differ") the shown groups' cells differ in status or answer
  function kept(shown) {
    const tested = state.on !== null && shown.includes(state.on) ? [state.on] : shown;
    return ROWS.filter((row) => {
      const cells = shown.map((i) => row[6][i]);
      return state.set.has(row[0]) && tested.some((i) => cellKept(row[6][i])) && (!state.differ || differs(cells));
    });
  }

  function median(values) {
    if (!values.length) return NaN;
    const sorted = [...values].sort((a, b) => a - b), mid = (sorted.length - 1) / 2;
    return (sorted[Math.floor(mid)] + sorted[Math.ceil(mid)]) / 2;
  }

  function summary(rows, group) {
    const cells = rows.map((r) => r[6][group]).filter((c) => c !== null);
    const par = cells.reduce((sum, c) => sum + (c[PAR] === null ? NaN : c[PAR]), 0);
    return { attempted: cells.length, answered: cells.filter((c) => c[ANSWERED]).length,
      par: cells.length ? par / cells.length : NaN,
      cpu: median(cells.map((c) => c[CPU_CHARGED]).filter((v) => v !== null)) };
  }

  // ---------------------------------------------------------------- the table
  const FIXED = [["set", "set", 0], ["number", "#", 1], ["puzzle", "puzzle", 2], ["se", "SE", 3], ["hodoku", "HoDoKu", 5]];
  const PARTS = [["status", "status", STATUS], ["cpu", "CPU s", CPU], ["wall", "wall s", WALL], ["mem", "MiB", MEM]];

  function sortValue(row, key) {
    const fixed = FIXED.find((f) => f[0] === key);
    if (fixed) return fixed[0] === "hodoku" && row[5] !== null ? Number(row[5].split(" ")[0]) : row[fixed[2]];
    const [group, part] = key.split(".");
    const cell = row[6][Number(group.slice(1))];
    const index = (PARTS.find((p) => p[0] === part) || [])[2];
    return cell === null || index === undefined ? null : cell[index];
  }

  function sorted(rows) {
    if (!state.sort) return rows;
    const sign = state.desc ? -1 : 1;
    return [...rows].sort((a, b) => {
      const x = sortValue(a, state.sort), y = sortValue(b, state.sort);
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1; // unknown last
      return sign * (x < y ? -1 : x > y ? 1 : 0);
    });
  }

  function seconds(value) {
    if (value === null || Number.isNaN(value)) return "—";
    return value >= 100 ? value.toFixed(0) : String(Number(value.toPrecision(3)));
  }

  function header(shown) {
    const arrow = (key) => (state.sort === key ? (state.desc ? " ▼" : " ▲") : "");
    const th = (key, text, title) => `<th class="sort" data-sort="${key}" title="${escape(title || "sort")}">${text}${arrow(key)}</th>`;
    let top = `<tr><th colspan="5"></th>` + shown.map((g) => `<th colspan="4" class="group" title="${escape(
      `timeout ${GROUPS[g].timeout ?? "none"} s`)}">${escape(GROUPS[g].label)}</th>`).join("") + "</tr>";
    let second = "<tr>" + FIXED.map(([key, text]) => th(key, text)).join("") +
      shown.map((g) => PARTS.map(([part, text]) => th(`g${g}.${part}`, text)).join("")).join("") + "</tr>";
    return top + second;
  }

  function summaryRows(rows, shown) {
    const figures = shown.map((g) => [g, summary(rows, g)]);
    const line = (label, cell) => `<tr class="summary"><th colspan="5">${label}</th>` +
      figures.map(([g, s]) => `<td colspan="4" data-group="${g}" data-answered="${s.answered}" data-attempted="${s.attempted}" ` +
        `data-par="${s.par}" data-cpu-median="${s.cpu}">${cell(s, g)}</td>`).join("") + "</tr>";
    return line("answered", (s) => `${s.answered} of ${s.attempted}`) +
      line(`PAR-${DATA.k} (s)`, (s) => seconds(s.par)) +
      line("median CPU (s)", (s) => seconds(s.cpu));
  }

  function body(rows, shown) {
    return rows.slice(0, SHOWN_AT_MOST).map((row) => {
      const se = row[3] === null ? "" : `<span title="${escape(row[4])}">${row[3]}</span>`;
      const cells = shown.map((g) => {
        const c = row[6][g];
        if (c === null) return `<td class="none" colspan="4">not attempted</td>`;
        return `<td class="st st-${c[STATUS]}">${c[STATUS]}</td><td class="num">${seconds(c[CPU])}</td>` +
          `<td class="num">${seconds(c[WALL])}</td><td class="num">${c[MEM] === null ? "—" : c[MEM].toFixed(0)}</td>`;
      }).join("");
      return `<tr><td>${escape(row[0])}</td><td class="num">${row[1]}</td><td class="puzzle">${escape(row[2])}</td>` +
        `<td class="num">${se}</td><td>${escape(row[5] || "")}</td>${cells}</tr>`;
    }).join("");
  }

  // ---------------------------------------------------------------- plots
  function style(n) {
    return { color: COLOURS[n % COLOURS.length], symbol: MARKERS[Math.floor(n / COLOURS.length) % MARKERS.length] };
  }

  function plot(id, traces, layout, empty) {
    const div = $(id);
    const points = traces.reduce((sum, t) => sum + t.x.length, 0);
    div.dataset.points = points;
    div.dataset.series = JSON.stringify(traces.map((t) => [t.name, t.x.length]));
    if (typeof Plotly === "undefined") return;
    if (!points) {
      Plotly.purge(div);
      div.innerHTML = `<p class="empty">${empty}</p>`;
      return;
    }
    if (div.querySelector("p.empty")) div.innerHTML = "";
    Plotly.react(div, traces, Object.assign({ margin: { t: 70, r: 10 }, legend: { orientation: "h", y: -0.25 },
      height: 440 }, layout), { displaylogo: false, responsive: true });
  }

  function heading(text) { // left, above the mode bar's row
    return { text: text, x: 0.01, xanchor: "left", y: 0.98, yanchor: "top" };
  }

  function plots(rows, shown) {
    const answered = shown.map((g) => [g, rows.map((r) => r[6][g]).filter((c) => c !== null && c[ANSWERED])
      .map((c) => c[CHARGED]).sort((a, b) => a - b)]);
    const unit = `seconds (${DATA.measure})`;
    plot("cactus", answered.map(([g, times], n) => ({ name: GROUPS[g].label, x: times.map((_, i) => i + 1), y: times,
      mode: times.length > 300 ? "lines" : "lines+markers", marker: { color: style(n).color, symbol: style(n).symbol, size: 5 }, line: { color: style(n).color } })),
    { title: heading("Cactus: the n-th fastest answer"), xaxis: { title: { text: "puzzles answered" } }, yaxis: { title: { text: unit }, type: "log" } },
    "nothing answered in the rows kept");
    plot("ecdf", answered.map(([g, times], n) => {
      const attempted = rows.filter((r) => r[6][g] !== null).length;
      return { name: GROUPS[g].label, x: times, y: times.map((_, i) => (i + 1) / attempted), mode: "lines",
        line: { shape: "hv", color: style(n).color, dash: ["solid", "dot", "dash", "dashdot"][Math.floor(n / COLOURS.length) % 4] } };
    }), { title: heading("ECDF: share answered within a time"), xaxis: { title: { text: unit }, type: "log" },
      yaxis: { title: { text: "share answered" }, range: [0, 1.02] } }, "nothing answered in the rows kept");
    scatter(rows, shown);
  }

  function scatter(rows, shown) {
    const pick = (wanted, fallback) => (shown.includes(wanted) ? wanted : fallback);
    const x = pick(state.x, shown[0]), y = pick(state.y, shown.length > 1 ? shown[1] : shown[0]);
    for (const [id, chosen] of [["scatter-x", x], ["scatter-y", y]]) {
      $(id).innerHTML = shown.map((g) => `<option value="${g}"${g === chosen ? " selected" : ""}>${escape(GROUPS[g].label)}</option>`).join("");
    }
    const traces = [];
    if (x !== undefined && y !== undefined) {
      const pairs = rows.filter((r) => r[6][x] !== null && r[6][y] !== null).map((r) => [r[6][x], r[6][y], r]);
      const both = pairs.filter(([a, b]) => a[ANSWERED] && b[ANSWERED]);
      const other = pairs.filter(([a, b]) => !(a[ANSWERED] && b[ANSWERED]));
      const text = ([a, b, r]) => `${r[0]} #${r[1]}: ${a[STATUS]} / ${b[STATUS]}`;
      traces.push({ name: "both answered", x: both.map(([a]) => a[PAR]), y: both.map(([, b]) => b[PAR]), text: both.map(text),
        mode: "markers", marker: { color: COLOURS[0], symbol: "circle" } });
      traces.push({ name: `not answered by one (at PAR-${DATA.k}'s penalty)`, x: other.map(([a]) => a[PAR]),
        y: other.map(([, b]) => b[PAR]), text: other.map(text), mode: "markers", marker: { color: COLOURS[5], symbol: "x" } });
    }
    const all = traces.flatMap((t) => [...t.x, ...t.y]).filter((v) => v > 0);
    const low = Math.min(...all), high = Math.max(...all);
    const layout = { title: heading("Scatter: puzzle by puzzle"), xaxis: { title: { text: label(x) }, type: "log" }, yaxis: { title: { text: label(y) }, type: "log" },
      shapes: all.length ? [{ type: "line", x0: low, y0: low, x1: high, y1: high, line: { color: "#999", dash: "dot" } }] : [] };
    plot("scatter", traces, layout, "no puzzle both chosen groups attempted in the rows kept");
  }

  function label(group) {
    return group === undefined ? "" : `${GROUPS[group].label}, seconds (${DATA.measure})`;
  }

  // ---------------------------------------------------------------- CSV of the rows kept
  function downloadCsv() {
    const shown = shownGroups(), rows = sorted(kept(shown));
    const quote = (v) => (v === null || v === undefined ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
    const head = ["set", "number", "puzzle", "se_rating", "hodoku", ...shown.flatMap((g) => PARTS.map(([p]) => `${GROUPS[g].label}: ${p}`))];
    const lines = [head, ...rows.map((r) => [r[0], r[1], r[2], r[3], r[5],
      ...shown.flatMap((g) => (r[6][g] === null ? ["", "", "", ""] : [r[6][g][STATUS], r[6][g][CPU], r[6][g][WALL], r[6][g][MEM]]))])];
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([lines.map((l) => l.map(quote).join(",")).join("\n") + "\n"], { type: "text/csv" }));
    link.download = "table-kept.csv";
    link.click();
  }

  // ---------------------------------------------------------------- drawing
  function escape(text) {
    return String(text).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
  }

  function show() {
    showControls();
    toHash();
    const shown = shownGroups(), rows = sorted(kept(shown));
    const count = $("count");
    count.dataset.kept = rows.length;
    count.textContent = `${rows.length} of ${ROWS.length} puzzles kept` +
      (rows.length > SHOWN_AT_MOST ? ` (the first ${SHOWN_AT_MOST} shown; the summaries and plots take all)` : "");
    plots(rows, shown); // (first: plotly measures the page, cheaper before the table is laid out anew)
    $("head").innerHTML = header(shown) + summaryRows(rows, shown);
    $("body").innerHTML = body(rows, shown);
    document.querySelectorAll("#head th.sort").forEach((th) => th.addEventListener("click", () => {
      state.desc = state.sort === th.dataset.sort ? !state.desc : false;
      state.sort = th.dataset.sort;
      show();
    }));
    document.body.dataset.ready = "1";
  }

  // plotly.js comes gzipped (compare/reports/table.py): unpacked by the browser, run, then the plots drawn
  function loadPlotly() {
    const packed = document.getElementById("plotly-gzip");
    if (!packed) return Promise.resolve();
    if (typeof DecompressionStream === "undefined") {
      $("plots").insertAdjacentHTML("beforebegin", '<p class="note">This browser cannot unpack the plots\' library ' +
        "(it needs DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later).</p>");
      return Promise.resolve();
    }
    const bytes = Uint8Array.from(atob(packed.textContent.trim()), (ch) => ch.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then((code) => {
      const script = document.createElement("script");
      script.textContent = code;
      document.head.appendChild(script);
      show();
    });
  }

  buildControls();
  show();
  loadPlotly().then(() => { document.body.dataset.plotted = typeof Plotly === "undefined" ? "0" : "1"; });
})();
