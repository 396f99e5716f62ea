// The table on a phone (docs/table.md, "On a phone"): touch on the hand and the side panels
// folded under their titles on a small screen. The layouts themselves are phone.css's.
//
// Touch, with pointer events (no library): tap a card to select it; tap a selected card again
// to play the selection when it is a legal play (the rule of the Play button: the options the
// server sent), else to unselect it; or drag the selection upwards out of the hand to play it.
// A mouse keeps the desktop's clicks (a click selects or unselects) and may drag the same way.

const MOVE_PX = 8; // how far a press moves before it is a drag, not a tap
const CLICK_MS = 800; // the click a browser sends after a tap or a drag, swallowed

// hand: the #hand element (its cards are drawn again at every state: events are delegated).
// actions: selected(index) → bool; toggle(index) (selects or unselects, moves the cursor);
// playable() → whether the selection may be played now; play().
export function wireHandTouch(hand, actions) {
  let press = null;
  let swallowUntil = 0;
  const cardOf = (event) => {
    const card = event.target instanceof Element ? event.target.closest(".card[data-index]") : null;
    return card && hand.contains(card) ? card : null;
  };
  const endDrag = () => {
    hand.classList.remove("dragging", "drop-ready");
    hand.style.removeProperty("--lift");
  };
  // Out of the hand: above its top edge, or a card's height up.
  const dropped = (event, p) => event.clientY < p.top || p.y - event.clientY > p.height;

  hand.addEventListener("pointerdown", (event) => {
    if (!event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
    const card = cardOf(event);
    if (!card) return;
    const index = Number(card.dataset.index);
    const box = card.getBoundingClientRect();
    press = {
      id: event.pointerId, index, type: event.pointerType, x: event.clientX, y: event.clientY,
      top: hand.getBoundingClientRect().top, height: box.height,
      selected: actions.selected(index), moved: false, dragging: false,
    };
    // Only a selected card is dragged (its touch-action is none); the others let the page scroll.
    if (press.selected) {
      try {
        hand.setPointerCapture(event.pointerId);
      } catch (err) {
        // the pointer is gone already
      }
    }
  });

  hand.addEventListener("pointermove", (event) => {
    const p = press;
    if (!p || event.pointerId !== p.id) return;
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    if (!p.moved && Math.hypot(dx, dy) > MOVE_PX) {
      p.moved = true;
      p.dragging = p.selected && -dy > Math.abs(dx);
    }
    if (!p.dragging) return;
    event.preventDefault();
    hand.classList.add("dragging");
    hand.style.setProperty("--lift", `${Math.min(0, dy)}px`);
    hand.classList.toggle("drop-ready", dropped(event, p) && actions.playable());
  });

  hand.addEventListener("pointerup", (event) => {
    const p = press;
    if (!p || event.pointerId !== p.id) return;
    press = null;
    endDrag();
    if (p.dragging) {
      swallowUntil = performance.now() + CLICK_MS;
      if (dropped(event, p) && actions.playable()) actions.play();
      return;
    }
    if (p.moved || p.type === "mouse") return; // a mouse's click selects, as on the desktop
    swallowUntil = performance.now() + CLICK_MS;
    if (actions.selected(p.index) && actions.playable()) actions.play();
    else actions.toggle(p.index);
  });

  hand.addEventListener("pointercancel", (event) => {
    if (press && event.pointerId === press.id) {
      press = null;
      endDrag();
    }
  });

  // The click that follows a tap or a drag was handled above: it does not reach the card.
  hand.addEventListener("click", (event) => {
    if (performance.now() < swallowUntil && cardOf(event)) {
      swallowUntil = 0;
      event.stopPropagation();
      event.preventDefault();
    }
  }, true);
}

// The side panels fold under their titles on a small screen (phone.css applies .folded only
// there): a tap on a title shows or hides the panel. `folded`: the panels folded at first
// (by id or class).
export function wireFolding(side, folded) {
  for (const panel of side.querySelectorAll(".panel")) {
    const title = panel.querySelector(":scope > h3");
    if (!title) continue;
    const set = (fold) => {
      panel.classList.toggle("folded", fold);
      title.setAttribute("aria-expanded", fold ? "false" : "true");
    };
    set(folded.some((name) => panel.id === name || panel.classList.contains(name)));
    title.classList.add("fold-title");
    title.setAttribute("role", "button");
    title.tabIndex = 0;
    const flip = () => set(!panel.classList.contains("folded"));
    title.addEventListener("click", flip);
    title.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        flip();
      }
    });
  }
}
