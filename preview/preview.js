// splashvid preview: plays the scene by asking the server for frames at the scene's rate.
// Playing, two frame requests are in flight (the server draws two at once); when drawing is
// slower than the rate, frames are skipped, never queued, so the picture keeps to the clock.
// Scrubbing and stepping keep one in flight, and ask for the last time wanted when it
// arrives. Twice a second the page asks whether the file changed (a new version): a file that
// no longer loads shows its problem in place of the frame until the next good save.
"use strict";

const frame = document.getElementById("frame");
const scrubber = document.getElementById("scrubber");
const playButton = document.getElementById("play");
const loopBox = document.getElementById("loop");
const timeText = document.getElementById("time");
const sizeText = document.getElementById("size");
const windowMark = document.getElementById("window");
const problem = document.getElementById("problem");
const stage = document.getElementById("stage");
const parameterSection = document.getElementById("parameters");
const parameterProblem = document.getElementById("parameterProblem");
const layerTree = document.getElementById("layerTree");
const layerValues = document.getElementById("layerValues");
const warningList = document.getElementById("warnings");
const scaleChoice = document.getElementById("scale");

let scene = null;
let time = 0;             // the scene time shown or being fetched
let playing = false;
let playStart = 0;        // performance.now() when playback (re)started
let playFrom = 0;         // the scene time it started from
let inFlight = false;
let wanted = null;        // a time asked for while a frame was in flight
let version = 0;          // the server's version of the document shown
const overrides = {};     // parameter values set on the page, by name, as --param sets them
let selectedLayer = null; // the id of the layer whose values are shown
let treeShown = "";       // the version and parameters the layer tree was built for

/** The frame URL's part that sets the parameters chosen on the page. */
function parameterQuery() {
  return Object.keys(overrides).sort()
    .map((name) => `&param.${encodeURIComponent(name)}=${encodeURIComponent(overrides[name])}`).join("");
}

/** The largest side the server draws (`PreviewServer.maximumSide`). */
const maximumSide = 4096;

/**
 * Pixels per point: the chosen scale, or, fitting the window (the default), the scale at
 * which the canvas fills the room the stage has, at the screen's own pixel density, so a
 * small Lottie composition is as sharp as a phone-sized preset.
 */
function pixelsPerPoint() {
  if (scaleChoice.value !== "fit") { return Number(scaleChoice.value); }
  const wide = window.matchMedia("(min-width: 1100px)").matches;
  // The room the style sheet gives the frame (#frame's max-width and max-height).
  const room = {
    width: wide ? window.innerWidth * 0.55 : window.innerWidth * 0.9,
    height: wide ? window.innerHeight - 32 : window.innerHeight * 0.75,
  };
  const fitted = Math.min(room.width / scene.canvas.width, room.height / scene.canvas.height);
  const largest = maximumSide / Math.max(scene.canvas.width, scene.canvas.height);
  return Math.max(0.05, Math.min(fitted * (window.devicePixelRatio || 1), largest));
}

/** The frame's pixel size at the chosen scale, as --scale rounds it. */
function frameSize() {
  const scale = pixelsPerPoint();
  return {
    width: Math.max(1, Math.round(scene.canvas.width * scale)),
    height: Math.max(1, Math.round(scene.canvas.height * scale)),
  };
}

/** Shows the frame at its size in points of the screen: fitted, it fills the room it has. */
function sizeStage() {
  const size = frameSize();
  const density = scaleChoice.value === "fit" ? (window.devicePixelRatio || 1) : 1;
  frame.style.width = scaleChoice.value === "fit" ? `${size.width / density}px` : "";
}

/** The end of the timeline: the clip's first loop, its start included. */
function end() { return scene.clip.start + scene.clip.cycle + scene.clip.hold; }

/** `t` on the scene's frame grid, so a step and a scrub land on frames render would write. */
function onFrame(t) { return Math.round(t * scene.framesPerSecond) / scene.framesPerSecond; }

function show(t) {
  time = Math.min(Math.max(t, 0), end());
  scrubber.value = String(time);
  timeText.textContent = `t = ${time.toFixed(3)} s`;
  // The address keeps the time shown (#t=1.5), so a reload or a link shows the same frame.
  if (!playing) { history.replaceState(null, "", `#t=${Number(time.toFixed(3))}`); }
  request(time);
}

/** The time the address names (`#t=1.5`), or `null`. */
function addressTime() {
  const match = /^#t=([0-9]*\.?[0-9]+)$/.exec(window.location.hash);
  return match ? Number(match[1]) : null;
}

/** The frame's address at scene time `t`, with the page's scale and parameters (`query`). */
function frameURL(t, query) {
  const size = frameSize();
  return `/frame.png?t=${encodeURIComponent(t)}&size=${size.width}x${size.height}&v=${version}${query}`;
}

