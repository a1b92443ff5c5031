#!/usr/bin/env python3
"""Adaptive against round-robin with real bots (issue 21; docs/performance.md "Adaptive").

The bots are mcts_bot at graded iteration counts (more iterations, a stronger bot), so the true order is known without a model. Both formats are played by the
real `arena tournament` and judged by the same rule on the same maximum-likelihood fit
(`arena ratings`): every adjacent pair of places 1..K+1 has a likelihood of superiority of at
least 0.95 (adaptive: its own stop rule (1)). Round-robin is played once for --rounds rounds
(every pair twice, seats swapped, per round) and its records are judged after every round:
the games it needed are those of the first round after which the rule holds. "Order found"
compares places 1..K with the iteration counts' order.

  bench/adaptive_real.py                      the figures in docs/performance.md: 19 bots (1..16,
                                              64, 256, 1024 iterations), top 3, Clump 6x6, 3 runs
  bench/adaptive_real.py --runs 1             one seed
  bench/adaptive_real.py --iterations 1,4,16  other bots
  bench/adaptive_real.py --game flume --top 2 --rounds 40 --max-games 4000
  bench/adaptive_real.py --bin DIR            arena and mcts_bot from DIR (default build-bench/bin, else build/bin)
  bench/adaptive_real.py --keep               keep the work folder (records of every run)

Prints one Markdown table: per run the games each format needed, the ratio and whether the
order found is the true one.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="clump:size=6")
    p.add_argument("--iterations", default="1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,64,256,1024")
    p.add_argument("--top", type=int, default=3)
    p.add_argument("--batch", type=int, default=20, help="adaptive --batch (tables per batch)")
    p.add_argument("--max-games", type=int, default=4000, help="adaptive --games")
    p.add_argument("--rounds", type=int, default=12, help="round-robin rounds to play")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--tc", default="120+1", help="a time control that never binds")
    p.add_argument("--bin", default="")
    p.add_argument("--keep", action="store_true")
    a = p.parse_args()
    try:
        a.iter_list = [int(x) for x in a.iterations.split(",")]
    except ValueError:
        p.error("--iterations takes numbers separated by commas, e.g. 1,2,4")
    if len(a.iter_list) < 3 or len(set(a.iter_list)) != len(a.iter_list) or min(a.iter_list) < 1:
        p.error("--iterations needs at least three different positive counts")
    if not 1 <= a.top < len(a.iter_list):
        p.error("--top must be at least 1 and below the number of bots")
    if not a.bin:
        bench = os.path.join(ROOT, "build-bench", "bin")
        a.bin = bench if os.path.exists(os.path.join(bench, "mcts_bot")) else os.path.join(ROOT, "build", "bin")
    for exe in ("arena", "mcts_bot"):
        if not os.access(os.path.join(a.bin, exe), os.X_OK):
            p.error(f"{a.bin}/{exe} is missing (build it first)")
    return a


def bot_flags(a, seed):
    """One --bot per iteration count, strongest first: the true order."""
    flags = []
    for n in sorted(a.iter_list, reverse=True):
        flags += ["--bot", f"mcts{n}={a.bin}/mcts_bot --iterations {n} --seed {seed}"]
    return flags


def truth(a):
    return [f"mcts{n}" for n in sorted(a.iter_list, reverse=True)]


def tournament(a, out, seed, fmt):
    cmd = [f"{a.bin}/arena", "tournament", a.game, *bot_flags(a, seed), "--tc", a.tc, "-j", "2",
           "--seed", str(seed), "--out", out, "-q", *fmt]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"adaptive_real: {' '.join(cmd[:3])} ... failed ({done.returncode}):\n{done.stderr}")


def judge(a, pgn):
    """(separated, order) of the records in `pgn` by the rule of the adaptive stop (1)."""
    done = subprocess.run([f"{a.bin}/arena", "ratings", pgn, "--format", "json"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit(f"adaptive_real: arena ratings {pgn} failed:\n{done.stderr}")
    bots = json.loads(done.stdout)["ratings"]["bots"]
    los = [b["los_next"] for b in bots[: a.top]]
    separated = all(x is not None and x >= 0.95 for x in los)
    return separated, [b["name"] for b in bots[: a.top]]


def records(pgn):
    """The records of a PGN file, in order (each starts at an '[Event ' line)."""
    out, cur = [], []
    with open(pgn, encoding="utf-8") as f:
        for line in f:
            if line.startswith("[Event ") and cur:
                out.append("".join(cur))
                cur = []
            cur.append(line)
    if cur:
        out.append("".join(cur))
    return out


def adaptive_run(a, work, seed):
    out = os.path.join(work, f"adaptive-{seed}")
    tournament(a, out, seed, ["--format", "adaptive", "--top", str(a.top), "--games", str(a.max_games),
                              "--batch", str(a.batch)])
    with open(os.path.join(out, "adaptive.txt"), encoding="utf-8") as f:
        head = f.readline().strip()
    games = len(records(os.path.join(out, "games.pgn")))
    separated, order = judge(a, os.path.join(out, "games.pgn"))
    return games if separated else None, order, head


def round_robin_run(a, work, seed):
    out = os.path.join(work, f"round-robin-{seed}")
    tournament(a, out, seed, ["--format", "round-robin", "--rounds", str(a.rounds)])
    games = records(os.path.join(out, "games.pgn"))
    per_round = len(a.iter_list) * (len(a.iter_list) - 1)
    prefix = os.path.join(work, "prefix.pgn")
    for r in range(1, a.rounds + 1):
        with open(prefix, "w", encoding="utf-8") as f:
            f.write("".join(games[: r * per_round]))
        separated, order = judge(a, prefix)
        if separated:
            return r * per_round, order
    return None, order


def main():
    a = parse_args()
    work = tempfile.mkdtemp(prefix="arena-adaptive-real-")
    print(f"records in {work}", file=sys.stderr)
    want = truth(a)[: a.top]  # place K+1 only has to be below: which bot it is, is not asked
    print(f"{a.game}: mcts at {a.iterations} iterations, top {a.top}, adaptive --batch {a.batch}\n")
    print("| run | adaptive | round-robin | round-robin / adaptive | order found |")
    print("|---|---|---|---|---|")
    try:
        for run in range(a.runs):
            seed = a.seed + run
            ad, ad_order, head = adaptive_run(a, work, seed)
            rr, rr_order = round_robin_run(a, work, seed)
            ratio = f"{rr / ad:.1f}×" if ad and rr else "—"
            right = ["right" if o == want else "wrong (" + " > ".join(o) + ")" for o in (ad_order, rr_order)]
            cell = lambda g, limit: f"{g:,}" if g else f"> {limit:,} (not separated)"
            print(f"| {run + 1} | {cell(ad, a.max_games)} | {cell(rr, a.rounds * len(a.iter_list) * (len(a.iter_list) - 1))}"
                  f" | {ratio} | adaptive {right[0]}, round-robin {right[1]} |", flush=True)
            print(f"  adaptive: {head}", file=sys.stderr)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
