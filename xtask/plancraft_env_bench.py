#!/usr/bin/env python3
"""Times Plancraft 0.4.9's own environment on the steps mcu's bench played,
and checks it ends each example with the same slots as mcu.

Usage: python plancraft_env_bench.py DUMP.json
DUMP.json is written by `mcu dev plancraft-bench --dump`: per example the
starting slots, the target, the oracle's action texts and mcu's final
slots. Prints one JSON object: steps_per_s, examples, mismatches (examples
whose final slots differ, by index).
"""
import json
import sys
import time

from plancraft.environment.actions import MoveActionHandler, SmeltActionHandler
from plancraft.environment.env import PlancraftEnvironment

episodes = json.load(open(sys.argv[1]))
handlers = [MoveActionHandler(), SmeltActionHandler()]


def parse(text):
    for handler in handlers:
        action = handler.match(text)
        if action is not None:
            return action
    raise ValueError(f"not an environment action: {text}")


def start(episode):
    return {int(slot): dict(stack) for slot, stack in episode["inventory"].items() if int(slot) != 0}


environment = PlancraftEnvironment(inventory={})
mismatches = []
steps = 0
started = time.perf_counter()
for index, episode in enumerate(episodes):
    environment.reset(start(episode))
    observation = environment.step()
    for text in episode["actions"]:
        observation = environment.step(parse(text))
        steps += 1
    final = {str(slot): {"type": s["type"], "quantity": s["quantity"]}
             for slot, s in observation["inventory"].items() if s["quantity"] > 0}
    if final != episode["final"]:
        mismatches.append(index)
elapsed = time.perf_counter() - started
print(json.dumps({"steps_per_s": steps / elapsed, "examples": len(episodes), "mismatches": mismatches}))