/**
 * Puts a loaded frame on the stage, marked with what it shows: its scene time and, while
 * playing, the playback clock's time, which counts on where looping goes back.
 */
function display(image, t, query, clock = t) {
  frame.src = image.src;
  frame.dataset.time = String(t);
  frame.dataset.clock = String(clock);
  frame.dataset.version = String(version);
  frame.dataset.parameters = query;
  parameterProblem.hidden = true;
}

function request(t) {
  if (inFlight) { wanted = t; return; }
  inFlight = true;
  const query = parameterQuery();
  const next = new Image();
  next.onload = () => {
    // Asked for before playback began: playback's own frames are newer.
    if (!playing) {
      display(next, t, query);
      inspect(t, query).catch(() => {});
    }
    inFlight = false;
    if (wanted !== null) { const again = wanted; wanted = null; request(again); }
  };
  // A frame refused: a parameter's value the preset does not take (400, said beside the
  // controls), or the file stopped loading (the page asks what is wrong).
  next.onerror = async () => {
    inFlight = false;
    const response = await fetch(next.src);
    if (response.status === 400) {
      parameterProblem.textContent = await response.text();
      parameterProblem.hidden = false;
    } else {
      refresh().catch(unreachable);
    }
  };
  next.src = frameURL(t, query);
}

// Playback keeps two frames in flight, as the server draws two at once, each asked for where
// the clock will be when it arrives (the last frames took `latency` ms). A frame that arrives
// after a later one is dropped, so the picture never steps back.
//
//   clock   ──────●────────────●────────────●──────▶
//   asked         t1 (for now+latency)      t3
//                      t2 ───────────┐
//   shown               t1 ──── t2 ──┴── t3
let playRun = 0;          // each Play (and Pause) starts a new run; frames of an earlier one are dropped
let playLoads = 0;        // frames asked for in this run, not yet arrived
let playAsked = 0;        // how many were asked for; each is numbered in turn
let playShown = 0;        // the number of the frame on the stage
let lastAskedFrame = -1;  // the frame last asked for, counted on the unlooped playback clock
let latency = 50;         // ms a frame took to arrive, averaged

/** Seconds on the playback clock at `now`, counted on without looping. */
function playClock(now) { return playFrom + (now - playStart) / 1000; }

/** The scene time of playback clock time `t`: looping over the clip window when asked to. */
function sceneTime(t) {
  if (t <= end() || !loopBox.checked) { return Math.min(t, end()); }
  // Loops replay the clip window, as the rendered clip does.
  return scene.clip.start + ((t - scene.clip.start) % (scene.clip.cycle + scene.clip.hold));
}

/** Asks for the frame at playback clock time `clock`, shown if it is still the newest. */
function askWhilePlaying(clock) {
  const t = onFrame(sceneTime(clock));
  const run = playRun;
  const number = ++playAsked;
  playLoads += 1;
  const query = parameterQuery();
  const started = performance.now();
  const next = new Image();
  next.onload = () => {
    // Asked for before a pause: shown after Play again, it would step back from where
    // this run starts.
    if (run !== playRun) { return; }
    playLoads -= 1;
    latency = 0.8 * latency + 0.2 * (performance.now() - started);
    if (!playing || number < playShown) { return; }
    playShown = number;
    time = t;
    scrubber.value = String(t);
    timeText.textContent = `t = ${t.toFixed(3)} s`;
    display(next, t, query, clock);
  };
  // A refused frame is said once playback stops, when the frame shown is asked for again.
  next.onerror = () => { if (run === playRun) { playLoads -= 1; } };
  next.src = frameURL(t, query);
}

function tick(now) {
  if (!playing) { return; }
  if (!loopBox.checked && playClock(now) > end()) {
    setPlaying(false);
    show(end());
    return;
  }
  // Frames are asked for in the clock's order, never one before the last asked for, however
  // the latency estimate moves: so, numbered in turn, they are shown in the clock's order.
  while (playLoads < 2) {
    const wantedFrame = Math.round(playClock(now + latency) * scene.framesPerSecond);
    if (wantedFrame <= lastAskedFrame) { break; }
    lastAskedFrame = wantedFrame;
    askWhilePlaying(wantedFrame / scene.framesPerSecond);
  }
  requestAnimationFrame(tick);
}

function setPlaying(on) {
  playing = on;
  playRun += 1;
  playLoads = 0;
  playAsked = 0;
  playShown = 0;
  playButton.textContent = on ? "Pause" : "Play";
  playButton.setAttribute("aria-pressed", String(on));
  if (on) {
    playFrom = time >= end() ? scene.clip.start : time;
    playStart = performance.now();
    lastAskedFrame = -1;
    requestAnimationFrame(tick);
  } else if (scene) {
    // Paused: the address names the frame it stopped on.
    history.replaceState(null, "", `#t=${Number(time.toFixed(3))}`);
  }
}

