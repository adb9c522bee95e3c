// A surface's data model and the effects that depend on it.
//
// An effect is a function that reads the model; the paths it reads are recorded, and when a
// write touches one of them (the same path, an ancestor or a descendant) the effect runs again.
// Writes inside `batch` run the affected effects once, at the end.
import { format, getIn, setIn } from "./pointer.js";

let collecting = null;

// Runs fn without recording what it reads into the effect that is running (component set-up
// code reads through its own effects).
export function untracked(fn) {
  const previous = collecting;
  collecting = null;
  try {
    return fn();
  } finally {
    collecting = previous;
  }
}

export function overlapping(a, b) {
  return overlaps(a, b);
}

function overlaps(a, b) {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    if (a[index] !== b[index]) return false;
  }
  return true;
}

export class DataModel {
  constructor(onError) {
    this.root = {};
    this.effects = new Set();
    this.pending = new Set();
    this.depth = 0;
    this.onError = onError;
  }

  get(segments) {
    if (collecting) collecting.push(segments);
    return getIn(this.root, segments);
  }

  // Reads without recording a dependency (action context, checks run on click).
  peek(segments) {
    return getIn(this.root, segments);
  }

  set(segments, value) {
    this.batch(() => {
      this.root = setIn(this.root, segments, value);
      if (this.root === null || typeof this.root !== "object") this.root = {};
      for (const effect of this.effects) {
        if (effect.deps.some((dep) => overlaps(dep, segments))) this.pending.add(effect);
      }
    });
  }

  snapshot() {
    return structuredClone(this.root);
  }

  batch(fn) {
    this.depth += 1;
    try {
      fn();
    } finally {
      this.depth -= 1;
      if (this.depth === 0) this.flush();
    }
  }

  flush() {
    let rounds = 0;
    while (this.pending.size && rounds < 20) {
      rounds += 1;
      const run = [...this.pending];
      this.pending.clear();
      for (const effect of run) if (effect.alive) this.run(effect);
    }
    this.pending.clear();
  }

  run(effect) {
    const previous = collecting;
    collecting = [];
    try {
      effect.fn();
    } catch (error) {
      this.onError?.(error);
    } finally {
      effect.deps = collecting;
      collecting = previous;
    }
  }

  // Runs fn now and again whenever what it read changes; returns a disposer.
  effect(fn) {
    const effect = { fn, deps: [], alive: true };
    this.effects.add(effect);
    this.run(effect);
    return () => {
      effect.alive = false;
      this.effects.delete(effect);
    };
  }

  describe(segments) {
    return format(segments);
  }
}

// A set of disposers that belong together (one rendered component and its descendants).
export class Owner {
  constructor(parent = null) {
    this.disposers = [];
    this.children = new Set();
    this.parent = parent;
    parent?.children.add(this);
  }

  child() {
    return new Owner(this);
  }

  add(disposer) {
    this.disposers.push(disposer);
  }

  dispose() {
    for (const child of [...this.children]) child.dispose();
    for (const disposer of this.disposers.splice(0)) disposer();
    this.parent?.children.delete(this);
  }
}
