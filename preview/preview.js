// splashvid preview: plays the scene by asking the server for frames at the scene's rate.
// One frame request is in flight at a time; when drawing is slower than the rate, frames are
// skipped, never queued, so the picture keeps to the clock.
"use strict";

const frame = document.getElementById("frame");
const scrubber = document.getElementById("scrubber");
const playButton = document.getElementById("play");
const loopBox = document.getElementById("loop");
const timeText = document.getElementById("time");
const sizeText = document.getElementById("size");
const windowMark = document.getElementById("window");
const problem = document.getElementById("problem");

let scene = null;
let time = 0;             // the scene time shown or being fetched
let playing = false;
let playStart = 0;        // performance.now() when playback (re)started
let playFrom = 0;         // the scene time it started from
let inFlight = false;
let wanted = null;        // a time asked for while a frame was in flight

/** The end of the timeline: the clip's first loop, its start included. */
function end() { return scene.clip.start + scene.clip.cycle + scene.clip.hold; }

/** `t` on the scene's frame grid, so a step and a scrub land on frames render would write. */
function onFrame(t) { return Math.round(t * scene.framesPerSecond) / scene.framesPerSecond; }

function show(t) {
  time = Math.min(Math.max(t, 0), end());
  scrubber.value = String(time);
  timeText.textContent = `t = ${time.toFixed(3)} s`;
  request(time);
}

function request(t) {
  if (inFlight) { wanted = t; return; }
  inFlight = true;
  const next = new Image();
  next.onload = () => {
    frame.src = next.src;
    frame.dataset.time = String(t);
    inFlight = false;
    if (wanted !== null) { const again = wanted; wanted = null; request(again); }
  };
  next.onerror = () => { inFlight = false; fail(`cannot draw the frame at t = ${t} s`); };
  next.src = `/frame.png?t=${encodeURIComponent(t)}`;
}

function tick(now) {
  if (!playing) { return; }
  let t = playFrom + (now - playStart) / 1000;
  if (t > end()) {
    if (loopBox.checked) {
      // Loops replay the clip window, as the rendered clip does.
      t = scene.clip.start + ((t - scene.clip.start) % (scene.clip.cycle + scene.clip.hold));
    } else {
      t = end();
      setPlaying(false);
    }
  }
  if (!inFlight) { show(onFrame(t)); }
  requestAnimationFrame(tick);
}

function setPlaying(on) {
  playing = on;
  playButton.textContent = on ? "Pause" : "Play";
  playButton.setAttribute("aria-pressed", String(on));
  if (on) {
    playFrom = time >= end() ? scene.clip.start : time;
    playStart = performance.now();
    requestAnimationFrame(tick);
  }
}

function fail(message) {
  problem.textContent = message;
  problem.hidden = false;
}

async function start() {
  const response = await fetch("/scene.json");
  if (!response.ok) { fail(await response.text()); return; }
  scene = await response.json();
  scrubber.max = String(end());
  scrubber.step = String(1 / scene.framesPerSecond);
  const left = (scene.clip.start / end()) * 100;
  windowMark.style.left = `${left}%`;
  windowMark.style.width = `${100 - left}%`;
  sizeText.textContent = `${scene.frame.width}×${scene.frame.height} px, ${scene.framesPerSecond} fps`;
  show(scene.clip.start);
}

playButton.addEventListener("click", () => setPlaying(!playing));
scrubber.addEventListener("input", () => { setPlaying(false); show(Number(scrubber.value)); });
document.getElementById("back").addEventListener("click", () => { setPlaying(false); show(onFrame(time) - 1 / scene.framesPerSecond); });
document.getElementById("forward").addEventListener("click", () => { setPlaying(false); show(onFrame(time) + 1 / scene.framesPerSecond); });
document.addEventListener("keydown", (event) => {
  if (event.key === " ") { event.preventDefault(); setPlaying(!playing); }
  if (event.key === "ArrowLeft") { setPlaying(false); show(onFrame(time) - 1 / scene.framesPerSecond); }
  if (event.key === "ArrowRight") { setPlaying(false); show(onFrame(time) + 1 / scene.framesPerSecond); }
});

start().catch((error) => fail(String(error)));