/** Says, in place of the frame, that the server cannot be reached (stopped with Ctrl-C, most likely). */
function unreachable(error) {
  version = 0;  // whatever answers next is drawn anew
  fail(`The preview server does not answer (${error.message || error}): it may have been stopped. `
    + "Start splashvid preview again and reload this page.");
}

/** Shows `message` in place of the frame. */
function fail(message) {
  problem.textContent = message;
  problem.hidden = false;
  stage.hidden = true;
}

/** The layer tree (built once per version and parameters) and the chosen layer's values at `t`. */
async function inspect(t, query) {
  const shown = `${version}${query}`;
  if (treeShown !== shown) {
    // The tree's shape alone: the values are asked for one layer at a time.
    const response = await fetch(`/layers.json?t=${encodeURIComponent(t)}${query}`);
    if (!response.ok) { return; }
    const tree = await response.json();
    treeShown = shown;
    layerTree.replaceChildren(layerList(tree.layers));
  }
  if (selectedLayer === null) { return; }
  const response = await fetch(`/inspect.json?t=${encodeURIComponent(t)}&layer=${encodeURIComponent(selectedLayer)}${query}`);
  layerValues.textContent = await response.text();
  layerValues.dataset.layer = selectedLayer;
  layerValues.dataset.time = String(t);
}

/** A nested list of layers: each a button choosing it, its mask and sublayers beneath. */
function layerList(layers) {
  const list = document.createElement("ul");
  for (const layer of layers) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `${layer.id} (${layer.type})`;
    button.dataset.layer = layer.id;
    button.setAttribute("aria-selected", String(layer.id === selectedLayer));
    button.addEventListener("click", () => {
      selectedLayer = layer.id;
      for (const other of layerTree.querySelectorAll("button")) {
        other.setAttribute("aria-selected", String(other.dataset.layer === selectedLayer));
      }
      inspect(time, parameterQuery()).catch(() => {});
    });
    item.append(button);
    const children = (layer.mask ? [layer.mask] : []).concat(layer.sublayers || []);
    if (children.length > 0) { item.append(layerList(children)); }
    list.append(item);
  }
  return list;
}

/**
 * A control per parameter: a colour picker for a colour written #RRGGBB, a number field for a
 * number, a list of the preset folder's images for an image, a text field else.
 */
function buildControls(parameters, takesKeyPaths) {
  // Key paths (names with a dot) stay while the file takes them; they are no parameter's.
  for (const name of Object.keys(overrides)) {
    const isKeyPath = takesKeyPaths && name.includes(".");
    if (!isKeyPath && !parameters.some((parameter) => parameter.name === name)) { delete overrides[name]; }
  }
  parameterSection.replaceChildren();
  if (takesKeyPaths) { parameterSection.append(keyPathControl()); }
  for (const parameter of parameters) {
    const label = document.createElement("label");
    label.title = parameter.description;
    const input = parameter.kind === "image" ? imageChoice(parameter) : document.createElement("input");
    input.dataset.parameter = parameter.name;
    if (input.tagName === "INPUT") {
      const isHex = /^#[0-9a-fA-F]{6}$/.test(parameter.default);
      input.type = parameter.kind === "color" && isHex ? "color" : parameter.kind === "number" ? "number" : "text";
      if (input.type === "number") { input.step = "any"; }
      input.value = overrides[parameter.name] ?? (input.type === "color" ? parameter.default.toLowerCase() : parameter.default);
    }
    input.addEventListener(input.type === "color" ? "input" : "change", () => {
      if (input.value.toLowerCase() === parameter.default.toLowerCase()) {
        delete overrides[parameter.name];
      } else {
        overrides[parameter.name] = input.value;
      }
      show(time);
    });
    label.append(`${parameter.name} `, input);
    parameterSection.append(label);
  }
}

/**
 * A Lottie file's colours, opacities and texts by key path, as `--param "KEYPATH=VALUE"` sets
 * them: a key path, a value and Set (an empty value takes the setting back). The key paths set
 * are listed beside; a key path that names nothing is refused beside the controls, with the
 * nearest the file has.
 */
function keyPathControl() {
  const group = document.createElement("span");
  group.className = "keyPath";
  const path = Object.assign(document.createElement("input"), { id: "keyPath", type: "text", placeholder: "Layer.Group 1.Fill 1.Color" });
  const value = Object.assign(document.createElement("input"), { id: "keyPathValue", type: "text", placeholder: "#0066FF" });
  const set = Object.assign(document.createElement("button"), { id: "keyPathSet", type: "button", textContent: "Set" });
  const listed = document.createElement("output");
  listed.id = "keyPaths";
  const list = () => { listed.textContent = Object.keys(overrides).filter((name) => name.includes(".")).sort().join(", "); };
  set.addEventListener("click", () => {
    const name = path.value.trim();
    if (!name) { return; }
    if (value.value === "") { delete overrides[name]; } else { overrides[name] = value.value; }
    list();
    show(time);
  });
  list();
  group.append("key path ", path, " = ", value, " ", set, " ", listed);
  return group;
}

