// The turn alert (docs/table.md, "Turn alerts"): when it becomes the seated person's turn while
// the tab is in the background (document.hidden), the title flashes until the tab is seen
// again, a short sound is made with WebAudio (no audio file) unless turned off, and a phone
// vibrates where it can. What was done is counted on the object (window.duidiaoTable.alerts),
// for the tests and the curious.

import { storeSetting, storedSetting } from "./cards.js";
import { t } from "./i18n.js";

const SOUND_KEY = "duidiao.alert_sound";
const FLASH_MS = 900;
const VIBRATION = [180, 90, 180];

export class TurnAlerts {
  constructor() {
    this.count = 0; // alerts given
    this.sounds = 0; // sounds made (tried: a browser may still keep it silent)
    this.vibrations = 0; // calls of navigator.vibrate
    this.flashing = false;
    this.sound = storedSetting(SOUND_KEY) !== "off";
    this.turnKey = null; // the decision the person was last awaited for
    this.baseTitle = null;
    this.timer = null;
    this.audio = null;
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.stop();
    });
    // A browser lets a page make sound only after the person touched it: open the audio
    // then, so the sound can play later in a background tab.
    const unlock = () => this.openAudio();
    window.addEventListener("pointerdown", unlock, { once: true, capture: true });
    window.addEventListener("keydown", unlock, { once: true, capture: true });
  }

  setSound(on) {
    this.sound = Boolean(on);
    storeSetting(SOUND_KEY, this.sound ? "on" : "off");
  }

  // Every state: `key` names the decision, `awaited` says the person must make it (their turn,
  // their clock running; not under autoplay, not a forced play the server makes). A new awaited
  // decision while the tab is hidden is alerted once.
  notice(key, awaited) {
    if (!awaited) {
      this.turnKey = null;
      return;
    }
    if (key === this.turnKey) return;
    this.turnKey = key;
    if (document.hidden) this.alert();
  }

  alert() {
    this.count += 1;
    this.flash();
    if (this.sound) this.beep();
    if (typeof navigator.vibrate === "function") {
      try {
        navigator.vibrate(VIBRATION);
        this.vibrations += 1;
      } catch (err) {
        // not allowed here: the title and the sound say it
      }
    }
  }

  flash() {
    if (this.flashing) return;
    this.flashing = true;
    this.baseTitle = document.title;
    const marked = t("alert.title", { title: this.baseTitle });
    let on = false;
    const step = () => {
      on = !on;
      document.title = on ? marked : this.baseTitle;
    };
    step();
    this.timer = setInterval(step, FLASH_MS);
  }

  stop() {
    if (!this.flashing) return;
    clearInterval(this.timer);
    this.timer = null;
    this.flashing = false;
    document.title = this.baseTitle;
  }

  openAudio() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    try {
      if (!this.audio) this.audio = new Context();
      if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    } catch (err) {
      this.audio = null;
    }
    return this.audio;
  }

  // Two short rising notes, soft.
  beep() {
    const audio = this.openAudio();
    if (!audio) return;
    try {
      const start = audio.currentTime + 0.02;
      [[660, 0], [880, 0.16]].forEach(([frequency, offset]) => {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.type = "sine";
        tone.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.14);
        tone.connect(gain).connect(audio.destination);
        tone.start(start + offset);
        tone.stop(start + offset + 0.15);
      });
      this.sounds += 1;
    } catch (err) {
      // no sound here: the title says it
    }
  }
}
