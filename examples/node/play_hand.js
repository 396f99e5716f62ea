#!/usr/bin/env node
// Plays one whole hand of Chifeng Duidiao (or of another preset the engine deals, such as
// the standard game's tractor and shanghai) through the engine protocol (docs/protocol.md),
// with no rules of its own and no dependencies: `deal` gives the first position of the play,
// each seat's bot is asked for its move with that seat's own view (`move`), and the move is
// applied to the full position by the engine (`play`), which says when a trick is complete
// and gives the result at the end.
//
//   node play_hand.js [--seed N] [--bot NAME] [--preset NAME] [-- ENGINE COMMAND...]
//
// The engine command defaults to `duidiao engine` (DUIDIAO_ENGINE, split on spaces, overrides
// it). Exit status 0 when the hand was played to its result.
"use strict";

const { spawn } = require("child_process");
const readline = require("readline");

function parseArgs(argv) {
  const options = { seed: 1, bot: "heuristic", preset: "chifeng", engine: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") {
      options.engine = argv.slice(i + 1);
      break;
    } else if (argv[i] === "--seed") {
      options.seed = Number.parseInt(argv[++i], 10);
    } else if (argv[i] === "--bot") {
      options.bot = argv[++i];
    } else if (argv[i] === "--preset") {
      options.preset = argv[++i];
    } else {
      throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) {
    throw new Error("--seed takes a whole number from 0");
  }
  if (!options.engine || options.engine.length === 0) {
    const text = process.env.DUIDIAO_ENGINE || "duidiao engine";
    options.engine = text.split(" ").filter((word) => word.length > 0);
  }
  return options;
}

// One engine process: request() sends a line and resolves with the reply of the same id.
class Engine {
  constructor(command) {
    this.child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
    this.nextId = 1;
    this.pending = new Map();
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
    this.child.on("error", (err) => this.failAll(err));
    this.child.on("exit", () => this.failAll(new Error("the engine ended")));
    const lines = readline.createInterface({ input: this.child.stdout });
    lines.on("line", (line) => {
      const message = JSON.parse(line);
      if ("info" in message) return; // progress of a search: not needed here
      const waiter = this.pending.get(message.id);
      if (waiter) {
        this.pending.delete(message.id);
        waiter.resolve(message);
      }
    });
  }

  failAll(err) {
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }

  request(cmd, fields = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin.write(JSON.stringify({ id, cmd, ...fields }) + "\n");
    });
  }

  // The reply's fields, or an error naming the command and the engine's error.
  async ask(cmd, fields) {
    const reply = await this.request(cmd, fields);
    if (!reply.ok) {
      throw new Error(`${cmd}: ${reply.error.code}: ${reply.error.message}`);
    }
    return reply;
  }
}

function countCards(list) {
  return list === "-" ? 0 : list.split(",").length;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const engine = new Engine(options.engine);
  const hello = await engine.ask("hello");
  console.log(`engine: ${hello.engine} ${hello.version}, protocol ${hello.protocol}`);

  const hand = await engine.ask("deal", { seed: options.seed, bot: options.bot,
                                         preset: options.preset });
  // The referee's log: the kitty is printed here, but a player other than the declarer
  // sees it only in its view, which hides a kitty buried face down (tractor, shanghai).
  console.log(`deal ${options.seed} (${hand.preset}): ${hand.declarer} declares at ` +
              `${hand.level}, trumps ${hand.trump}, kitty ${hand.kitty}`);
  let position = hand.position; // every hand known: only the engine reads it
  let views = hand.views; // what each seat may know
  let exposed = hand.exposed;
  let turn = hand.turn;
  let tricks = 0;
  let cards = 0;
  let result = null;
  while (turn !== null) {
    // The seat's bot sees the seat's view only, never the full position.
    const choice = await engine.ask("move", { position: views[turn], bot: options.bot });
    const after = await engine.ask("play", { position, move: choice.move, exposed });
    if (after.trick !== null) {
      tricks += 1;
      for (const play of after.trick.plays) cards += countCards(play);
      const plays = after.trick.plays.join("|");
      console.log(`trick ${tricks}: ${after.trick.leader}:${plays} won by ` +
                  `${after.trick.winner}, ${after.trick.points} points`);
    }
    position = after.position;
    views = after.views;
    exposed = after.exposed;
    turn = after.turn;
    result = after.result;
  }
  console.log(`tricks: ${tricks}, cards played: ${cards}`);
  console.log(`result: ${JSON.stringify(result)}`);
  await engine.ask("quit");
  const code = await engine.exited;
  return code === 0 && result !== null ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`play_hand: ${err.message}`);
    process.exit(1);
  },
);