/** A list of the images an image parameter may show: the preset folder's, asked for again on focus. */
function imageChoice(parameter) {
  const select = document.createElement("select");
  const fill = async () => {
    const response = await fetch("/images.json");
    if (!response.ok) { return; }
    const listing = await response.json();
    const chosen = overrides[parameter.name] ?? parameter.default;
    const names = listing.images.includes(chosen) ? listing.images : [chosen].concat(listing.images);
    // Unchanged, the open list is left as it is.
    if (names.join("\n") === Array.from(select.options, (option) => option.value).join("\n")) { return; }
    select.replaceChildren(...names.map((name) => new Option(name, name, false, name === chosen)));
    select.title = `images in ${listing.folder}`;
  };
  fill().catch(() => {});
  select.addEventListener("focus", () => { fill().catch(() => {}); });
  return select;
}

/** Asks for the document's state; on a new version, shows its problem or its frame. */
async function refresh() {
  // With the parameters set here: drawing's warnings are those of the frames shown.
  const query = parameterQuery();
  const response = await fetch(query ? `/scene.json?${query.slice(1)}` : "/scene.json");
  if (!response.ok) { fail(await response.text()); return; }
  const state = await response.json();
  showWarnings(state.warnings || []);
  if (state.version === version) { return; }
  version = state.version;
  if (state.problem) { setPlaying(false); fail(state.problem); return; }
  problem.hidden = true;
  stage.hidden = false;
  const first = scene === null;
  scene = state;
  buildControls(state.parameters || [], state.keyPaths === true);
  scrubber.max = String(end());
  scrubber.step = String(1 / scene.framesPerSecond);
  const left = (scene.clip.start / end()) * 100;
  windowMark.style.left = `${left}%`;
  windowMark.style.width = `${100 - left}%`;
  showSize();
  show(first ? (addressTime() ?? scene.clip.start) : time);
}

/**
 * What the load and the drawing warned of, as render prints it: a shape that draws nothing, a
 * Lottie feature that is not drawn, a font that is not installed (known once a frame is drawn,
 * so asked for on every poll).
 */
function showWarnings(warnings) {
  const shown = Array.from(warningList.children, (item) => item.textContent);
  if (shown.join("\n") === warnings.join("\n")) { return; }
  warningList.replaceChildren(...warnings.map((warning) => {
    const item = document.createElement("li");
    item.textContent = warning;
    return item;
  }));
  warningList.hidden = warnings.length === 0;
}

function showSize() {
  sizeStage();
  const size = frameSize();
  sizeText.textContent = `${size.width}×${size.height} px, ${scene.framesPerSecond} fps`;
}

/** Steps `frames` frames from the one shown, pausing playback. */
function step(frames) {
  setPlaying(false);
  show(onFrame(time) + frames / scene.framesPerSecond);
}

// Until the scene has loaded there is nothing to play, scrub or step.
playButton.addEventListener("click", () => { if (scene) { setPlaying(!playing); } });
scrubber.addEventListener("input", () => { if (scene) { setPlaying(false); show(Number(scrubber.value)); } });
document.getElementById("back").addEventListener("click", () => { if (scene) { step(-1); } });
document.getElementById("forward").addEventListener("click", () => { if (scene) { step(1); } });
document.addEventListener("keydown", (event) => {
  // Keys typed into a field (a parameter's text, the loop count) are the field's.
  if (!scene || event.target.closest("input, select, textarea")) { return; }
  if (event.key === " ") { event.preventDefault(); setPlaying(!playing); }
  if (event.key === "ArrowLeft") { step(-1); }
  if (event.key === "ArrowRight") { step(1); }
});
scaleChoice.addEventListener("change", () => { if (scene) { showSize(); show(time); } });
// Fitted to the window, the frame follows its size (once the resizing settles).
let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => { if (scene && scaleChoice.value === "fit") { showSize(); show(time); } }, 150);
});
// A link or an edit of the address to another time shows it.
window.addEventListener("hashchange", () => {
  const wanted = addressTime();
  if (scene && wanted !== null && Math.abs(wanted - time) > 1e-6) { setPlaying(false); show(wanted); }
});
// The export panel (export.js) renders with the parameters and scale set here (fitted to the
// window, an export is drawn at render's default scale, 2).
const exportPanel = ExportPanel({
  overrides: () => overrides, scale: () => (scaleChoice.value === "fit" ? "2" : scaleChoice.value),
});

refresh().catch(unreachable);
setInterval(() => {
  refresh().catch(unreachable);
  exportPanel.poll();
}, 500);
