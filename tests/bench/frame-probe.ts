/**
 * Keystroke to the frame after the list changed, measured inside the page (the product or the bench page), one
 * figure per keystroke. Passed to `page.evaluate` (serialized: it uses nothing from outside) or called by the bench
 * page itself.
 *
 * From the keydown's own timestamp to the end of the main thread's work for the first frame that begins after the
 * last change the keystroke caused: the later of the input event (the field shows the letter) and the last DOM
 * mutation under `selector` (the list, its status, the count read to screen readers). Frames are the browser's own
 * (no frame-rate flags: vsync as a user has it); "the end of the frame's work" is a task posted from its
 * requestAnimationFrame callback, which runs after style, layout and paint. A keystroke is settled when two frames
 * have begun with no change since; one that changes nothing of the list (a letter that keeps the same results)
 * counts from its input event.
 *
 * Results in window.__lat (ms, in keystroke order); window.__pending counts keystrokes still being followed.
 */
export function installFrameProbe(selector: string) {
  type Key = { t0: number; input: number; last: number; frames: [number, number][]; quiet: number };
  const w = window as unknown as { __lat: number[]; __pending: number; __probe?: boolean };
  if (w.__probe) return;
  w.__probe = true;
  w.__lat = [];
  w.__pending = 0;
  let cur: Key | null = null;
  let observed: Element | null = null;
  const mo = new MutationObserver(() => {
    if (cur) cur.last = performance.now();
  });
  const observe = () => {
    const el = document.querySelector(selector);
    if (!el || el === observed) return;
    mo.disconnect();
    mo.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
    observed = el;
  };
  addEventListener(
    'keydown',
    (e) => {
      if (e.key.length !== 1 && e.key !== 'Backspace') return;
      observe();
      const k: Key = { t0: e.timeStamp, input: 0, last: 0, frames: [], quiet: 0 };
      cur = k;
      w.__pending++;
      const tick = () =>
        requestAnimationFrame(() => {
          const begun = performance.now();
          const ch = new MessageChannel();
          ch.port1.onmessage = () => {
            k.frames.push([begun, performance.now()]);
            const changed = Math.max(k.input, k.last);
            k.quiet = k.input && changed < begun ? k.quiet + 1 : 0;
            if (k.quiet < 2 && performance.now() - k.t0 < 5000) return tick();
            const frame = k.frames.find(([b]) => b > changed) ?? k.frames[k.frames.length - 1];
            w.__lat.push(frame[1] - k.t0);
            w.__pending--;
            if (cur === k) cur = null;
          };
          ch.port2.postMessage(0);
        });
      tick();
    },
    true,
  );
  addEventListener(
    'input',
    () => {
      if (cur) cur.input = performance.now();
      observe();
    },
    true,
  );
}
