#!/usr/bin/env node
// A Skat engine in JavaScript for the arena's line protocol (docs/engine-protocol.md):
// it passes in the auction when it may, and otherwise plays the first legal action.
// It imports nothing of skat: it only reads and writes lines.
const readline = require("readline");
const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  const words = line.trim().split(/\s+/);
  if (words[0] !== "ask") return;
  const legal = words.slice(1);
  process.stdout.write((legal.includes("p") ? "p" : legal[0]) + "\n");
});
